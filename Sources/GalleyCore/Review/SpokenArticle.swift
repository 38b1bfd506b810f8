import Foundation

/// What VoiceOver announces for an article, in order, as it moves through
/// the app's view element by element: the navigation title as a heading,
/// each text as it reads, each image by its label (by its asset name when
/// it has none) and no decorative image.
public enum SpokenArticle {
    public struct Element: Equatable, Sendable {
        public enum Role: String, Sendable {
            case heading, text, image
        }

        public var role: Role
        public var text: String
        public var location: SourceLocation?
        /// For an image: true when VoiceOver falls back to the asset's name.
        public var isUnlabeled = false
    }

    public static func elements(of document: Document) -> [Element] {
        var elements = [Element(role: .heading, text: document.title, location: nil)]
        for block in document.blocks { append(block, to: &elements) }
        return elements
    }

    private static func append(_ block: Block, to elements: inout [Element]) {
        switch block.content {
        case .paragraph(let paragraph):
            let text = paragraph.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { elements.append(Element(role: .text, text: text, location: block.location)) }
        case .image(let image):
            if let label = image.accessibilityLabel {
                if !label.isEmpty { elements.append(Element(role: .image, text: label, location: block.location)) }
                return
            }
            switch image.source {
            case .asset(let name), .file(let name):
                elements.append(Element(role: .image, text: name, location: block.location, isUnlabeled: true))
            case .embedded:
                elements.append(Element(role: .image, text: "image", location: block.location, isUnlabeled: true))
            }
        case .table(let rows):
            for row in rows { for cell in row { for inner in cell.blocks { append(inner, to: &elements) } } }
        case .divider:
            break
        }
    }
}
