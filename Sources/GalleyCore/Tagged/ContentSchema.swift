/// How tagged content is organised: item keys and the block kinds, in match order.
package struct ContentSchema: Sendable {
    package var textKey: String
    package var imageKey: String
    package var titleKey: String
    /// Tried in order; the first that matches a string decides its kind.
    package var kinds: [BlockKind]
    /// What fills `{imageName}` for the images of tagged `.txt` files, which
    /// have no item to hold an image key (`galley.json`'s `textImageName`);
    /// nil, the default, lets the tag name the asset whole.
    package var textFileImageName: String?
    /// Whether an image that VoiceOver would read by its asset name is a warning.
    package var requiresImageLabels = false
    /// Where each item's navigation bar title comes from; nil: the view shows no bar.
    package var navigationTitle: NavigationTitle?
    /// Fields of each item shown above its text, in order.
    package var headerFields: [HeaderField] = []

    /// Every kind a page shows and styles: the text's, then the header's.
    package var shownKinds: [BlockKind] {
        var shown: [BlockKind] = []
        shown.reserveCapacity(kinds.count + headerFields.count)
        forEachShownKind { shown.append($0) }
        return shown
    }

    /// The shown kinds in their order, one at a time, without making a list of them.
    package func forEachShownKind(_ body: (BlockKind) -> Void) {
        for kind in kinds { body(kind) }
        for field in headerFields { body(field.kind) }
    }

    package init(textKey: String, imageKey: String, titleKey: String, kinds: [BlockKind]) {
        self.textKey = textKey
        self.imageKey = imageKey
        self.titleKey = titleKey
        self.kinds = kinds
    }

    /// The seed's app: `<image>`, `<caption>` and body text, styled as its SwiftUI view.
    package static let seed: ContentSchema = {
        let baskerville = "Baskerville"
        var caption = KindStyle()
        caption.fontFamily = baskerville
        caption.fontSize = 16
        caption.color = "gray"
        var body = KindStyle()
        body.fontFamily = baskerville
        body.fontSize = 20
        body.paddingTop = 18
        body.lineSpacing = 12
        return ContentSchema(
            textKey: "detailText",
            imageKey: "imageName",
            titleKey: "name",
            kinds: [
                BlockKind(name: "image", matcher: .tag("image"), role: .image),
                BlockKind(name: "caption", matcher: .tag("caption"), role: .text, style: caption, follows: ["image"]),
                BlockKind(name: "body", matcher: .always, role: .text, style: body, prefix: "\u{3000}"),
            ]
        )
    }()

    package func kind(named name: KindName) -> BlockKind? {
        kinds.first { $0.name == name }
    }
}
