/// What a poll is answered with.
public enum LongPollAnswer<Document> {
    /// The document list at `version`.
    case index(version: Int)
    /// The whole document.
    case whole(id: DocumentID, Versioned<Document>)
    /// What changed from `from`, the version the page has, to `to`.
    case patch(id: DocumentID, from: Versioned<Document>, to: Versioned<Document>)
    /// The page has the current version already (its wait ran out).
    case unchanged(id: DocumentID, version: Int)
    /// The document is gone.
    case removed(id: DocumentID)
}

extension LongPollAnswer: Equatable where Document: Equatable {}

/// What `LongPollState.park` did.
public enum ParkOutcome<Document> {
    /// Something changed meanwhile: answer with this instead of holding.
    case answer(LongPollAnswer<Document>)
    /// Held; when `setTimer` is given, the deadline timer must fire then.
    case parked(setTimer: ContinuousClock.Instant?)
}

extension ParkOutcome: Equatable where Document: Equatable {}
