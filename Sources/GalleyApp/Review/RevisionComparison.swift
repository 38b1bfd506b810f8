import GalleyCore

/// The documents of two versions of a content folder, paired by file (through
/// git's renames) and item, with each document's blocks marked as kept,
/// added, removed or changed, for review.
struct RevisionComparison {
    enum Status: String {
        case added, removed, changed, unchanged
    }

    /// One document as the review shows it.
    struct DocumentReview {
        var status: Status
        /// The version shown: the new one, or the old one when it was removed.
        var shown: PublishedDocument
        var oldPath: String?
        /// The title before, when it changed (a title from the app's strings can change with no block changing).
        var oldTitle: String?
        var added = 0
        var removed = 0
        var changed = 0
        /// Changed blocks that are images: the same place, another picture.
        var imagesChanged = 0
        /// The article with `data-review` on every block that is not kept.
        var markedHTML: String
    }

    var documents: [DocumentReview]

    /// Pairs `old` with `new`; `renames` maps a new path to its old one.
    init(old: [PublishedDocument], new: [PublishedDocument], renames: [String: String]) {
        struct Key: Hashable {
            var path: String
            var item: Int?
        }
        var oldByKey: [Key: PublishedDocument] = [:]
        for document in old { oldByKey[Key(path: document.path, item: document.item)] = document }
        var reviews: [DocumentReview] = []
        for document in new {
            let oldPath = renames[document.path] ?? document.path
            guard let before = oldByKey.removeValue(forKey: Key(path: oldPath, item: document.item)) else {
                reviews.append(Self.whole(document, as: .added))
                continue
            }
            reviews.append(Self.compare(before, document, oldPath: oldPath == document.path ? nil : oldPath))
        }
        reviews += oldByKey.values.map { Self.whole($0, as: .removed) }
        documents = reviews.sorted { ($0.shown.path, $0.shown.item ?? -1) < ($1.shown.path, $1.shown.item ?? -1) }
    }

    /// A document that is only in one version: every block added or removed.
    private static func whole(_ document: PublishedDocument, as status: Status) -> DocumentReview {
        let blocks = ReviewedBlock.blocks(of: document)
        var html = header(of: document)
        for block in blocks { html += block.marked(status.rawValue) + "\n" }
        var review = DocumentReview(status: status, shown: document, markedHTML: html + "</article>\n")
        if status == .added { review.added = blocks.count } else { review.removed = blocks.count }
        return review
    }

    private static func compare(_ old: PublishedDocument, _ new: PublishedDocument, oldPath: String?) -> DocumentReview {
        let oldBlocks = ReviewedBlock.blocks(of: old)
        let newBlocks = ReviewedBlock.blocks(of: new)
        let changes = BlockDiff.changes(from: oldBlocks.map(\.item), to: newBlocks.map(\.item))
        var review = DocumentReview(status: .unchanged, shown: new, oldPath: oldPath, markedHTML: "")
        var html = header(of: new)
        for change in changes {
            switch change {
            case .kept(_, let index):
                html += newBlocks[index].html
            case .added(let index):
                html += newBlocks[index].marked("added")
                review.added += 1
            case .removed(let index):
                html += oldBlocks[index].marked("removed")
                review.removed += 1
            case .changed(let oldIndex, let newIndex):
                html += oldBlocks[oldIndex].marked("before") + "\n" + newBlocks[newIndex].marked("changed")
                review.changed += 1
                if newBlocks[newIndex].item.kind == "image" || newBlocks[newIndex].html.contains("<img") { review.imagesChanged += 1 }
            }
            html += "\n"
        }
        review.markedHTML = html + "</article>\n"
        if old.title != new.title { review.oldTitle = old.title }
        if review.added + review.removed + review.changed > 0 || review.oldTitle != nil || oldPath != nil { review.status = .changed }
        return review
    }

    /// The article's opening tag and its header (the navigation-bar title).
    private static func header(of document: PublishedDocument) -> String {
        var html = document.rendered.articleTag + "\n"
        if let first = document.rendered.elements.first, first.id == nil { html += String(document.html.utf8Slice(first.range)) + "\n" }
        return html
    }
}

/// One block of a rendered document, as the review compares and marks it.
struct ReviewedBlock {
    /// The block's element, as rendered.
    var html: Substring
    /// Its kind and what it renders to, without the id and source location
    /// that change when anything before it does.
    var item: BlockDiff.Item

    static func blocks(of document: PublishedDocument) -> [ReviewedBlock] {
        document.rendered.elements.compactMap { element in
            guard element.id != nil else { return nil }
            let html = document.html.utf8Slice(element.range)
            return ReviewedBlock(html: html, item: BlockDiff.Item(rendering: inner(of: html), kind: kind(of: html)))
        }
    }

    /// The element with `data-review` in its opening tag, for the review's style sheet.
    func marked(_ review: String) -> String {
        guard let space = html.firstIndex(where: { $0 == " " || $0 == ">" }) else { return String(html) }
        return String(html[..<space]) + " data-review=\"\(review)\"" + String(html[space...])
    }

    /// What follows the opening tag: the content, images' bytes included.
    private static func inner(of html: Substring) -> Substring {
        guard let close = html.firstIndex(of: ">") else { return html }
        return html[html.index(after: close)...]
    }

    /// The `data-kind` of the opening tag.
    private static func kind(of html: Substring) -> String {
        let openingTag = html[..<(html.firstIndex(of: ">") ?? html.endIndex)]
        guard let start = openingTag.range(of: "data-kind=\"") else { return "" }
        let rest = openingTag[start.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }
}
