/// What a page can wait for.
package enum LongPollTopic: Hashable, Sendable {
    case index
    case document(DocumentID)
}

/// One poll: what it is about, the version the page has (nil: none yet),
/// and whether the page can apply a patch against that version.
package struct LongPollRequest: Hashable, Sendable {
    package var topic: LongPollTopic
    package var since: Int?
    package var acceptsPatch: Bool

    package init(topic: LongPollTopic, since: Int?, acceptsPatch: Bool = false) {
        self.topic = topic
        self.since = since
        self.acceptsPatch = acceptsPatch
    }
}
