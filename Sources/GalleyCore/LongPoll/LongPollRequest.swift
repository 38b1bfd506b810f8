/// What a page can wait for.
public enum LongPollTopic: Hashable, Sendable {
    case index
    case document(DocumentID)
}

/// One poll: what it is about, the version the page has (nil: none yet),
/// and whether the page can apply a patch against that version.
public struct LongPollRequest: Hashable, Sendable {
    public var topic: LongPollTopic
    public var since: Int?
    public var acceptsPatch: Bool

    public init(topic: LongPollTopic, since: Int?, acceptsPatch: Bool = false) {
        self.topic = topic
        self.since = since
        self.acceptsPatch = acceptsPatch
    }
}
