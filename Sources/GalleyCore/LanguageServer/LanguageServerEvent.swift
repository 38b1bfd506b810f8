/// What happens to the language server: a message from the editor, the
/// input falling idle, or the outcome of an action the shell carried out.
/// Each action that has an outcome is answered by exactly one event.
package enum LanguageServerEvent: Sendable {
    case message(IncomingMessage)
    /// No more input is waiting: each changed buffer goes to its preview once.
    case inputIdle
    /// The outcome of `attach`.
    case attached(DocumentURI, PreviewLookup)
    /// The outcome of `show` (`sent` is the text's number) or of `drop` (`sent` is nil).
    case previewed(DocumentURI, sent: Int?, PreviewFileState)
    /// The outcome of `fetchVocabulary`.
    case vocabulary(PreviewID, EditorVocabulary)
    /// An action on `preview` failed; answers `show`, `drop`, `fetchVocabulary` and `follow`.
    case previewFailed(PreviewID, PreviewLinkError)
}
