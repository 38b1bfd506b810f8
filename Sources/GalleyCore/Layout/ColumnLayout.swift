/// Where the seed's SwiftUI view puts each block, in points: the one
/// model of the article's geometry, which the page's CSS is written from
/// (`KindStyleSheet`) and which the browser tests hold the page to.
///
/// The view is `ScrollView { VStack { ForEach(blocks) { … } }.padding() }`:
/// - `.padding()` is 16 pt on every side, so the column is the screen's
///   width less 32;
/// - the `VStack` puts its default spacing, 8 pt, between neighbouring
///   blocks and none before the first or after the last;
/// - a `Text` of n lines is n × its font's line height, plus its
///   `lineSpacing` between lines only: (n − 1) × lineSpacing; its
///   `.padding(.top, …)` adds to that;
/// - an image `.resizable().scaledToFit()` is as wide as the column and as
///   tall as its aspect ratio makes it.
public enum ColumnLayout {
    /// `.padding()` with no length: SwiftUI's standard padding.
    public static let padding = 16.0
    /// A `VStack`'s spacing when none is given, between two views of the seed's kinds.
    public static let spacing = 8.0
    /// A `Text`'s size when its kind names none: `.body`, 17 pt.
    public static let defaultFontSize = 17.0

    /// How a kind's blocks are sized.
    public enum KindGeometry: Sendable, Equatable {
        case text(TextGeometry)
        case image(ImageGeometry)
    }

    /// A text kind's lines.
    public struct TextGeometry: Sendable, Equatable {
        /// The font's line height in points (`FontMetrics.lineHeight × size`).
        public var lineHeight: Double
        /// SwiftUI `lineSpacing`: points between two lines.
        public var lineSpacing: Double
        public var paddingTop: Double
        public var paddingBottom: Double

        public init(lineHeight: Double, lineSpacing: Double, paddingTop: Double = 0, paddingBottom: Double = 0) {
            self.lineHeight = lineHeight
            self.lineSpacing = lineSpacing
            self.paddingTop = paddingTop
            self.paddingBottom = paddingBottom
        }

        /// The block's height with `lines` lines (at least one: an empty
        /// `Text` still has its font's height).
        public func height(lines: Int) -> Double {
            let lines = max(1, lines)
            return paddingTop + Double(lines) * lineHeight + Double(lines - 1) * lineSpacing + paddingBottom
        }
    }

    /// An image kind's box.
    public struct ImageGeometry: Sendable, Equatable {
        public var maxHeight: Double?
        /// A forced width / height, which crops rather than fits.
        public var aspectRatio: Double?
        public var paddingTop: Double
        public var paddingBottom: Double

        public init(maxHeight: Double? = nil, aspectRatio: Double? = nil, paddingTop: Double = 0, paddingBottom: Double = 0) {
            self.maxHeight = maxHeight
            self.aspectRatio = aspectRatio
            self.paddingTop = paddingTop
            self.paddingBottom = paddingBottom
        }

        /// The height of an image of `width` × `height` pixels in a column
        /// `columnWidth` wide: `scaledToFit` keeps the picture's own ratio.
        public func height(width: Double, height: Double, columnWidth: Double) -> Double {
            var box = aspectRatio.map { columnWidth / $0 } ?? (width > 0 ? columnWidth * height / width : 0)
            if let maxHeight { box = min(box, maxHeight) }
            return paddingTop + box + paddingBottom
        }
    }

    /// One block as measured or known: its kind's geometry and what decides its size.
    public enum Block: Sendable, Equatable {
        case text(TextGeometry, lines: Int)
        case image(ImageGeometry, width: Double, height: Double)
        /// A block whose height the model does not decide (a divider, a
        /// missing image's placeholder): as the page measured it.
        case measured(height: Double)
    }

    /// A block's place in the column: its top, from the top of the screen, and its height.
    public struct Placement: Sendable, Equatable {
        public var top: Double
        public var height: Double
    }

    /// The column's width on a screen `screenWidth` wide.
    public static func columnWidth(screenWidth: Double) -> Double {
        max(0, screenWidth - 2 * padding)
    }

    /// The geometry of `kind`, with the line height its font has in
    /// `faces`; nil for a divider, whose look is the page's own.
    public static func geometry(of kind: BlockKind, faces: TextFaces) -> KindGeometry? {
        let style = kind.style
        switch kind.role {
        case .text:
            let size = style.fontSize ?? defaultFontSize
            let metrics = faces.metrics(forFamily: style.fontFamily)
            return .text(TextGeometry(lineHeight: metrics.lineHeight * size, lineSpacing: style.lineSpacing,
                                      paddingTop: style.paddingTop, paddingBottom: style.paddingBottom))
        case .image:
            return .image(ImageGeometry(maxHeight: style.maxHeight, aspectRatio: style.aspectRatio,
                                        paddingTop: style.paddingTop, paddingBottom: style.paddingBottom))
        case .divider:
            return nil
        }
    }

    /// Every block's top and height, stacked from the top of the screen.
    public static func place(_ blocks: [Block], screenWidth: Double) -> [Placement] {
        let column = columnWidth(screenWidth: screenWidth)
        var top = padding
        return blocks.enumerated().map { index, block in
            if index > 0 { top += spacing }
            let height: Double
            switch block {
            case .text(let text, let lines): height = text.height(lines: lines)
            case .image(let image, let width, let pixels): height = image.height(width: width, height: pixels, columnWidth: column)
            case .measured(let measured): height = measured
            }
            defer { top += height }
            return Placement(top: top, height: height)
        }
    }
}

/// The geometry of every kind of one schema, by kind name, for placing
/// blocks a page measured (`/api/layout`): which kind each block is and its
/// line count, or an image's pixel size.
public struct KindGeometries: Sendable, Equatable {
    public var kinds: [String: ColumnLayout.KindGeometry]

    public init(schema: ContentSchema, faces: TextFaces) {
        var kinds: [String: ColumnLayout.KindGeometry] = [:]
        for kind in schema.kinds {
            kinds[kind.name] = ColumnLayout.geometry(of: kind, faces: faces)
        }
        self.kinds = kinds
    }

    /// One measured block: `kind/lines` for text, `kind/WIDTHxHEIGHT` for
    /// an image (its pixels), `kind/=HEIGHT` for a block the model leaves
    /// to the page. Nil for anything else or an unknown kind.
    public func block(_ description: Substring) -> ColumnLayout.Block? {
        guard let slash = description.lastIndex(of: "/") else { return nil }
        let name = String(description[..<slash])
        let value = description[description.index(after: slash)...]
        if value.hasPrefix("="), let height = Double(value.dropFirst()), height.isFinite, height >= 0 { return .measured(height: height) }
        switch kinds[name] {
        case .text(let text)?:
            guard let lines = Int(value), lines >= 0, lines < 1_000_000 else { return nil }
            return .text(text, lines: lines)
        case .image(let image)?:
            let size = value.split(separator: "x")
            guard size.count == 2, let width = Double(size[0]), let height = Double(size[1]), width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
            return .image(image, width: width, height: height)
        case nil:
            return nil
        }
    }
}
