/// A document as read from its file, before rendering.
package struct DocumentSource: Equatable, Sendable {
    /// The content file (or bundle), relative to the content folder.
    package let path: DocumentPath
    /// The item index in a data file; nil for one-document files.
    package let item: Int?
    /// Stable across edits and restarts. Made with the source, on the
    /// reader's thread, so that taking in a reading (one thread, every file
    /// of a start-up) need not hash each path again.
    package let id: DocumentID
    package var document: Document
    /// Problems found while reading (rendering adds missing images).
    package var diagnostics: [Diagnostic]

    package init(path: DocumentPath, item: Int? = nil, document: Document, diagnostics: [Diagnostic] = []) {
        self.path = path
        self.item = item
        id = DocumentNaming.id(path: path, item: item)
        self.document = document
        self.diagnostics = diagnostics
    }

    /// The file the document's text is read from, where its problems are
    /// reported: an RTFD bundle's `TXT.rtf`, else the document's own file.
    package var textPath: RelativePath {
        document.kind == .rtfd ? RTFDFormat.textPath(ofBundle: path) : RelativePath(ownFileOf: path)
    }

    /// The folder that image files the document names are relative to.
    package var imageFolder: String {
        document.imageFolder(at: path)
    }

    /// The image file `name` refers to, relative to the content folder; nil
    /// when it would leave the content folder.
    package func imageFilePath(_ name: String) -> String? {
        document.imageFilePath(name, at: path)
    }

    /// The images the document refers to, nested ones included, each once,
    /// in reading order: what must be rendered again when one of them
    /// appears, changes or goes away. A list, not a set: the same document
    /// gives the same list, so the next version's is compared in one pass.
    package var imageDependencies: [ImageDependency] {
        var dependencies: [ImageDependency] = []
        var seen: Set<ImageDependency> = []
        for reference in document.imageReferences {
            let dependency: ImageDependency
            switch reference.source {
            case .asset(let name): dependency = .asset(name)
            case .file(let name):
                guard let path = imageFilePath(name) else { continue }
                dependency = .file(path)
            case .embedded: continue
            }
            if seen.insert(dependency).inserted { dependencies.append(dependency) }
        }
        return dependencies
    }

    /// `imageDependencies`, taken over from the version before, `earlier`,
    /// which used `earlierImages`, when the blocks that changed between them
    /// hold no image in either: most edits change text, and walking every
    /// block and hashing every name again was a tenth of rendering a save.
    package func imageDependencies(
        earlier: Document, earlierImages: [ImageDependency], unchanged: UnchangedBlocks
    ) -> [ImageDependency] {
        guard unchanged.matches(earlierCount: earlier.blocks.count, count: document.blocks.count),
            document.imageReferences(in: unchanged.changed).isEmpty,
            earlier.imageReferences(in: unchanged.earlierChanged).isEmpty
        else { return imageDependencies }
        return earlierImages
    }
}

extension Document {
    /// The folder that image files the document, read from `path`, names
    /// are relative to: a bundle's attachments are inside it, other files'
    /// images beside them.
    package func imageFolder(at path: DocumentPath) -> String {
        kind == .rtfd ? path.rawValue : RelativePath.folder(of: path.rawValue)
    }

    /// The image file `name` refers to in the document read from `path`,
    /// relative to the content folder; nil when it would leave the content folder.
    package func imageFilePath(_ name: String, at path: DocumentPath) -> String? {
        RelativePath.joined(imageFolder(at: path), name)
    }
}
