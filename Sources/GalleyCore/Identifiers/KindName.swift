/// The name of a block's kind (`body`, `caption`, `image`…), as content
/// tags it and `galley.json` styles it: CSS classes and spacing rules are
/// keyed by it.
package struct KindName: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }
}
