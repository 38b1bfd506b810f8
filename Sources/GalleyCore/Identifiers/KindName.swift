/// The name of a block's kind (`body`, `caption`, `image`…), as content
/// tags it and `galley.json` styles it: CSS classes and spacing rules are
/// keyed by it.
public struct KindName: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
