/// A field of each item that the app's view lays out above the text array,
/// in the same stack (`galley.json`'s `header`): the hero picture its image
/// key names, the item's name in a style of its own. Each is a block of a
/// kind of its own, so it is styled, spaced and placed as the text's blocks are.
package struct HeaderField: Sendable {
    /// The item's key whose value the block shows.
    package var key: String
    /// Its kind: an image whose asset is the value, or text in the field's style.
    package var kind: BlockKind

    package init(key: String, kind: BlockKind) {
        self.key = key
        self.kind = kind
    }

    /// The kind of a field shown as `role`: named after the key, so that its
    /// CSS class and the layout API name it, and matching its whole value.
    package static func kind(forKey key: String, role: BlockKind.Role, style: KindStyle) -> BlockKind {
        BlockKind(name: KindName(rawValue: "header-" + key), matcher: .always, role: role, style: style, assetNameTemplate: "{content}")
    }
}
