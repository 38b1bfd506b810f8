/// One `\fonttbl` entry: the family name and the code page its text bytes use.
struct RTFFont: Equatable {
    var name: String
    /// nil when the font names no character set, so the document's code page applies.
    var codePage: Int?
}

/// Collects `\fonttbl` entries, which writers spell either as `{\f0 … Name;}`
/// groups or as a flat `\f0 … Name;\f1 … Name;` list (Cocoa).
struct RTFFontTableReader: Equatable {
    private(set) var fonts: [Int: RTFFont] = [:]
    private var number: Int?
    private var characterSet: Int?
    private var explicitCodePage: Int?
    private var nameBytes: [UInt8] = []
    /// The last font looked up: text asks for its font's code page at every run, nearly always the same font.
    private var lastLookUp: (number: Int, font: RTFFont?)?

    /// Equal tables: the memo of the last look-up says nothing of the table.
    static func == (first: Self, second: Self) -> Bool {
        first.fonts == second.fonts && first.number == second.number && first.characterSet == second.characterSet
            && first.explicitCodePage == second.explicitCodePage && first.nameBytes == second.nameBytes
    }

    /// The entry for font `number`, if the table has one.
    mutating func font(_ number: Int) -> RTFFont? {
        if let lastLookUp, lastLookUp.number == number { return lastLookUp.font }
        let font = fonts[number]
        lastLookUp = (number, font)
        return font
    }

    mutating func beginFont(number: Int, decoder: inout RTFTextDecoder, documentCodePage: Int) {
        if self.number != nil { commit(decoder: &decoder, documentCodePage: documentCodePage) }
        self.number = number
        characterSet = nil
        explicitCodePage = nil
        nameBytes.removeAll(keepingCapacity: true)
    }

    mutating func setCharacterSet(_ value: Int) { characterSet = value }
    mutating func setCodePage(_ value: Int) { explicitCodePage = value }

    /// Adds name bytes; a `;` ends the entry.
    mutating func appendNameBytes(_ bytes: UnsafeBufferPointer<UInt8>, decoder: inout RTFTextDecoder, documentCodePage: Int) {
        for byte in bytes {
            if byte == UInt8(ascii: ";") {
                commit(decoder: &decoder, documentCodePage: documentCodePage)
            } else if nameBytes.count < 256 {
                nameBytes.append(byte)
            }
        }
    }

    /// Ends the entry in progress, if any (at a group end or before the next `\f`).
    mutating func commit(decoder: inout RTFTextDecoder, documentCodePage: Int) {
        guard let number else { return }
        let codePage = explicitCodePage ?? characterSet.flatMap(RTFCodePage.forCharacterSet)
        var nameUTF8: [UInt8] = []
        nameBytes.withUnsafeBufferPointer { decoder.decode($0, codePage: codePage ?? documentCodePage, into: &nameUTF8) }
        let name = String(decoding: nameUTF8, as: UTF8.self).trimmingRTFWhitespace()
        let isSymbolFont = ["symbol", "wingdings", "webdings"].contains(name.lowercased())
        if fonts[number] == nil || !name.isEmpty {
            fonts[number] = RTFFont(name: name, codePage: isSymbolFont ? RTFCodePage.symbol : codePage)
            lastLookUp = nil
        }
        self.number = nil
        nameBytes.removeAll(keepingCapacity: true)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingRTFWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
