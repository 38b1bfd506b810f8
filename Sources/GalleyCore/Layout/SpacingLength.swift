/// A length the spacing rules compute with: points for the layout model,
/// or a CSS expression for the page, so that one statement of each rule
/// writes both (`ViewSpacing`) and the page cannot drift from the model.
public protocol SpacingLength: Sendable {
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
    public static func points(_ value: Double) -> Double { value }

    public static func largest(_ lhs: Double, _ rhs: Double) -> Double { Swift.max(lhs, rhs) }

    /// To the nearest multiple of `step`, a tie up: where SwiftUI puts a
    /// frame's edge on the pixel grid.
    public func roundedToNearestOrUp(toMultipleOf step: Double) -> Double {
        guard step > 0 else { return self }
        return (self / step).rounded(.toNearestOrAwayFromZero) * step
    }

    public func roundedUp(toMultipleOf step: Double) -> Double {
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
public struct CSSLength: SpacingLength, Equatable, CustomStringConvertible {
    public let expression: String

    public init(expression: String) {
        self.expression = expression
    }

    public var description: String { expression }

    public static func points(_ value: Double) -> CSSLength { CSSLength(expression: formatDecimal(value, places: 6) + "px") }

    public static func + (lhs: CSSLength, rhs: CSSLength) -> CSSLength {
        if rhs.isZero { return lhs }
        if lhs.isZero { return rhs }
        return CSSLength(expression: "calc(\(lhs.expression) + \(rhs.expression))")
    }

    private var isZero: Bool { expression == "0px" }

    public static func - (lhs: CSSLength, rhs: CSSLength) -> CSSLength {
        CSSLength(expression: "calc(\(lhs.expression) - \(rhs.expression))")
    }

    public static func * (factor: Double, length: CSSLength) -> CSSLength {
        CSSLength(expression: "calc(\(formatDecimal(factor, places: 6)) * \(length.expression))")
    }

    public static func largest(_ lhs: CSSLength, _ rhs: CSSLength) -> CSSLength {
        CSSLength(expression: "max(\(lhs.expression), \(rhs.expression))")
    }

    public func roundedUp(toMultipleOf step: CSSLength) -> CSSLength {
        CSSLength(expression: "round(up, \(expression), \(step.expression))")
    }

    /// The value of a custom property, with the value it has where the page sets none.
    public static func property(_ name: String, fallback: CSSLength) -> CSSLength {
        CSSLength(expression: "var(\(name), \(fallback.expression))")
    }
}
