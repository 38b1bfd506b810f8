/// The navigation bar above a document, as UIKit draws it for every kind of
/// document alike: an inline bar of one row with the title centred in
/// semibold 17 pt, or a large-title bar with the title in bold 34 pt at
/// the leading edge under that row. Its title follows the reader's text
/// size; the bar keeps its height. Its heights are the simulated device's
/// (`PreviewDevice`), which the page sets as custom properties, so the page
/// and the layout model (`LayoutRules.navigationBarHeight`) agree.
package enum ScreenStyleSheet {
    /// The properties the page sets from the device table.
    package static let inlineBarProperty = "--galley-bar-inline"
    package static let largeBarProperty = "--galley-bar-large"

    package static var css: String {
        let phone = PreviewDevice.forWidth(Double(PreviewDevice.defaultWidth))
        let inline = "var(\(inlineBarProperty), \(formatPoints(phone.inlineBarHeight)))"
        let large = "var(\(largeBarProperty), \(formatPoints(phone.largeBarHeight)))"
        let padding = formatPoints(ColumnLayout.padding)
        // UIKit's bar titles are in the system font.
        let family = #"-apple-system, system-ui, "Helvetica Neue", Arial, "Noto Sans CJK JP", sans-serif"#
        return """
            .galley-doc>header.navbar{position:sticky;top:0;z-index:1;box-sizing:border-box;display:flex;align-items:center;\
            justify-content:center;height:\(inline);margin:0;padding:0 \(padding);text-align:center;\
            background:var(--chrome-bg, rgba(249,249,249,0.94));border-bottom:0.5px solid var(--chrome-border, #c6c6c8);\
            backdrop-filter:blur(20px);font:600 calc(17px * var(--text-scale, 1)) \(family)}
            .galley-doc>header.navbar h1{font:inherit;margin:0;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
            .galley-doc>header.navbar[data-display-mode=large]{height:\(large);align-items:flex-end;justify-content:flex-start;\
            padding-bottom:8px;text-align:start;font:700 calc(34px * var(--text-scale, 1))/1.2 \(family)}
            .galley-doc.kind-tagged>header.navbar{margin:-\(padding) -\(padding) \(padding);align-self:stretch}

            """
    }
}
