/// How wide each character is in the face the page draws it with, at a
/// size (a line is as wide as the sum of its characters'): the face's own
/// advance first, then a fallback face's (Japanese in a Latin face), as the browser takes a
/// character the first face lacks from the next face of the stack.
///
/// What it leaves out, each worth at most a few per cent of a line: kerning
/// and other shaping (ligatures, contextual forms, the browser's sub-pixel
/// positioning), and combining marks drawn over their base.
package struct TextMeasure: Sendable, Equatable {
    package var widths: AdvanceWidths
    /// How much wider the page draws the face than its file says: a
    /// stand-in's `size-adjust` (`FallbackFontFaces`), else 1.
    package var scale: Double
    package var fallback: AdvanceWidths?
    package var fallbackScale: Double

    package init(widths: AdvanceWidths, scale: Double = 1, fallback: AdvanceWidths? = nil, fallbackScale: Double = 1) {
        self.widths = widths
        self.scale = scale
        self.fallback = fallback
        self.fallbackScale = fallbackScale
    }

    /// Used for a character that neither face has: an ideograph's square
    /// em, or half of it for anything else, as fallback fonts commonly have.
    static func unknownAdvance(of scalar: Unicode.Scalar) -> Double {
        LineBreaking.isIdeographic(scalar) ? 1 : 0.5
    }

    /// The advance of `scalar` at `size` points.
    package func advance(of scalar: Unicode.Scalar, size: Double) -> Double {
        if let em = widths.advance(of: scalar) { return em * scale * size }
        if let em = fallback?.advance(of: scalar) { return em * fallbackScale * size }
        return Self.unknownAdvance(of: scalar) * size
    }
}
