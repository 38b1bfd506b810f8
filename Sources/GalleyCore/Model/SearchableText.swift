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

    /// Walks `run` by bytes where it is ASCII, asking only the other
    /// characters whether they are letters or digits: asking each character
    /// was most of the cost of 10,000 documents, and most text is ASCII but
    /// for a few characters (the seed's body prefixes every paragraph with
    /// U+3000, which sent whole paragraphs down the slow way).
    private mutating func collect(_ run: String) {
        var contiguous = run
        contiguous.withUTF8 { bytes in
            let characters = run.utf8
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                let next = offset + 1
                // An ASCII byte followed by another (or by the end) is a
                // character of its own; before a byte beyond ASCII it may
                // begin a longer one (a letter and a combining accent).
                if byte < 0x80, next == bytes.count || bytes[next] < 0x80 {
                    if Self.isASCIILetterOrDigit(byte) {
                        word.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
                    } else {
                        endWord()
                        if isFull { return }
                    }
                    offset = next
                    continue
                }
                let index = characters.index(characters.startIndex, offsetBy: offset)
                let character = run[index]
                if character.isLetter || character.isNumber {
                    word.append(contentsOf: character.utf8)
                    wordIsASCII = false
                } else {
                    endWord()
                    if isFull { return }
                }
                offset = characters.distance(from: characters.startIndex, to: run.index(after: index))
            }
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
