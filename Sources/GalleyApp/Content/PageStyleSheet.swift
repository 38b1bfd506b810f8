import GalleyCore

/// A document's style sheet as pages get it: the CSS, and the same encoded
/// as a JSON string once, for the many answers that carry it (escaping a few
/// kilobytes of CSS cost more than the rest of a small save's answer).
struct PageStyleSheet: Equatable, ExpressibleByStringLiteral {
    let css: String
    let json: JSONFragment

    init(_ css: String) {
        self.css = css
        var writer = JSONWriter(reservingCapacity: css.utf8.count + 64)
        writer.string(css)
        json = JSONFragment(writer)
    }

    init(stringLiteral css: String) {
        self.init(css)
    }

    static func == (first: PageStyleSheet, second: PageStyleSheet) -> Bool {
        first.css == second.css
    }
}
