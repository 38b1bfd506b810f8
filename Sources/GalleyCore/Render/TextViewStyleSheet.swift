/// CSS for rich-text documents, laid out as a read-only UITextView shows them:
/// 8 pt insets above and below, 5 pt line-fragment padding at each side, and
/// Cocoa's default Helvetica 12 where the document names no font.
///
/// The navigation bar is every document's (`ScreenStyleSheet`); below it
/// the text view's inset is its margin.
///
/// The insets are the navigation bar's margin and the article's padding, not
/// the first and last blocks' (`:nth-child`, `:last-child`): a positional
/// selector makes Chromium restyle every later block when one is inserted
/// above them (13 ms for 4,800 paragraphs).
///
/// Lines are as tall as the face that draws them says (`TextViewLines`):
/// `faceMetrics` gives the metrics of the face that draws a family.
package enum TextViewStyleSheet {
    /// What text that names no font is drawn in: Cocoa's default, Helvetica
    /// 12, except in HTML, whose importer's default is Times.
    static func defaultFamily(of kind: DocumentKind) -> String {
        kind == .html ? "Times" : "Helvetica"
    }

    /// In points.
    static let defaultFontSize = 12.0

    package static func css(faceMetrics: (String) -> FontMetrics) -> String {
        let helvetica = defaultFamily(of: .rtf)
        let times = defaultFamily(of: .html)
        return SwiftUIColorStyleSheet.css + FontStack.languageRules + """
            .galley-doc:not(.kind-tagged){display:block;padding:0 0 8px;gap:0;\(FontStack.fallbackDeclaration)}
            .galley-doc:not(.kind-tagged)>header.navbar{margin:0 0 8px}
            .galley-doc:not(.kind-tagged) .blk{padding-left:5px;padding-right:5px;align-self:stretch}
            .galley-doc:not(.kind-tagged) p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;\
            font-family:\(FontStack.css(for: helvetica));\
            font-size:calc(\(formatNumber(defaultFontSize))px * var(--text-scale, 1));\
            line-height:\(TextViewLines.number(faceMetrics(helvetica).lineHeight))}
            .galley-doc.kind-html p{font-family:\(FontStack.css(for: times));\
            line-height:\(TextViewLines.number(faceMetrics(times).lineHeight))}
            .galley-doc:not(.kind-tagged) p.list-item \
            .list-marker{display:inline-block;min-width:1.6em;margin-inline-start:-1.8em;margin-inline-end:0.2em;text-align:end}
            .galley-doc:not(.kind-tagged) table{border-collapse:collapse;width:100%}
            .galley-doc:not(.kind-tagged) td{border:0.5px solid #c6c6c8;padding:2px 4px;vertical-align:top}
            .galley-doc:not(.kind-tagged) img{max-width:100%;height:auto}
            .galley-doc:not(.kind-tagged) .k-footnote p{font-size:calc(10px * var(--text-scale, 1))}
            .attachment-placeholder{display:inline-block;padding:8px 12px;border:1px dashed \
            #8e8e93;border-radius:6px;color:#8e8e93;font:13px system-ui, sans-serif}

            """
    }
}
