/// One preview the language server reached or started, as its actions name it.
public struct PreviewID: Hashable, Sendable {
    public var number: Int
    /// The content folder's real path.
    public var root: AbsolutePath
    /// The preview's origin, `http://127.0.0.1:PORT/`.
    public var url: String

    public init(number: Int, root: AbsolutePath, url: String) {
        self.number = number
        self.root = root
        self.url = url
    }
}

/// Where the file a `LanguageServerAction.attach` names is previewed.
public enum PreviewLookup: Equatable, Sendable {
    /// The file is `path` (relative) in `preview`; `started` when the
    /// preview was started for it, so the editor is told where it is.
    case found(PreviewID, path: RelativePath, started: Bool)
    /// No preview covers the file, or Galley does not read it.
    case none
    /// A preview of `folder` should have covered it and could not be
    /// started, for the daemon's `reason`.
    case failed(folder: AbsolutePath, reason: String)
    /// No preview is started for the file, for a reason the editor is told.
    case refused(PreviewRefusal)
}

/// Why the language server previews no folder for a file: a preview serves
/// and watches its whole folder, so it is rooted only where the author works.
public enum PreviewRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is in none of the workspace folders the editor gave.
    case outsideWorkspace(file: AbsolutePath, workspaceFolders: [AbsolutePath])
    /// The folder the preview would serve is as wide as `/`, a home folder
    /// or a system folder, and no `galley.json` says it is content.
    case tooWide(folder: AbsolutePath)

    public var description: String {
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
public struct BufferEdit: Equatable, Sendable {
    public var base: Int
    public var range: Range<Int>
    public var replacement: ArraySlice<UInt8>

    public init(base: Int, range: Range<Int>, replacement: ArraySlice<UInt8>) {
        self.base = base
        self.range = range
        self.replacement = replacement
    }

    /// `text` with the edit made.
    public func applied(to text: [UInt8]) -> [UInt8]? {
        guard range.upperBound <= text.count else { return nil }
        var result = text
        result.replaceSubrange(range, with: replacement)
        return result
    }
}

/// What a preview says about a file after a change.
public struct PreviewFileState: Equatable, Sendable {
    public var diagnostics: [Diagnostic]
    /// Preview page paths (`/doc/ID`) of the file's documents, in file order.
    public var pages: [String]

    public init(diagnostics: [Diagnostic], pages: [String]) {
        self.diagnostics = diagnostics
        self.pages = pages
    }
}
