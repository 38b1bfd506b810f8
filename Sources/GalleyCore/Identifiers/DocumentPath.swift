/// The path of a document relative to the content folder: its file, or
/// the bundle folder holding it (an RTFD). A type apart from `RelativePath`,
/// the path of the file whose bytes are read, so that the one is never
/// passed where the other is wanted: for a bundle they differ.
package struct DocumentPath: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }
}
