import GalleyCore

/// The page of a review: every document that changed, its blocks marked,
/// with a summary of what changed where.
enum ReviewPage {
    /// How marked blocks look: green added, red struck removed, the old
    /// version of a changed block faint above the new one, or within it
    /// what was removed struck and what was added green; runs of unchanged
    /// blocks folded under a line that opens them. A block's label is a line
    /// of its own at the top of the block, where no outline crosses it and
    /// no text is under it; groups of blocks do not clip (the live page's
    /// do, to paint less), so the outlines show whole.
    static let css = """

        .review-summary{font:13px system-ui,sans-serif;margin:.2em 0 .8em;color:#555}
        .review-summary b{font-weight:600}
        .static-proof .device-screen .blk-group{contain:none;content-visibility:visible}
        [data-review]{outline:2px solid var(--review-colour);outline-offset:2px}
        [data-review]::before{content:attr(data-review);display:block;width:fit-content;margin-inline-start:auto;text-indent:0;
          font:600 10px/1.4 system-ui,sans-serif;color:var(--review-colour);text-transform:uppercase}
        [data-review=added]{--review-colour:#248a3d;background:rgba(52,199,89,.12)}
        [data-review=changed]{--review-colour:#b25000;background:rgba(255,149,0,.12)}
        [data-review=removed],[data-review=before]{--review-colour:#d70015;background:rgba(255,59,48,.08);opacity:.65}
        [data-review=removed] p,[data-review=before] p{text-decoration:line-through}
        [data-review=removed] img,[data-review=before] img{filter:grayscale(1)}
        [data-review] ins{background:rgba(52,199,89,.35);color:inherit;text-decoration:none;border-radius:2px}
        [data-review] del{background:rgba(255,59,48,.25);color:inherit;text-decoration:line-through;border-radius:2px}
        .review-fold{display:flex;flex-direction:column;gap:inherit}
        .review-fold>summary{font:13px system-ui,sans-serif;color:#8e8e93;cursor:pointer;padding:.3em 0;text-align:center;border-block:1px \
        dashed rgba(142,142,147,.5)}
        [data-review-current]{outline-width:4px}
        .review-title{font:600 15px/1.4 system-ui,sans-serif;text-align:center;margin:1.2em auto .6em;width:fit-content;padding:0 .3em}
        .review-index td,.review-index th{padding:.2em .6em;text-align:start;font:14px system-ui,sans-serif}

        """

    /// One page holding every document that is not unchanged; `revision` names what it is compared with.
    static func html(_ comparison: RevisionComparison, revision: String, deviceWidth: Double) -> String {
        let shown = comparison.documents.filter { $0.status != .unchanged }
        let byID = Dictionary(shown.map { ($0.shown.id, $0) }, uniquingKeysWith: { first, _ in first })
        let documents = shown.map { $0.shown.showing(html: $0.markedHTML) }
        let unchanged = comparison.documents.count - shown.count
        var page = StaticPage.html(documents: documents, deviceWidth: deviceWidth, extraCSS: css) { document in
            byID[document.id].map { summary($0) + changedTitle($0) } ?? ""
        }
        let headline =
            "<header class=\"review-summary\"><b>Changes since \(HTMLEscaping.escape(revision))</b>: \(shown.count) "
            + "document\(shown.count == 1 ? "" : "s") changed, \(unchanged) unchanged</header>\n"
        if let body = page.range(of: "<body class=\"static-proof\">\n") { page.insert(contentsOf: headline, at: body.upperBound) }
        return page
    }

    /// A changed title that the article's header does not show, marked.
    static func changedTitle(_ review: RevisionComparison.DocumentReview) -> String {
        review.markedTitle.map { "<p class=\"review-title\" data-review=\"changed\">\($0)</p>\n" } ?? ""
    }

    /// What changed in one document, in words.
    static func summary(_ review: RevisionComparison.DocumentReview) -> String {
        var parts: [String] = []
        switch review.status {
        case .added: parts.append("new document")
        case .removed: parts.append("removed document")
        case .changed, .unchanged:
            if let oldPath = review.oldPath { parts.append("renamed from \(HTMLEscaping.escape(oldPath))") }
            if review.changed > 0 { parts.append("\(review.changed) changed") }
            if review.added > 0 { parts.append("\(review.added) added") }
            if review.removed > 0 { parts.append("\(review.removed) removed") }
            if review.imagesChanged > 0 { parts.append("\(review.imagesChanged) image\(review.imagesChanged == 1 ? "" : "s") changed") }
            if let oldTitle = review.oldTitle {
                parts.append("title “\(HTMLEscaping.escape(oldTitle))” → “\(HTMLEscaping.escape(review.shown.title))”")
            }
        }
        // Numbered as the index numbers them: the item's place in its file's array.
        let location = HTMLEscaping.escape(review.shown.path) + (review.shown.item.map { " item \($0)" } ?? "")
        return
            "<p class=\"review-summary\" data-review-status=\"\(review.status.rawValue)\" data-added=\"\(review.added)\" "
            + "data-removed=\"\(review.removed)\" data-changed=\"\(review.changed)\">\(location): "
            + "\(parts.joined(separator: ", "))</p>\n"
    }
}
