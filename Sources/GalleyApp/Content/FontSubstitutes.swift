import GalleyCore

/// The style fonts this machine draws with another face, as the page and
/// `check --verbose` name them to the author.
enum FontSubstitutes {
    static func write(_ faces: [TextFaces.Face], into json: inout JSONWriter) {
        json.beginArray()
        for face in faces {
            json.beginObject()
            face.writeFields(into: &json)
            json.endObject()
        }
        json.endArray()
    }
}
