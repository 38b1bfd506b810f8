/// Where the seed's SwiftUI view puts each block, in points: the one
/// model of the article's geometry, which the page's CSS is written from
/// (`KindStyleSheet`) and which the browser tests hold the page to.
///
/// The view is `ScrollView { VStack { ForEach(blocks) { … } }.padding() }`:
/// - `.padding()` is 16 pt on every side, so the column is the screen's
///   width less 32;
/// - the `VStack` puts between two neighbouring blocks the space their
///   spacings give (`ViewSpacing`), or its own `spacing` when the app
///   gives one, and none before the first or after the last;
/// - a `Text` of n lines is n × its font's line height, plus its
///   `lineSpacing` between lines only: (n − 1) × lineSpacing; its
///   `.padding(.top, …)` adds to that;
/// - an image `.resizable().scaledToFit()` is as wide as the column and as
///   tall as its aspect ratio makes it.
package enum ColumnLayout {
    /// `.padding()` with no length: SwiftUI's standard padding.
    package static let padding = 16.0
    /// A `Text`'s size when its kind names none: `.body`, 17 pt.
    package static let defaultFontSize = 17.0

    /// How a kind's blocks are sized.
    package enum KindGeometry: Sendable, Equatable {
        case text(TextGeometry)
        case image(ImageGeometry)
    }

    /// A text kind's lines.
    package struct TextGeometry: Sendable, Equatable {
        /// The font's line height in points (`FontMetrics.lineHeight × size`).
        package var lineHeight: Double
        /// SwiftUI `lineSpacing`: points between two lines.
        package var lineSpacing: Double
        package var paddingTop: Double
        package var paddingBottom: Double
        /// The face's metrics at the size drawn, which its spacing comes from.
        package var face: FontMetrics
        package var fontSize: Double

        package init(face: FontMetrics, fontSize: Double, lineSpacing: Double, paddingTop: Double = 0, paddingBottom: Double = 0) {
            self.face = face
            self.fontSize = fontSize
            lineHeight = face.lineHeight * fontSize
            self.lineSpacing = lineSpacing
            self.paddingTop = paddingTop
            self.paddingBottom = paddingBottom
        }

        /// What the padded `Text` offers its neighbours.
        package func spacing<Length: SpacingLength>(size: Length, rules: LayoutRules, pixelLength: Length) -> ViewSpacing<Length> {
            ViewSpacing.text(TextSpacingMetrics(face, size: size), sdk: rules.sdk, pixelLength: pixelLength)
                .padded(top: paddingTop != 0, bottom: paddingBottom != 0, sdk: rules.sdk)
        }

        /// The block's height with `lines` lines (at least one: an empty
        /// `Text` still has its font's height), its text's rounded up to
        /// `pixelLength` as SwiftUI sizes a `Text` (none: unrounded).
        package func height(lines: Int, pixelLength: Double = 0) -> Double {
            let lines = max(1, lines)
            let text = Double(lines) * lineHeight + Double(lines - 1) * lineSpacing
            return paddingTop + text.roundedUp(toMultipleOf: pixelLength) + paddingBottom
        }
    }

    /// An image kind's box.
    package struct ImageGeometry: Sendable, Equatable {
        package var maxHeight: Double?
        /// A forced width / height, which crops rather than fits.
        package var aspectRatio: Double?
        package var paddingTop: Double
        package var paddingBottom: Double

        package init(maxHeight: Double? = nil, aspectRatio: Double? = nil, paddingTop: Double = 0, paddingBottom: Double = 0) {
            self.maxHeight = maxHeight
            self.aspectRatio = aspectRatio
            self.paddingTop = paddingTop
            self.paddingBottom = paddingBottom
        }

        /// What the padded, resizable `Image` offers its neighbours: no text edge.
        package func spacing<Length: SpacingLength>(rules: LayoutRules) -> ViewSpacing<Length> {
            ViewSpacing.plain.padded(top: paddingTop != 0, bottom: paddingBottom != 0, sdk: rules.sdk)
        }

        /// The height of an image of `width` × `height` pixels in a column
        /// `columnWidth` wide: `scaledToFit` keeps the picture's own ratio.
        package func height(width: Double, height: Double, columnWidth: Double) -> Double {
            var box = aspectRatio.map { columnWidth / $0 } ?? (width > 0 ? columnWidth * height / width : 0)
            if let maxHeight { box = min(box, maxHeight) }
            return paddingTop + box + paddingBottom
        }
    }

    /// One block as measured or known: its kind's geometry and what decides its size.
    package enum Block: Sendable, Equatable {
        case text(TextGeometry, lines: Int)
        case image(ImageGeometry, width: Double, height: Double)
        /// A block whose height the model does not decide (a divider, a
        /// missing image's placeholder): as the page measured it.
        case measured(height: Double)
    }

    /// A block's place in the column: its top, from the top of the screen,
    /// its height, and the space above it (nil for the first).
    package struct Placement: Sendable, Equatable {
        package var top: Double
        package var height: Double
        package var gap: Gap?
    }

    /// The space between two neighbours, and why it is that.
    package struct Gap: Sendable, Equatable {
        package enum Cause: Sendable, Equatable {
            /// The neighbours' spacings met in these categories; the largest won.
            case met([SpacingCategory])
            /// They met in none: the stack's default.
            case stackDefault
            /// The app's `VStack(spacing:)`.
            case stackSpacing
        }

        package var length: Double
        package var cause: Cause
        /// The lower block's top padding, which its text sits below the gap.
        package var padding: Double
    }

    /// The column's width on a screen `screenWidth` wide.
    package static func columnWidth(screenWidth: Double) -> Double {
        max(0, screenWidth - 2 * padding)
    }

    /// The geometry of `kind`, with the line height its font has in
    /// `faces`; nil for a divider, whose look is the page's own.
    package static func geometry(of kind: BlockKind, faces: TextFaces) -> KindGeometry? {
        let style = kind.style
        switch kind.role {
        case .text:
            let size = style.fontSize ?? defaultFontSize
            let metrics = faces.metrics(forFamily: style.fontFamily)
            return .text(
                TextGeometry(
                    face: metrics, fontSize: size, lineSpacing: style.lineSpacing,
                    paddingTop: style.paddingTop, paddingBottom: style.paddingBottom))
        case .image:
            return .image(
                ImageGeometry(
                    maxHeight: style.maxHeight, aspectRatio: style.aspectRatio,
                    paddingTop: style.paddingTop, paddingBottom: style.paddingBottom))
        case .divider:
            return nil
        }
    }

    /// Every block's top and height as the device shows it, from the top of
    /// the article: below its navigation bar, as `ScrollView` starts there.
    /// SwiftUI lays out in continuous points and then puts both edges of
    /// each frame on the pixel grid, to the nearest pixel (OpenSwiftUI's
    /// `roundCoordinatesToNearestOrUp`), so a rounding never adds up.
    package static func place(_ blocks: [Block], screenWidth: Double, rules: LayoutRules) -> [Placement] {
        let column = columnWidth(screenWidth: screenWidth)
        var top = rules.navigationBarHeight + padding
        var above: ViewSpacing<Double>?
        return blocks.map { block in
            let spacing = spacing(of: block, rules: rules)
            var gap: Gap?
            if let above {
                gap = Self.gap(between: above, and: spacing, rules: rules, padding: block.paddingTop)
                top += gap?.length ?? 0
            }
            above = spacing
            let height: Double
            switch block {
            case .text(let text, let lines): height = text.height(lines: lines, pixelLength: rules.pixelLength)
            case .image(let image, let width, let pixels): height = image.height(width: width, height: pixels, columnWidth: column)
            case .measured(let measured): height = measured
            }
            defer { top += height }
            let shownTop = top.roundedToNearestOrUp(toMultipleOf: rules.pixelLength)
            let shownBottom = (top + height).roundedToNearestOrUp(toMultipleOf: rules.pixelLength)
            return Placement(top: shownTop, height: shownBottom - shownTop, gap: gap)
        }
    }

    /// The space the stack puts between two views that offer these spacings.
    package static func gap(between above: ViewSpacing<Double>, and below: ViewSpacing<Double>, rules: LayoutRules, padding: Double) -> Gap
    {
        if let spacing = rules.stack.spacing { return Gap(length: spacing, cause: .stackSpacing, padding: padding) }
        let (length, met) = above.space(above: below, sdk: rules.sdk)
        return Gap(length: length, cause: met.isEmpty ? .stackDefault : .met(met), padding: padding)
    }

    /// What a block offers its neighbours, at the size the page draws with
    /// no Dynamic Type change; a block the model does not size (a divider,
    /// a missing image's placeholder) offers what a plain view does.
    static func spacing(of block: Block, rules: LayoutRules) -> ViewSpacing<Double> {
        switch block {
        case .text(let text, _): text.spacing(size: text.fontSize, rules: rules, pixelLength: rules.pixelLength)
        case .image(let image, _, _): image.spacing(rules: rules)
        case .measured: .plain
        }
    }
}

