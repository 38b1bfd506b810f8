/// What the language server asks its shell to do: every write to the
/// editor and every use of a preview (sockets, the disk, starting one).
/// The shell carries them out in order, and feeds each outcome back as a
/// `LanguageServerEvent` before it carries out the next.
package enum LanguageServerAction: Equatable, Sendable {
    case send(OutgoingMessage)
    /// Find or start the preview covering `file`, within the editor's
    /// `workspaceFolders` when it gave any → `.attached`.
    case attach(DocumentURI, file: AbsolutePath, workspaceFolders: [AbsolutePath])
    /// Show the buffer in its preview → `.previewed` or `.previewFailed`.
    case show(DocumentURI, BufferShow)
    /// Show the file on disk again (also: ask for its state) → `.previewed` or `.previewFailed`.
    case drop(DocumentURI, path: RelativePath, in: PreviewID)
    /// → `.vocabulary` or `.previewFailed`.
    case fetchVocabulary(PreviewID)
    /// Scroll pages that follow the editor to the block at `line` (1-based); only a failure is answered.
    case follow(path: RelativePath, line: Int, in: PreviewID)
    /// The preview failed: close the link (the next change looks for another).
    case forget(PreviewID)
    /// The editor can show documents: forward Alt/Ctrl-clicks on pages to it.
    case forwardClicks
}

/// A buffer on its way to a preview: its `version` (the session's count of
/// the texts sent), and `edit`, what changed since the version the preview
/// holds, when it holds one. `text` shares the session's storage: the
/// shell lets go of it before the next event, so the next keystroke edits
/// the buffer in place.
package struct BufferShow: Equatable, Sendable {
    package var text: [UInt8]
    package var version: Int
    package var edit: BufferEdit?
    package var path: RelativePath
    package var preview: PreviewID

    package init(text: [UInt8], version: Int, edit: BufferEdit?, path: RelativePath, preview: PreviewID) {
        self.text = text
        self.version = version
        self.edit = edit
        self.path = path
        self.preview = preview
    }
}
