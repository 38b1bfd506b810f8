/// Roman numerals for list markers (RTF and HTML lists both number with them).
package enum RomanNumeral {
    private static let table: [(Int, String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]

    /// `number` in upper-case roman numerals; nil outside 1…3999, which they cannot write.
    package static func uppercase(_ number: Int) -> String? {
        guard number > 0, number < 4000 else { return nil }
        var remaining = number
        var text = ""
        for (value, numeral) in table {
            while remaining >= value {
                text += numeral
                remaining -= value
            }
        }
        return text
    }
}
