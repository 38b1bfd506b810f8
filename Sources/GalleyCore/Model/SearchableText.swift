extension Document {
    /// What the index page searches besides the title and the file: the
    /// document's distinct words, lower-cased, in the order they first
    /// appear, separated by spaces, within `limit` UTF-8 bytes.
    ///
    /// Distinct words rather than the opening text, so a long article is
    /// found by words far down it; the bound keeps the list of 12,000
    /// documents small enough to send on every change. Reading stops when
    /// the bound is reached, so a huge document costs no more than a short one.
    /// `work` counts the scalars looked up in Unicode's tables.
    package func searchableText(limit: Int = Document.searchableTextLimit, work: WorkCounter? = nil) -> String {
        var collector = WordCollector(limit: limit, work: work)
        collector.collect(blocks)
        return collector.text
    }

    /// The bound of `searchableText` per document, in UTF-8 bytes.
    package static let searchableTextLimit = 600
}

/// Gathers distinct words until a byte budget is spent.
private struct WordCollector {
    let limit: Int
    /// The words kept so far, separated by spaces, as UTF-8.
    private var kept: [UInt8] = []
    /// Words are told apart by their bytes, lower-cased: hashing them as
    /// `String`s normalises every word that is not ASCII first.
    private var seen: Set<WordBytes> = []
    /// The word being read, as UTF-8, already lower-cased.
    private var word: [UInt8] = []
    private var isFull = false
    /// Counts the scalars looked up in Unicode's tables (a test shows which need none).
    private let work: WorkCounter?

    /// UTF-8 bytes kept of one word at most.
    static let longestWord = 120
    /// UTF-8 bytes read of one word before it is cut to `longestWord`: a
    /// run of text without spaces is a paragraph long.
    static let longestRead = 2 * longestWord

    init(limit: Int, work: WorkCounter? = nil) {
        self.limit = limit
        self.work = work
        kept.reserveCapacity(limit)
        // Room for the words of a full text (most are a few letters): a set grown as it fills hashes them all again.
        seen.reserveCapacity(limit / 4)
    }

    /// The words kept, separated by spaces.
    var text: String { String(decoding: kept, as: UTF8.self) }

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
            switch classify(scalar) {
            case .caselessLetter:
                if word.count < Self.longestRead { append(scalar) }
            case .letterOrDigit:
                if word.count < Self.longestRead { appendLowered(scalar) }
            case .mark where !word.isEmpty:
                if word.count < Self.longestRead { appendLowered(scalar) }
            case .mark, .other:
                endWord()
                if isFull { return }
            }
        }
    }

    private enum ScalarClass {
        /// A letter no lower-casing changes: kana, CJK ideographs, Hangul syllables.
        case caselessLetter
        case letterOrDigit
        /// A combining mark: it goes on the word it follows.
        case mark
        case other
    }

    /// What `Character.isLetter`, `isNumber` and a mark's category say of
    /// `scalar`. The scripts whose text has no spaces are told by their
    /// blocks, without Unicode's tables: every scalar of a long run of them
    /// would otherwise be looked up.
    private func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
        switch scalar.value {
        case 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return .caselessLetter
        case 0x3000...0x3004, 0x3008...0x3020, 0xFF01...0xFF0F, 0xFF1A...0xFF20:
            // Their spaces, brackets and punctuation.
            return .other
        default:
            break
        }
        work?.add(1)
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letterOrDigit
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return scalar.properties.numericType != nil ? .letterOrDigit : .other
        }
    }

    /// `scalar` lower-cased as `String.lowercased()` does it, scalar by scalar.
    /// Whole scalars, so what is kept of a long word is still UTF-8.
    private mutating func appendLowered(_ scalar: Unicode.Scalar) {
        guard scalar.properties.changesWhenLowercased else { return append(scalar) }
        word.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { word.append($0) }
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func endWord() {
        guard !word.isEmpty else { return }
        defer { word.removeAll(keepingCapacity: true) }
        // Text without spaces (Japanese, Chinese) is one long "word": a
        // part of it is still found by a search for a few of its
        // characters. It is cut where a scalar begins, so it stays UTF-8.
        var length = min(word.count, Self.longestWord)
        while length < word.count, length > 0, word[length] & 0xC0 == 0x80 { length -= 1 }
        let lowered = WordBytes(bytes: Array(word[..<length]))
        guard !seen.contains(lowered) else { return }
        let cost = lowered.bytes.count + (kept.isEmpty ? 0 : 1)
        guard kept.count + cost <= limit else {
            isFull = true
            return
        }
        seen.insert(lowered)
        if !kept.isEmpty { kept.append(UInt8(ascii: " ")) }
        kept.append(contentsOf: lowered.bytes)
    }
}

/// A word's UTF-8 bytes, hashed as one run of memory rather than byte by byte.
private struct WordBytes: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
