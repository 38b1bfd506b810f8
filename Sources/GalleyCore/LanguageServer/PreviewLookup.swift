/// One preview the language server reached or started, as its actions name it.
package struct PreviewID: Hashable, Sendable {
    package var number: Int
    /// The content folder's real path.
    package var root: AbsolutePath
    /// The preview's origin, `http://127.0.0.1:PORT/`.
    package var url: String

    package init(number: Int, root: AbsolutePath, url: String) {
        self.number = number
        self.root = root
        self.url = url
    }
}

/// Where the file a `LanguageServerAction.attach` names is previewed.
package enum PreviewLookup: Sendable {
    /// The file is `path` (relative) in `preview`; `started` when the
    /// preview was started for it, so the editor is told where it is.
    case found(PreviewID, path: RelativePath, started: Bool)
    /// No preview covers the file, or Galley does not read it.
    case none
    /// A preview of `folder` should have covered it and could not be
    /// started: `error` is what starting it threw (the daemon's start error,
    /// a system call's), kept as the value it is; the editor is told its
    /// description.
    case failed(folder: AbsolutePath, error: any Error & Sendable)
    /// No preview is started for the file, for a reason the editor is told.
    case refused(PreviewRefusal)
}

/// Why the language server previews no folder for a file: a preview serves
/// and watches its whole folder, so it is rooted only where the author works.
package enum PreviewRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is in none of the workspace folders the editor gave.
    case outsideWorkspace(file: AbsolutePath, workspaceFolders: [AbsolutePath])
    /// The folder the preview would serve is as wide as `/`, a home folder
    /// or a system folder, and no `galley.json` says it is content.
    case tooWide(folder: AbsolutePath)

    package var description: String {
        switch self {
        case .outsideWorkspace(let file, let folders):
            let list = folders.map { "'\($0)'" }.joined(separator: ", ")
            return "Galley previews only within the workspace (\(list)); '\(file)' is outside it, so it has no preview"
        case .tooWide(let folder):
            return "Galley does not preview '\(folder)': it is too wide a folder to serve and watch whole; "
                + "open a content folder as the workspace, or add a galley.json to '\(folder)' to preview it"
        }
    }
}

/// What changed in a buffer since the version a preview holds (`base`):
/// bytes `range` of that text became `replacement`.
package struct BufferEdit: Equatable, Sendable {
    package var base: Int
    package var range: Range<Int>
    package var replacement: ArraySlice<UInt8>

    package init(base: Int, range: Range<Int>, replacement: ArraySlice<UInt8>) {
        self.base = base
        self.range = range
        self.replacement = replacement
    }

    /// `text` with the edit made.
    package func applied(to text: [UInt8]) -> [UInt8]? {
        guard range.upperBound <= text.count else { return nil }
        var result = text
        result.replaceSubrange(range, with: replacement)
        return result
    }
}

/// What a preview says about a file after a change.
package struct PreviewFileState: Equatable, Sendable {
    package var diagnostics: [Diagnostic]
    /// Preview page paths (`/doc/ID`) of the file's documents, in file order.
    package var pages: [String]

    package init(diagnostics: [Diagnostic], pages: [String]) {
        self.diagnostics = diagnostics
        self.pages = pages
    }
}
