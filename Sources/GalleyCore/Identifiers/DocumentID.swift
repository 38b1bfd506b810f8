/// A document's id: stable across edits and restarts, derived from its
/// path and item (`DocumentNaming.id`); pages, the API and every table of
/// the workspace and the publisher name documents by it.
package struct DocumentID: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }
}
