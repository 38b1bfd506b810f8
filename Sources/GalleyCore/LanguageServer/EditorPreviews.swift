/// The previews a language server session shows its buffers in: a running
/// `galley serve` or one the session's process serves itself. Every read of
/// the disk and every socket sits behind this; the session only decides.
public protocol EditorPreviews: AnyObject {
    /// The preview covering the file at `path` (absolute), found or started
    /// within the editor's `workspaceFolders` (when it gave any).
    func attach(file path: String, workspaceFolders: [String]) -> PreviewLookup
    /// Shows `text`, the session's `version` of it, for `path` (relative to
    /// the preview's root); `edit` says what changed since the version the
    /// preview holds, when it holds one.
    func show(_ text: [UInt8], version: Int, edit: BufferEdit?, for path: String, in preview: PreviewID) throws -> PreviewFileState
    /// Shows the file on disk again (also: asks for its state).
    func drop(_ path: String, in preview: PreviewID) throws -> PreviewFileState
    func vocabulary(of preview: PreviewID) throws -> EditorVocabulary
    /// Scrolls pages that follow the editor to the block at `line` (1-based).
    func follow(_ path: String, line: Int, in preview: PreviewID) throws
    /// The preview failed: forget it (the next change looks for another).
    func forget(_ preview: PreviewID)
}

/// One preview, as `EditorPreviews` names it.
public struct PreviewID: Hashable, Sendable {
    public var number: Int
    /// The content folder's real path.
    public var root: String
    /// The preview's origin, `http://127.0.0.1:PORT/`.
    public var url: String

    public init(number: Int, root: String, url: String) {
        self.number = number
        self.root = root
        self.url = url
    }
}

public enum PreviewLookup: Equatable, Sendable {
    /// The file is `path` (relative) in `preview`; `started` when the
    /// preview was started for it, so the editor is told where it is.
    case found(PreviewID, path: String, started: Bool)
    /// No preview covers the file, or Galley does not read it.
    case none
    /// A preview should have covered it and could not be started.
    case failed(String)
    /// No preview is started for the file, for a reason the editor is told.
    case refused(PreviewRefusal)
}

/// Why the language server previews no folder for a file: a preview serves
/// and watches its whole folder, so it is rooted only where the author works.
public enum PreviewRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is in none of the workspace folders the editor gave.
    case outsideWorkspace(file: String, workspaceFolders: [String])
    /// The folder the preview would serve is as wide as `/`, a home folder
    /// or a system folder, and no `galley.json` says it is content.
    case tooWide(folder: String)

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
