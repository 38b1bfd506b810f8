/// The spacing a view offers its neighbours in a `VStack`, edge by edge,
/// and how two neighbours' offers meet: SwiftUI's rule, modelled on the
/// audited open reimplementation (OpenSwiftUI's `Spacing.swift`,
/// `Text+Spacing.swift`, `PaddingLayout.swift` and `ResolvedImage.swift`).
///
/// Each view offers, at its top and bottom edges, a length per category.
/// Two neighbours meet where the upper one's bottom and the lower one's top
/// offer the same category; the largest of those meetings is the space
/// between them, and where none meets the stack puts its default of 8 pt.
package struct ViewSpacing<Length: SpacingLength>: Sendable {
    /// What a view offers for one category at one edge.
    package enum Offer: Sendable {
        case distance(Length)
        /// A text's lines, which meet another text's at the lower one's leading.
        case textLines(leading: Length, pixelLength: Length)
    }

    package var top: [SpacingCategory: Offer]
    package var bottom: [SpacingCategory: Offer]

    package init(top: [SpacingCategory: Offer], bottom: [SpacingCategory: Offer]) {
        self.top = top
        self.bottom = bottom
    }

    /// What a view offers when it says nothing of its own (a resizable
    /// image, a shape): no text edge, so a text beside it keeps its own
    /// distance, and two such views meet at the stack's default.
    package static var plain: ViewSpacing {
        ViewSpacing(top: [.edgeBelowText: .distance(.points(0))], bottom: [.edgeAboveText: .distance(.points(0))])
    }

    /// A `Text` of `lines` in a face of `metrics` (in points at the size drawn):
    /// - its extra is a tenth of ascender + descender, rounded up to a pixel
    ///   (iOS 17 SDK) or to 4 pt (before);
    /// - above it a view keeps the default line spacing less its ascender;
    /// - below it, the default line spacing less its cap height, or the
    ///   extra plus its descender, whichever is more.
    package static func text(_ metrics: TextSpacingMetrics<Length>, sdk: PlatformSDK, pixelLength: Length) -> ViewSpacing {
        let lineHeight = metrics.ascender + metrics.descender
        let extra = (0.1 * lineHeight).roundedUp(toMultipleOf: sdk.textSpacingFollowsUIKit ? pixelLength : .points(4))
        let defaultLineSpacing = lineHeight + extra
        let lines = Offer.textLines(leading: metrics.leading, pixelLength: pixelLength)
        return ViewSpacing(
            top: [
                .textToText: lines,
                .textBaseline: .distance(.points(0) - metrics.ascender),
                .edgeAboveText: .distance(defaultLineSpacing - metrics.ascender),
            ],
            bottom: [
                .textToText: lines,
                .textBaseline: .distance(.points(0) - metrics.descender),
                .edgeBelowText: .distance(.largest(defaultLineSpacing - metrics.capHeight, extra + metrics.descender)),
            ]
        )
    }

    /// The view with `.padding` on the edges given: from the iOS 14 SDK a
    /// padded edge offers only what a plain view does, so a text's own
    /// spacing no longer reaches past its padding.
    package func padded(top paddedTop: Bool, bottom paddedBottom: Bool, sdk: PlatformSDK) -> ViewSpacing {
        guard sdk.paddingResetsSpacing else { return self }
        var padded = self
        if paddedTop { padded.top = ViewSpacing.plain.top }
        if paddedBottom { padded.bottom = ViewSpacing.plain.bottom }
        return padded
    }

    /// The space between this view and `below`, its successor in a `VStack`
    /// that gives no spacing of its own, with the categories that met.
    package func space(above below: ViewSpacing, sdk: PlatformSDK) -> (length: Length, met: [SpacingCategory]) {
        var met: [SpacingCategory] = []
        var largest: Length?
        for category in SpacingCategory.allCases {
            guard let upper = bottom[category], let lower = below.top[category] else { continue }
            let length = Self.meeting(upper, lower, sdk: sdk)
            met.append(category)
            largest = largest.map { .largest($0, length) } ?? length
        }
        guard let largest else { return (.points(StackStyle.defaultSpacing), []) }
        return (largest, met)
    }

    /// Two offers of one category: distances add; a distance beside a
    /// text's lines is the distance alone; two texts' lines meet at the
    /// lower text's leading, rounded up to a pixel (iOS 17 SDK), or at 0.
    private static func meeting(_ upper: Offer, _ lower: Offer, sdk: PlatformSDK) -> Length {
        switch (upper, lower) {
        case (.distance(let above), .distance(let below)): above + below
        case (.distance(let above), .textLines): above
        case (.textLines, .distance(let below)): below
        case (.textLines(_, let pixelLength), .textLines(let leading, _)):
            sdk.textSpacingFollowsUIKit ? leading.roundedUp(toMultipleOf: pixelLength) : .points(0)
        }
    }
}

/// The kinds of spacing a view can offer at its top or bottom edge.
package enum SpacingCategory: String, Sendable, CaseIterable {
    case textToText, textBaseline, edgeAboveText, edgeBelowText
}

/// The face metrics the spacing of a text comes from: the largest of the
/// fonts set on it, in points at the size drawn. The descender is the
/// distance below the baseline, positive.
package struct TextSpacingMetrics<Length: SpacingLength>: Sendable {
    package var ascender: Length
    package var descender: Length
    package var capHeight: Length
    package var leading: Length

    package init(ascender: Length, descender: Length, capHeight: Length, leading: Length) {
        self.ascender = ascender
        self.descender = descender
        self.capHeight = capHeight
        self.leading = leading
    }

    /// A face's metrics (fractions of the em) at `size`.
    package init(_ metrics: FontMetrics, size: Length) {
        self.init(
            ascender: metrics.ascent * size, descender: metrics.descent * size,
            capHeight: metrics.capHeight * size, leading: metrics.lineGap * size)
    }
}
