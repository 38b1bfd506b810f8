/// What the reader needs to know about element names: which are blocks, which
/// close themselves, which are never shown.
enum HTMLElements {
    /// Elements that never have content or an end tag.
    static let void: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "image", "input", "keygen",
        "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Elements that start and end a paragraph of their own.
    static let block: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "p", "plaintext", "pre",
        "search", "section", "summary", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "tr", "ul", "xmp",
    ]

    /// Start tags that end an open `p`, as the specification's tree builder does.
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
        "li", "listing", "main", "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section", "summary", "table",
        "ul", "xmp",
    ]

    /// Elements whose content is never shown: scripts, styles, embedded
    /// documents and media, form widgets, inert templates.
    static let hidden: Set<String> = [
        "applet", "audio", "canvas", "datalist", "frameset", "iframe", "map", "math", "noembed", "noframes", "noscript",
        "object", "rp", "script", "select", "style", "svg", "template", "video",
    ]

    /// Inline elements a browser reopens after a block closes them (`<p><b>x</p>y` leaves `y` bold).
    static let reopenedFormatting: Set<String> = [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
    ]

    /// Elements an end tag does not search past, so `</b>` in a table cell never closes a `<b>` around the table.
    static let scopeBoundaries: Set<String> = ["applet", "caption", "html", "marquee", "object", "table", "td", "template", "th"]

    /// Elements whose end tag may be left out; an unclosed one is not worth a warning.
    static let optionalEndTag: Set<String> = [
        "body", "caption", "colgroup", "dd", "dt", "head", "html", "li", "optgroup", "option", "p", "rb", "rp", "rt",
        "rtc", "tbody", "td", "tfoot", "th", "thead", "tr",
    ]

    static let headingLevels: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    /// Every other standard or widely used element, so that only misspellings get a warning.
    static let known: Set<String> = block.union(void).union(hidden).union(reopenedFormatting).union([
        "abbr", "acronym", "b", "bdi", "bdo", "blink", "button", "cite", "colgroup", "data", "del", "dfn", "font", "head",
        "ins", "kbd", "label", "mark", "marquee", "meter", "nobr", "optgroup", "option", "output", "picture", "progress",
        "q", "rb", "rt", "rtc", "ruby", "s", "samp", "slot", "span", "sub", "sup", "time", "title", "var",
    ])
}
