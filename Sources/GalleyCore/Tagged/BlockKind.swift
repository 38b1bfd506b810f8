/// One kind of block in tagged content: how it is written and how the app shows it.
package struct BlockKind: Sendable {
    /// What a kind renders as.
    package enum Role: String, Sendable {
        case text
        case image
        /// A rule or spacer with no content.
        case divider
    }

    package var name: KindName
    package var matcher: BlockMatcher
    package var role: Role
    package var style: KindStyle
    /// How an image kind forms the asset name; `{imageName}` and `{content}` are replaced.
    package var assetNameTemplate: String
    /// Written in front of the text, as the seed prefixes body text with U+3000.
    package var prefix: String
    /// Kinds whose block may directly precede this one (a caption follows an image).
    package var follows: [KindName]
    /// For images: what VoiceOver reads for them.
    package var imageLabel: ImageLabel = .assetName
    /// For text: the most lines its blocks may take at any text size before
    /// `check` warns (`galley.json`'s `maxLines`); nil for no limit.
    package var maxLines: Int?
    /// Where `galley.json` declares the kind (its name), for warnings about
    /// what the kind's configuration leaves as it is; nil for the seed's.
    package var declarationRange: SourceRange?

    package init(
        name: KindName,
        matcher: BlockMatcher,
        role: Role,
        style: KindStyle = KindStyle(),
        assetNameTemplate: String = "{imageName}_{content}",
        prefix: String = "",
        follows: [KindName] = []
    ) {
        self.name = name
        self.matcher = matcher
        self.role = role
        self.style = style
        self.assetNameTemplate = assetNameTemplate
        self.prefix = prefix
        self.follows = follows
    }

    /// An asset name from a template such as `{imageName}_{content}`. With
    /// no `imageName` (a text file without a configured prefix) the
    /// placeholder goes with the `_` or `-` after it, so that the content
    /// names the asset whole.
    package static func fill(_ template: String, imageName: String?, content: String) -> String {
        if template == "{imageName}_{content}" { return imageName.map { $0 + "_" + content } ?? content }
        var result = ""
        var rest = Substring(template)
        if imageName == nil {
            for placeholder in ["{imageName}_", "{imageName}-"] {
                while let found = rest.range(of: placeholder) { rest.removeSubrange(found) }
            }
        }
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("{imageName}") {
                result += imageName ?? ""
                rest = tail.dropFirst("{imageName}".count)
            } else if tail.hasPrefix("{content}") {
                result += content
                rest = tail.dropFirst("{content}".count)
            } else {
                result += "{"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }

    /// The tag name written in the notation, when the kind uses tags.
    package var tagName: String? {
        if case .tag(let tag) = matcher { return tag.name }
        return nil
    }
}

/// Where an image kind's accessibility label comes from, as the app's view sets it.
package enum ImageLabel: String, Sendable {
    /// SwiftUI's `Image("name")` with no label: VoiceOver reads the asset's name.
    case assetName = "asset"
    /// The text of the block that follows (a caption), as `.accessibilityLabel(caption)` would give.
    case following = "next"
    /// `Image(decorative:)`: VoiceOver skips it.
    case decorative = "none"
}

/// How a custom font's size follows the reader's text size, as SwiftUI's
/// `Font.custom` does: `size × style(category) / style(Large)`.
package enum FontSizing: Sendable, Equatable {
    /// `Font.custom(_:size:relativeTo:)`; `Font.custom(_:size:)` is relative to `.body`.
    case relative(to: TextStyle)
    /// `Font.custom(_:fixedSize:)`: the same at every text size.
    case fixed
}

/// SwiftUI's `Font.TextStyle`, by its Swift name.
package enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
}

/// A block kind's look, in the app's terms (points, SwiftUI colour names).
package struct KindStyle: Sendable, Equatable {
    package var fontFamily: String?
    /// Where `fontFamily` is written in `galley.json`, for warnings about it.
    package var fontRange: SourceRange?
    package var fontSize: Double?
    /// How the size follows the reader's text size.
    package var sizing: FontSizing = .relative(to: .body)
    package var fontWeight: String?
    package var italic: Bool = false
    /// `gray`, `secondary`, `#rrggbb`, or the name of a colour set.
    package var color: String?
    /// Where `color` is written in `galley.json`, for warnings about it.
    package var colorRange: SourceRange?
    package var alignment: TextAlignment?
    package var paddingTop: Double = 0
    package var paddingBottom: Double = 0
    /// SwiftUI `lineSpacing`: extra points between lines.
    package var lineSpacing: Double = 0
    /// For images: the most height the app gives them, in points.
    package var maxHeight: Double?
    /// For images: a forced aspect ratio (width / height).
    package var aspectRatio: Double?

    package init() {}
}
