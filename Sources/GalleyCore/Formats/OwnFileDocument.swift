/// A file that is its own document (any but a bundle's): its path and its
/// document's are the same text, and these are the only places one is made
/// from the other. A bundle's are not: its text file is
/// `RTFDFormat.textPath(ofBundle:)`.
extension DocumentPath {
    /// The document of `file`, read by itself.
    package init(ownFile file: RelativePath) {
        self.init(rawValue: file.rawValue)
    }
}

extension RelativePath {
    /// The file a document that is no bundle is read from.
    package init(ownFileOf document: DocumentPath) {
        self.init(rawValue: document.rawValue)
    }
}
