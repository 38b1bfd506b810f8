/// Why the language server's link to a preview failed; the session then
/// forgets the preview and looks for one again at the next change.
package enum PreviewLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The preview was forgotten before the action reached it.
    case closed(root: AbsolutePath)
    /// A socket at the folder's path answered, but not as a Galley daemon of that folder.
    case unexpectedGreeting(root: AbsolutePath)
    case wentAway(root: AbsolutePath)
    case unreadableReply(root: AbsolutePath)

    package var description: String {
        switch self {
        case .closed(let root): "the preview of \(root) is closed"
        case .unexpectedGreeting(let root): "the daemon for \(root) did not answer as expected"
        case .wentAway(let root): "the galley daemon for \(root) went away"
        case .unreadableReply(let root): "the galley daemon for \(root) sent a reply it could not read"
        }
    }
}
