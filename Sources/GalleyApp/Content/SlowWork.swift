import GalleyCore

/// A slow document's reading or rendering, run off the workspace queue so
/// that it never holds up another document's save; what it made is handed
/// back to `Workspace.finish(_:)` on the queue.
enum SlowWork {
    /// Runs `work` elsewhere, then gives its result to the workspace, in turn.
    typealias Lane = @Sendable (_ work: @escaping @Sendable () -> Done) -> Void

    /// What the work made.
    enum Done: Sendable {
        case reading(SourceCache.ReadResult)
        /// A rendering made from the document's source when `ticket` was
        /// taken (`BackgroundWork`): published if no newer one started.
        case rendering(id: DocumentID, ticket: Int, DocumentRenderer.Rendering)
        /// A large font file's reading, taken in if `ticket` is its newest.
        case font(FontFileReading, ticket: Int)
        /// The app's strings read again with a large strings file among them.
        case appStrings(AppStringsTracker.Update)

        /// Whether taking it in lets go of much memory: the strings it
        /// replaces held a large strings file's values, which glibc keeps in
        /// its arenas unless told to hand them back.
        var replacesLargeReading: Bool {
            if case .appStrings = self { true } else { false }
        }

        /// The file it concerns, for the log.
        var path: String {
            switch self {
            case .reading(let result): result.file.path.rawValue
            case .rendering(_, _, let rendering): rendering.document.path
            case .font(let reading, _): reading.path
            case .appStrings(let update):
                update.paths.isEmpty ? "the app's strings" : update.paths.sorted().map(\.rawValue).joined(separator: ", ")
            }
        }
    }
}
