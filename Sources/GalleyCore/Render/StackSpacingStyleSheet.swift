/// The space between neighbouring blocks, as CSS margins written from the
/// one spacing model (`ViewSpacing`, through `ColumnLayout`'s kinds): a rule
/// for every pair of kinds, so that a block that changes kind, or one put
/// between two others, moves its neighbours with no change to their HTML.
/// A text's sizes follow the page's Dynamic Type scale, and its rounding
/// the simulated device's pixel (`--galley-pixel`), as on the device.
enum StackSpacingStyleSheet {
    /// Set by the page to one device pixel (`1/3px` on a 3× phone).
    static let pixelProperty = "--galley-pixel"

    static func css(for schema: ContentSchema, faces: TextFaces, rules: LayoutRules) -> String {
        // Pairs no rule names (a block of a kind the schema lost) get the stack's own.
        let fallback = formatPoints(rules.stack.spacing ?? StackStyle.defaultSpacing)
        var css = ".blk+.blk,.blk-group+.blk-group>.blk:first-child{margin-top:\(fallback)}\n"
        guard rules.stack.spacing == nil else { return css }
        let pixel = CSSLength.property(pixelProperty, fallback: .points(rules.pixelLength))
        var properties = ""
        let offers: [(name: String, spacing: ViewSpacing<CSSLength>)] = schema.shownKinds.map { kind in
            let name = KindStyleSheet.cssIdentifier(kind.name.rawValue)
            let spacing: ViewSpacing<CSSLength>
            switch ColumnLayout.geometry(of: kind, faces: faces) {
            case .text(let text)?:
                let size = CSSLength(expression: KindStyleSheet.fontSize(text.fontSize, kind.style.sizing))
                spacing = text.spacing(size: size, rules: rules, pixelLength: pixel)
            case .image(let image)?:
                spacing = image.spacing(rules: rules)
            case nil:
                spacing = .plain
            }
            return (name, named(spacing, kind: name, properties: &properties))
        }
        css += ".galley-doc.kind-tagged{\(properties)}\n"
        for upper in offers {
            for lower in offers {
                let margin = upper.spacing.space(above: lower.spacing, sdk: rules.sdk).length.expression
                // Within a group, and from the last block of one group to the first of the next.
                css += ".k-\(upper.name)+.k-\(lower.name),"
                css += ".blk-group:has(>.k-\(upper.name):last-child)+.blk-group>.k-\(lower.name):first-child{margin-top:\(margin)}\n"
            }
        }
        return css
    }

    /// The kind's offers as custom properties of the article (defined once,
    /// in `properties`), so that each pair's rule reads them by name.
    private static func named(_ spacing: ViewSpacing<CSSLength>, kind: String, properties: inout String) -> ViewSpacing<CSSLength> {
        typealias Offers = [SpacingCategory: ViewSpacing<CSSLength>.Offer]
        func name(_ offers: Offers, edge: String) -> Offers {
            var named: Offers = [:]
            for category in SpacingCategory.allCases {
                guard let offer = offers[category] else { continue }
                let property = "--galley-\(kind)-\(edge)-\(category.rawValue)"
                switch offer {
                case .distance(let length) where length == .points(0):
                    named[category] = offer
                case .distance(let length):
                    properties += "\(property):\(length.expression);"
                    named[category] = .distance(CSSLength(expression: "var(\(property))"))
                case .textLines(let leading, let pixelLength):
                    properties += "\(property):\(leading.expression);"
                    named[category] = .textLines(leading: CSSLength(expression: "var(\(property))"), pixelLength: pixelLength)
                }
            }
            return named
        }
        return ViewSpacing(top: name(spacing.top, edge: "top"), bottom: name(spacing.bottom, edge: "bottom"))
    }
}
