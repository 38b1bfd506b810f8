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
        /// A changed title that the article has no header to show: its new
        /// version marked within, HTML.
        var markedTitle: String?
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
        var inlineBudget = InlineDiff.reviewBudget
        for document in new {
            let oldPath = renames[document.path] ?? document.path
            guard let before = oldByKey.removeValue(forKey: Key(path: oldPath, item: document.item)) else {
                reviews.append(Self.whole(document, as: .added))
                continue
            }
            reviews.append(Self.compare(before, document, oldPath: oldPath == document.path ? nil : oldPath, inlineBudget: &inlineBudget))
        }
        reviews += oldByKey.values.map { Self.whole($0, as: .removed) }
        documents = reviews.sorted { ($0.shown.path, $0.shown.item ?? -1) < ($1.shown.path, $1.shown.item ?? -1) }
    }

    /// A document that is only in one version: every block added or removed.
    private static func whole(_ document: PublishedDocument, as status: Status) -> DocumentReview {
        let blocks = ReviewedBlock.blocks(of: document)
        var html = document.rendered.articleTag + "\n" + (ReviewedBlock.header(of: document).map { $0.html + "\n" } ?? "")
        for block in blocks { html += block.marked(status.rawValue) + "\n" }
        var review = DocumentReview(status: status, shown: document, markedHTML: html + "</article>\n")
        if status == .added { review.added = blocks.count } else { review.removed = blocks.count }
        return review
    }

    /// `new` against `old`: changed blocks marked within while `inlineBudget`
    /// lasts (it is spent as they are compared), runs of kept blocks folded.
    private static func compare(
        _ old: PublishedDocument, _ new: PublishedDocument, oldPath: String?, inlineBudget: inout Int
    ) -> DocumentReview {
        let oldBlocks = ReviewedBlock.blocks(of: old)
        let newBlocks = ReviewedBlock.blocks(of: new)
        let changes = BlockDiff.changes(from: oldBlocks.map(\.item), to: newBlocks.map(\.item))
        var review = DocumentReview(status: .unchanged, shown: new, oldPath: oldPath, markedHTML: "")
        let pieces = changes.map { change in
            switch change {
            case .kept(_, let index):
                return String(newBlocks[index].html)
            case .added(let index):
                review.added += 1
                return newBlocks[index].marked("added")
            case .removed(let index):
                review.removed += 1
                return oldBlocks[index].marked("removed")
            case .changed(let oldIndex, let newIndex):
                review.changed += 1
                if newBlocks[newIndex].isImage { review.imagesChanged += 1 }
                return changed(oldBlocks[oldIndex], newBlocks[newIndex], inlineBudget: &inlineBudget)
            }
        }
        let titleChanged = old.title != new.title
        var html = new.rendered.articleTag + "\n"
        if let newHeader = ReviewedBlock.header(of: new) {
            let oldHeader = ReviewedBlock.header(of: old)
            html += (titleChanged ? oldHeader.map { changed($0, newHeader, inlineBudget: &inlineBudget) } : nil) ?? String(newHeader.html)
            html += "\n"
        } else if titleChanged {
            review.markedTitle = changedTitle(from: old.title, to: new.title, inlineBudget: &inlineBudget)
        }
        var folds = UnchangedRuns.folded(changes)[...]
        var index = 0
        while index < pieces.count {
            guard let fold = folds.first, fold.lowerBound == index else {
                html += pieces[index] + "\n"
                index += 1
                continue
            }
            // Its first block names it, for a page to keep it open when it shows the review again.
            var name = ""
            if case .kept(_, let first) = changes[fold.lowerBound] { name = newBlocks[first].id ?? "" }
            html +=
                "<details class=\"review-fold\" data-fold=\"\(HTMLEscaping.escape(name))\"><summary>\(fold.count) unchanged "
                + "blocks</summary>\n"
            html += pieces[fold].joined(separator: "\n") + "\n</details>\n"
            folds.removeFirst()
            index = fold.upperBound
        }
        review.markedHTML = html + "</article>\n"
        if titleChanged { review.oldTitle = old.title }
        if review.added + review.removed + review.changed > 0 || titleChanged || oldPath != nil { review.status = .changed }
        return review
    }

    /// A changed title: marked within, else the old one struck before the new one.
    private static func changedTitle(from old: String, to new: String, inlineBudget: inout Int) -> String {
        let (oldHTML, newHTML) = (HTMLEscaping.escape(old), HTMLEscaping.escape(new))
        let marking = InlineDiff.mark(old: oldHTML[...], new: newHTML[...], budget: inlineBudget)
        inlineBudget -= marking.cells
        return marking.html ?? "<del>\(oldHTML)</del> <ins>\(newHTML)</ins>"
    }

    /// A changed block: marked within when that says more (not for
    /// pictures, whose old version is the change), else its old version, then its new one.
    private static func changed(_ old: ReviewedBlock, _ new: ReviewedBlock, inlineBudget: inout Int) -> String {
        if !new.isImage, !old.isImage {
            let marking = InlineDiff.mark(old: old.item.rendering, new: new.item.rendering, budget: inlineBudget)
            inlineBudget -= marking.cells
            if let inner = marking.html { return new.marked("changed", inner: inner) }
        }
        return old.marked("before") + "\n" + new.marked("changed")
    }
}

/// One block of a rendered document, as the review compares and marks it.
struct ReviewedBlock {
    /// The block's element id; nil for the title header.
    var id: String?
    /// The block's element, as rendered.
    var html: Substring
    /// Its kind and what it renders to, without the id and source location
    /// that change when anything before it does.
    var item: BlockDiff.Item

    static func blocks(of document: PublishedDocument) -> [ReviewedBlock] {
        document.rendered.elements.compactMap { element in
            guard element.id != nil else { return nil }
            return ReviewedBlock(element, of: document)
        }
    }

    /// The document's title header, if it has one.
    static func header(of document: PublishedDocument) -> ReviewedBlock? {
        document.rendered.elements.first.flatMap { $0.id == nil ? ReviewedBlock($0, of: document) : nil }
    }

    private init(_ element: RenderedDocument.Element, of document: PublishedDocument) {
        id = element.id
        html = document.html.utf8Slice(element.range)
        item = BlockDiff.Item(rendering: Self.inner(of: html), kind: KindName(rawValue: Self.kind(of: html)))
    }

    /// Whether the block shows a picture, which is compared by its bytes, not marked within.
    var isImage: Bool {
        item.kind == "image" || html.contains("<img")
    }

    /// The element with `data-review` in its opening tag, for the review's
    /// style sheet; with `inner` (`InlineDiff`'s marking) in place of what follows the tag.
    func marked(_ review: String, inner: String? = nil) -> String {
        guard let space = html.firstIndex(where: { $0 == " " || $0 == ">" }) else { return String(html) }
        let opening = String(html[..<space]) + " data-review=\"\(review)\""
        guard let inner else { return opening + String(html[space...]) }
        return opening + String(html[space..<item.rendering.startIndex]) + inner
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
