/// The numbering state of one open `<ul>` or `<ol>` and the markers its items show.
struct HTMLListMarker {
    /// Nesting level, 0 for the outermost list.
    let level: Int
    private let isOrdered: Bool
    private var type: String?
    private var nextNumber: Int

    init(tag: HTMLStartTag, level: Int) {
        self.level = level
        isOrdered = tag.name == "ol"
        type = tag.value(of: "type")?.trimmingSpaces
        nextNumber = tag.value(of: "start").flatMap { Int($0.trimmingSpaces) } ?? 1
    }

    /// The marker of the next item; an item's own `value` and `type` win over the list's.
    mutating func nextMarker(for item: HTMLStartTag) -> String {
        if let value = item.value(of: "value").flatMap({ Int($0.trimmingSpaces) }) { nextNumber = value }
        let itemType = item.value(of: "type")?.trimmingSpaces ?? type
        guard isOrdered else { return bullet(itemType) }
        let number = nextNumber
        nextNumber = number == Int.max ? number : number + 1
        return ordinal(number, type: itemType) + "."
    }

    private func bullet(_ type: String?) -> String {
        switch type?.lowercased() {
        case "disc": return "•"
        case "circle": return "◦"
        case "square": return "▪"
        // Browsers change the bullet with the depth of lists around the item.
        default: return level == 0 ? "•" : level == 1 ? "◦" : "▪"
        }
    }

    private func ordinal(_ number: Int, type: String?) -> String {
        switch type {
        case "a": return Self.alphabetic(number)?.lowercased() ?? String(number)
        case "A": return Self.alphabetic(number) ?? String(number)
        case "i": return RomanNumeral.uppercase(number)?.lowercased() ?? String(number)
        case "I": return RomanNumeral.uppercase(number) ?? String(number)
        default: return String(number)
        }
    }

    /// A, B … Z, AA, AB …
    private static func alphabetic(_ number: Int) -> String? {
        guard number > 0 else { return nil }
        var remaining = number
        var letters: [Character] = []
        while remaining > 0 {
            remaining -= 1
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(remaining % 26))))
            remaining /= 26
        }
        return String(letters.reversed())
    }
}
