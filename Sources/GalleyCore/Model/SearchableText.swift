extension Document {
    /// What the index page searches besides the title and the file: the
    /// document's distinct words, lower-cased, in the order they first
    /// appear, separated by spaces, within `limit` UTF-8 bytes.
    ///
    /// Distinct words rather than the opening text, so a long article is
    /// found by words far down it; the bound keeps the list of 12,000
    /// documents small enough to send on every change. Reading stops when
    /// the bound is reached, so a huge document costs no more than a short one.
    public func searchableText(limit: Int = Document.searchableTextLimit) -> String {
        var collector = WordCollector(limit: limit)
        collector.collect(blocks)
        return collector.text
    }

    /// The bound of `searchableText` per document, in UTF-8 bytes.
    public static let searchableTextLimit = 600
}

/// Gathers distinct words until a byte budget is spent.
private struct WordCollector {
    let limit: Int
    private(set) var text = ""
    private var seen: Set<String> = []
    /// The word being read, as UTF-8, its ASCII letters already lower-cased.
    private var word: [UInt8] = []
    private var wordIsASCII = true
    private var isFull = false

    /// UTF-8 bytes kept of one word at most.
    static let longestWord = 120
    /// UTF-8 bytes read of one word before it is lower-cased and cut to
    /// `longestWord`: a run of text without spaces is a paragraph long.
    static let longestRead = 2 * longestWord

    init(limit: Int) {
        self.limit = limit
    }

    mutating func collect(_ blocks: [Block]) {
        for block in blocks where !isFull {
            switch block.content {
            case .paragraph(let paragraph):
                // A run's style may change inside a word: the word goes on.
                for run in paragraph.runs where !isFull { collect(run.text) }
                endWord()
            case .table(let rows):
                for row in rows { for cell in row { collect(cell.blocks) } }
            case .image, .divider:
                break
            }
        }
    }

    /// Walks `run` by Unicode scalars, asking ASCII ones nothing: a letter
    /// or digit goes on the word, and so does a combining mark after one (a
    /// letter and its accent are one character); anything else ends it.
    /// Scalars rather than characters: breaking text into characters was
    /// most of the cost of listing documents whose text is not ASCII.
    private mutating func collect(_ run: String) {
        for scalar in run.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if Self.isASCIILetterOrDigit(byte) {
                    let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    if word.count < Self.longestRead { word.append(lowered) }
                } else {
                    endWord()
                    if isFull { return }
                }
                continue
            }
            if Self.isLetterOrDigit(scalar) || (!word.isEmpty && Self.isMark(scalar)) {
                // Whole scalars, so what is kept of a long word is still UTF-8.
                if word.count < Self.longestRead { word.append(contentsOf: String(scalar).utf8) }
                wordIsASCII = false
            } else {
                endWord()
                if isFull { return }
            }
        }
    }

    /// What `Character.isLetter` and `isNumber` say of a character beginning with `scalar`.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: scalar.properties.numericType != nil
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func endWord() {
        guard !word.isEmpty else { return }
        defer {
            word.removeAll(keepingCapacity: true)
            wordIsASCII = true
        }
        var lowered = wordIsASCII ? String(decoding: word.prefix(Self.longestWord), as: UTF8.self) : String(decoding: word, as: UTF8.self).lowercased()
        // Text without spaces (Japanese, Chinese) is one long "word": a
        // part of it is still found by a search for a few of its characters.
        while lowered.utf8.count > Self.longestWord { lowered.removeLast() }
        guard !seen.contains(lowered) else { return }
        let cost = lowered.utf8.count + (text.isEmpty ? 0 : 1)
        guard text.utf8.count + cost <= limit else {
            isFull = true
            return
        }
        seen.insert(lowered)
        if !text.isEmpty { text += " " }
        text += lowered
    }
}
