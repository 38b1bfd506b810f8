import GalleyCore

/// Where the workspace reads back what it published: under `serve`, the
/// publisher's table, the daemon's one copy of every published document
/// (the outbox keeps a document only until it is there).
protocol PublishedDocuments: AnyObject, Sendable {
    /// The document published as `id`, if any: asked for each document a save reads, so one look-up, nothing allocated.
    func document(_ id: DocumentID) -> PublishedDocument?
    /// The documents published as `ids`, in their order; nil for those not published.
    func published(_ ids: [DocumentID]) -> [PublishedDocument?]
    /// Every published document, in no order.
    var allPublished: [PublishedDocument] { get }
    var publishedCount: Int { get }
}
