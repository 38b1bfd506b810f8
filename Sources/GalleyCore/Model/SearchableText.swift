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
    private var word = ""
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
                for run in paragraph.runs where !isFull {
                    // A run's style may change inside a word: the word goes on.
                    if run.text.utf8.allSatisfy({ $0 < 0x80 }) {
                        collect(ascii: run.text)
                        continue
                    }
                    for character in run.text {
                        if character.isLetter || character.isNumber {
                            word.append(character)
                        } else {
                            endWord()
                            if isFull { break }
                        }
                    }
                }
                endWord()
            case .table(let rows):
                for row in rows { for cell in row { collect(cell.blocks) } }
            case .image, .divider:
                break
            }
        }
    }

    /// The same walk over ASCII text, by bytes: asking each character
    /// whether it is a letter was most of the cost of 10,000 documents.
    private mutating func collect(ascii text: String) {
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            guard isLetterOrDigit(bytes[index]) else {
                endWord()
                if isFull { return }
                index = bytes.index(after: index)
                continue
            }
            let start = index
            while index != bytes.endIndex, isLetterOrDigit(bytes[index]) { index = bytes.index(after: index) }
            word += Substring(bytes[start..<index])
        }
    }

    private mutating func endWord() {
        guard !word.isEmpty else { return }
        defer { word = "" }
        var lowered = word.lowercased()
        // Text without spaces (Japanese, Chinese) is one long "word": a
        // part of it is still found by a search for a few of its characters.
        while lowered.utf8.count > WordCollector.longestWord { lowered.removeLast() }
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
