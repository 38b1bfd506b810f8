/// The characters of a document that no installed face draws: Chromium
/// shows each as a box, which tells the author nothing. Named on the page,
/// in the document's answer and, as a note, in the editor and `check --verbose`.
///
/// A note, not a warning: the phone may well draw them; what is missing is
/// a face on the machine that previews, not something in the content.
package struct MissingGlyphs: Equatable, Sendable {
    /// One character no face draws.
    package struct Character: Equatable, Sendable {
        package var scalar: Unicode.Scalar
        /// `U+0E01`.
        package var codePoint: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        /// Its Unicode name, or what it is when it has none (`private use`).
        package var name: String {
            let properties = scalar.properties
            if let name = properties.name ?? properties.nameAlias { return name }
            switch properties.generalCategory {
            case .privateUse: return "private use"
            case .unassigned: return "unassigned"
            default: return "unnamed"
            }
        }
        /// `U+0E01 THAI CHARACTER KO KAI`.
        package var spoken: String { codePoint + " " + name }
    }

    /// The first distinct characters found, in reading order, at most `shownLimit`.
    package private(set) var characters: [Character] = []
    /// How many distinct characters are missing in all.
    package private(set) var count = 0
    /// The block that holds the first of them (the first block for one in the title).
    package private(set) var location: SourceLocation?

    /// How many characters are named; the rest are counted.
    package static let shownLimit = 3

    /// The characters of `document`'s title and blocks that `coverage` lacks;
    /// none when fontconfig gave no answer.
    ///
    /// Every save of a document checks it whole, so text of ASCII alone,
    /// most of what authors write, is passed over a vector of bytes at a
    /// time when every printable ASCII character is drawn.
    package init(in document: Document, coverage: CharacterCoverage) {
        guard coverage.isKnown else { return }
        var seen = Set<UInt32>()
        let skipsASCII = coverage.coversPrintableASCII
        let firstBlock = document.blocks.first?.location ?? .start
        note(document.title, at: firstBlock, coverage, skipsASCII, &seen)
        for block in document.blocks { note(block, coverage, skipsASCII, &seen) }
    }

    private mutating func note(_ block: Block, _ coverage: CharacterCoverage, _ skipsASCII: Bool, _ seen: inout Set<UInt32>) {
        switch block.content {
        case .paragraph(let paragraph):
            if let marker = paragraph.listMarker { note(marker, at: block.location, coverage, skipsASCII, &seen) }
            for run in paragraph.runs { note(run.text, at: block.location, coverage, skipsASCII, &seen) }
        case .table(let rows):
            for cell in rows.joined() { for inner in cell.blocks { note(inner, coverage, skipsASCII, &seen) } }
        case .image, .divider:
            break
        }
    }

    private mutating func note(
        _ text: String, at location: SourceLocation, _ coverage: CharacterCoverage, _ skipsASCII: Bool, _ seen: inout Set<UInt32>
    ) {
        var text = text
        if skipsASCII, text.withUTF8(ByteScan.isASCII) { return }
        for scalar in text.unicodeScalars where !coverage.covers(scalar) && Self.isDrawn(scalar) && seen.insert(scalar.value).inserted {
            count += 1
            if self.location == nil { self.location = location }
            if characters.count < Self.shownLimit { characters.append(Character(scalar: scalar)) }
        }
    }

    /// Whether a face must draw `scalar`: controls, format characters,
    /// separators and variation selectors change how others are drawn, or
    /// are space, and fonts rightly leave them out.
    private static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .surrogate, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
        default: return !properties.isVariationSelector
        }
    }

    package var isEmpty: Bool { count == 0 }

    /// A note at the block of the first missing character, naming the first few.
    package func diagnostic(path: RelativePath) -> Diagnostic? {
        guard let location, !characters.isEmpty else { return nil }
        var named = characters.map(\.spoken).joined(separator: ", ")
        if count > characters.count { named += " and \(count - characters.count) more" }
        return Diagnostic(
            path: path, id: .missingGlyph, at: location, severity: .note,
            message: "no installed font draws \(named): the preview shows a box for each")
    }

    /// `{"count": 5, "characters": [{"character": "ก", "codePoint": "U+0E01", "name": "THAI CHARACTER KO KAI"}]}`.
    package func write(into json: inout JSONWriter) {
        json.beginObject()
        json.field("count", count)
        json.key("characters")
        json.beginArray()
        for character in characters {
            json.beginObject()
            json.field("character", String(Swift.Character(character.scalar)))
            json.field("codePoint", character.codePoint)
            json.field("name", character.name)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
