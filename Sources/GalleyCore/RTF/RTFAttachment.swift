/// An RTFD attachment being read: `{\NeXTGraphic file name \widthN \heightN}`.
struct RTFAttachment {
    /// UTF-8 of the file name, which runs from the control word to the first following control word.
    var nameUTF8: [UInt8] = []
    var isNameComplete = false
    /// Sizes in twips.
    var width = 0
    var height = 0

    var fileName: String { String(decoding: nameUTF8, as: UTF8.self).trimmingRTFWhitespace() }

    var image: ImageBlock {
        ImageBlock(
            source: .file(fileName),
            widthPoints: width > 0 ? Double(width) / 20 : nil,
            heightPoints: height > 0 ? Double(height) / 20 : nil)
    }
}