extension ColumnLayout.Block {
    /// The top padding of a block's kind: part of its frame, below the gap.
    var paddingTop: Double {
        switch self {
        case .text(let text, _): text.paddingTop
        case .image(let image, _, _): image.paddingTop
        case .measured: 0
        }
    }
}

/// The geometry of every kind of one schema, by kind name, for placing
/// blocks a page measured (`/api/layout`): which kind each block is and its
/// line count, or an image's pixel size.
///
/// Held out of line and shared by its copies: every tagged document
/// published carries its schema's, the same for all of them, and the
/// layout rules inline made each of a folder's thousands larger.
package struct KindGeometries: Sendable, Equatable {
    private struct Geometries: Sendable, Equatable {
        let kinds: [KindName: ColumnLayout.KindGeometry]
        let rules: LayoutRules
    }

    private let geometries: OutOfLine<Geometries>

    package var kinds: [KindName: ColumnLayout.KindGeometry] { geometries.value.kinds }
    package var rules: LayoutRules { geometries.value.rules }

    package init(schema: ContentSchema, faces: TextFaces, rules: LayoutRules) {
        var kinds: [KindName: ColumnLayout.KindGeometry] = [:]
        for kind in schema.shownKinds {
            kinds[kind.name] = ColumnLayout.geometry(of: kind, faces: faces)
        }
        geometries = OutOfLine(Geometries(kinds: kinds, rules: rules))
    }

    /// One measured block: `kind/lines` for text, `kind/WIDTHxHEIGHT` for
    /// an image (its pixels), `kind/=HEIGHT` for a block the model leaves
    /// to the page. Nil for anything else or an unknown kind.
    package func block(_ description: Substring) -> ColumnLayout.Block? {
        guard let slash = description.lastIndex(of: "/") else { return nil }
        let name = String(description[..<slash])
        let value = description[description.index(after: slash)...]
        if value.hasPrefix("="), let height = Double(value.dropFirst()), height.isFinite, height >= 0 { return .measured(height: height) }
        switch kinds[KindName(rawValue: name)] {
        case .text(let text)?:
            guard let lines = Int(value), lines >= 0, lines < 1_000_000 else { return nil }
            return .text(text, lines: lines)
        case .image(let image)?:
            let size = value.split(separator: "x")
            guard size.count == 2, let width = Double(size[0]), let height = Double(size[1]), width.isFinite, height.isFinite, width >= 0,
                height >= 0
            else { return nil }
            return .image(image, width: width, height: height)
        case nil:
            return nil
        }
    }
}

extension ColumnLayout.Gap {
    /// `{"length": 11.97, "cause": "met", "categories": ["edgeBelowText"], "padding": 18}`:
    /// the cause is `met`, `default` (the stack's 8 pt) or `stack` (its own spacing).
    package func write(into json: inout JSONWriter) {
        json.beginObject()
        json.key("length")
        json.number(length)
        switch cause {
        case .met(let categories):
            json.field("cause", "met")
            json.key("categories")
            json.beginArray()
            for category in categories { json.string(category.rawValue) }
            json.endArray()
        case .stackDefault: json.field("cause", "default")
        case .stackSpacing: json.field("cause", "stack")
        }
        json.key("padding")
        json.number(padding)
        json.endObject()
    }
}
