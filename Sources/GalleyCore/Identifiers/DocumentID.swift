/// A document's id: stable across edits and restarts, derived from its
/// path and item (`DocumentNaming.id`); pages, the API and every table of
/// the workspace and the publisher name documents by it.
public struct DocumentID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
