/// Counts list items and spells their markers ("1.", "iv)", "•").
struct RTFListNumbering: Equatable {
    /// Counters per list and level; deeper levels restart when a shallower item appears.
    private var counters: [Int: [Int]] = [:]

    /// Advances the counter of `level` in `list` and returns the counters of all its levels.
    mutating func advance(list: Int, level: Int, startAt: (Int) -> Int) -> [Int] {
        let level = min(max(level, 0), 15)
        var values = counters[list] ?? []
        while values.count <= level { values.append(startAt(values.count) - 1) }
        values[level] += 1
        for deeper in (level + 1)..<max(values.count, level + 1) { values[deeper] = startAt(deeper) - 1 }
        counters[list] = values
        return values
    }

    /// The marker of a `\listtable` item from its level template.
    static func marker(levels: [RTFListLevel], level: Int, counters: [Int]) -> String {
        guard level < levels.count else { return counters.last.map { "\($0)." } ?? "•" }
        let definition = levels[level]
        if definition.numberFormat == 23 { return normalizedMarker(String(String.UnicodeScalarView(definition.template))) ?? "•" }
        guard !definition.template.isEmpty else { return format(counters[level], as: definition.numberFormat) + "." }
        var text = ""
        for scalar in definition.template {
            if scalar.value < 9 {
                let referenced = Int(scalar.value)
                let format = referenced < levels.count ? levels[referenced].numberFormat : 0
                if referenced < counters.count { text += self.format(counters[referenced], as: format) }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return normalizedMarker(text) ?? "•"
    }

    /// The marker of an old-style `\pn` item.
    static func marker(legacy numbering: RTFLegacyNumbering, counter: Int) -> String {
        if numbering.isBullet { return normalizedMarker(numbering.textBefore + numbering.textAfter) ?? "•" }
        let text = numbering.textBefore + format(counter, as: numbering.numberFormat) + numbering.textAfter
        return normalizedMarker(text) ?? "\(counter)."
    }

    /// Spells a number in a `\levelnfc` format.
    static func format(_ number: Int, as numberFormat: Int) -> String {
        switch numberFormat {
        case 1: return RomanNumeral.uppercase(number) ?? "\(number)"
        case 2: return RomanNumeral.uppercase(number)?.lowercased() ?? "\(number)"
        case 3: return letters(number).uppercased()
        case 4: return letters(number)
        case 22: return number < 10 ? "0\(number)" : "\(number)"
        case 23, 255: return ""
        default: return "\(number)"
        }
    }

    /// A marker as shown: surrounding tabs and spaces removed, and symbol-font bullets as their Unicode look-alikes.
    static func normalizedMarker(_ raw: String) -> String? {
        let trimmed = raw.trimmingRTFWhitespace()
        guard !trimmed.isEmpty else { return nil }
        switch trimmed {
        case "\u{F0B7}", "\u{00B7}": return "•"
        case "\u{F0A7}": return "▪"
        case "\u{F0D8}": return "➢"
        case "\u{F0FC}": return "✓"
        case "\u{F076}": return "❖"
        case "o": return "◦"
        default: return trimmed
        }
    }

    /// 1 → a, 26 → z, 27 → aa, as Word counts.
    private static func letters(_ number: Int) -> String {
        guard number > 0, number < 10_000 else { return "\(number)" }
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8((number - 1) % 26)))
        return String(repeating: letter, count: (number - 1) / 26 + 1)
    }
}
