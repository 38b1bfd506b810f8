/// A length the spacing rules compute with: points for the layout model,
/// or a CSS expression for the page, so that one statement of each rule
/// writes both (`ViewSpacing`) and the page cannot drift from the model.
package protocol SpacingLength: Sendable {
    static func points(_ value: Double) -> Self
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (factor: Double, length: Self) -> Self
    /// The larger of the two.
    static func largest(_ lhs: Self, _ rhs: Self) -> Self
    /// Rounded up to a whole number of `step`s, as SwiftUI rounds a length
    /// "up, toMultipleOf" a pixel.
    func roundedUp(toMultipleOf step: Self) -> Self
}

extension Double: SpacingLength {
    package static func points(_ value: Double) -> Double { value }

    package static func largest(_ lhs: Double, _ rhs: Double) -> Double { Swift.max(lhs, rhs) }

    /// To the nearest multiple of `step`, a tie up: where SwiftUI puts a
    /// frame's edge on the pixel grid.
    package func roundedToNearestOrUp(toMultipleOf step: Double) -> Double {
        guard step > 0 else { return self }
        return (self / step).rounded(.toNearestOrAwayFromZero) * step
    }

    package func roundedUp(toMultipleOf step: Double) -> Double {
        guard step > 0 else { return self }
        let steps = self / step
        // A length already on the grid but for binary fractions stays there.
        let nearest = steps.rounded()
        return (abs(steps - nearest) < 1e-9 ? nearest : steps.rounded(.up)) * step
    }
}

/// A length as CSS computes it on the page: `px`, `calc()`, `max()` and
/// `round(up, …)`, with the page's custom properties (`--text-scale`, the
/// device's pixel) inside.
package struct CSSLength: SpacingLength, Equatable, CustomStringConvertible {
    package let expression: String

    package init(expression: String) {
        self.expression = expression
    }

    package var description: String { expression }

    package static func points(_ value: Double) -> CSSLength { CSSLength(expression: formatDecimal(value, places: 6) + "px") }

    package static func + (lhs: CSSLength, rhs: CSSLength) -> CSSLength {
        if rhs.isZero { return lhs }
        if lhs.isZero { return rhs }
        return CSSLength(expression: "calc(\(lhs.expression) + \(rhs.expression))")
    }

    private var isZero: Bool { expression == "0px" }

    package static func - (lhs: CSSLength, rhs: CSSLength) -> CSSLength {
        CSSLength(expression: "calc(\(lhs.expression) - \(rhs.expression))")
    }

    package static func * (factor: Double, length: CSSLength) -> CSSLength {
        CSSLength(expression: "calc(\(formatDecimal(factor, places: 6)) * \(length.expression))")
    }

    package static func largest(_ lhs: CSSLength, _ rhs: CSSLength) -> CSSLength {
        CSSLength(expression: "max(\(lhs.expression), \(rhs.expression))")
    }

    package func roundedUp(toMultipleOf step: CSSLength) -> CSSLength {
        CSSLength(expression: "round(up, \(expression), \(step.expression))")
    }

    /// The value of a custom property, with the value it has where the page sets none.
    package static func property(_ name: String, fallback: CSSLength) -> CSSLength {
        CSSLength(expression: "var(\(name), \(fallback.expression))")
    }
}
