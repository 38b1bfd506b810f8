/// Collects `\colortbl` entries; an entry with no components is the "auto" colour.
struct RTFColorTableReader: Equatable {
    private(set) var colors: [RGBColor?] = []
    private var red: UInt8 = 0
    private var green: UInt8 = 0
    private var blue: UInt8 = 0
    private var hasComponent = false

    /// Writers never need more; the cap bounds memory on hostile input.
    private static let maximumCount = 65_536

    mutating func setComponent(_ word: RTFControlWord, value: Int) {
        let clamped = UInt8(clamping: value)
        switch word {
        case .red: red = clamped
        case .green: green = clamped
        case .blue: blue = clamped
        default: return
        }
        hasComponent = true
    }

    mutating func endEntry() {
        guard colors.count < Self.maximumCount else { return }
        colors.append(hasComponent ? RGBColor(red: red, green: green, blue: blue) : nil)
        red = 0
        green = 0
        blue = 0
        hasComponent = false
    }

    /// The colour a `\cfN` or `\cbN` index selects; nil for "auto" or out-of-range indices.
    func color(at index: Int) -> RGBColor? {
        guard index >= 0, index < colors.count else { return nil }
        return colors[index]
    }
}
