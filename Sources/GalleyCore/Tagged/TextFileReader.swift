/// Reads a `.txt` file: each non-empty line is one block in the tagged
/// notation, so an author can draft an article in a plain editor.
package struct TextFileReader {
    package let schema: ContentSchema
    package let path: RelativePath
    /// Counts the lines split from the bytes and decoded (not taken over from the last reading).
    package let linesRead: WorkCounter?

    package init(schema: ContentSchema, path: RelativePath, linesRead: WorkCounter? = nil) {
        self.schema = schema
        self.path = path
        self.linesRead = linesRead
    }

    package func read(_ bytes: [UInt8]) -> (document: Document, diagnostics: [Diagnostic]) {
        let reading = snapshot(of: bytes)
        return (reading.document, reading.diagnostics)
    }

    /// Reads `bytes` whole, keeping what a later `reread` needs.
    package func snapshot(of bytes: [UInt8]) -> TextFileSnapshot {
        let textStart = Self.textStart(of: bytes)
        var lines = TextLines(starts: [0], strings: [], bracketed: 0)
        bytes.withUnsafeBufferPointer { file in
            let text = UnsafeBufferPointer(rebasing: file[textStart...])
            split(text, from: 0, to: text.count, firstLine: 0, into: &lines)
        }
        let (document, diagnostics, readings) = document(of: lines, reusing: nil)
        return TextFileSnapshot(
            bytes: bytes, textStart: textStart, lines: lines, document: document, diagnostics: diagnostics, readings: readings,
            bytesRead: bytes.count)
    }

    /// Where the text starts: after a UTF-8 byte order mark, if any.
    static func textStart(of bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Splits the lines of `text` from `start` (a line's start) to `end` (a
    /// line's start, or the end of the text: the text's last line, which
    /// ends there, is split too) into `lines`, the first being line
    /// `firstLine` (0-based): each line's start after the first, and a
    /// string for each line that is not blank.
    ///
    /// Lines are split on the bytes: a line feed is never part of another character (a carriage return before it
    /// is dropped, as "\r\n" ends a line), and breaking the whole file into characters cost hundreds of
    /// instructions a byte at every save.
    func split(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, throughLastLine: Bool = true, firstLine: Int,
        into lines: inout TextLines
    ) {
        var start = start
        var lineNumber = firstLine
        while start < end || (start == end && throughLastLine) {
            let region = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[..<end]))
            let lineFeed = ByteScan.firstIndex(of: 0x0A, in: region, from: start)
            var content = text[start..<(lineFeed ?? end)]
            lineNumber += 1
            linesRead?.add(1)
            if lineFeed != nil, content.last == 0x0D { content = content.dropLast() }
            // Trailing blanks are invisible in an editor: a tag followed by
            // one still closes its block, and diagnostics end before them.
            while let last = content.last, last == 0x20 || last == 0x09 { content = content.dropLast() }
            var string = String(decoding: UnsafeBufferPointer(rebasing: content), as: UTF8.self)
            if !string.isBlank {
                // Its scalars, counted as the bytes that start one: the string is valid UTF-8, repaired as decoded.
                let columns = string.withUTF8 { utf8 in utf8.reduce(0) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 } }
                let range = SourceRange(SourceLocation(line: lineNumber, column: 1), SourceLocation(line: lineNumber, column: 1 + columns))
                lines.append(TaggedString(text: string, range: range, notation: .line))
            }
            guard let lineFeed else { break }
            start = lineFeed + 1
            // The start after the region's last line feed is the next region's.
            if start < end || throughLastLine { lines.starts.append(start) }
        }
    }

    /// The document `lines` make: plain text, or tagged blocks (the strings
    /// of `previous` taken over where they are the same). Paragraphs of a
    /// plain `previous` are taken over for the strings `previous` marks as
    /// unchanged.
    func document(of lines: TextLines, reusing previous: TextFileSnapshot.Unchanged?) -> (
        document: Document, diagnostics: [Diagnostic], readings: TaggedStringReadings?
    ) {
        // A file without a "<" where every kind but the fallback is a tag is plain text, told from its bytes: parsing
        // each line as a block only to find none tagged, then freeing what that made, was most of reading such a file.
        // A "<" is never blank, so it is in a string when it is in the text.
        if lines.bracketed == 0, schema.kinds.allSatisfy({ $0.matcher.isAlways || $0.matcher.needsOpeningBracket }) {
            return (plainText(lines.strings, reusing: previous), [], nil)
        }
        let parsed = TaggedParser(schema: schema, path: path).blocks(
            from: lines.strings, imageName: schema.textFileImageName, reusing: previous?.snapshot.readings)
        let isTagged = parsed.blocks.contains { block in
            guard let kind = schema.kind(named: block.kind) else { return false }
            return !kind.matcher.isAlways
        }
        guard isTagged else { return (plainText(lines.strings, reusing: previous), [], parsed.strings) }
        var blocks = parsed.blocks
        var title = fileTitle
        // A heading kind on the first line titles the document, as a
        // navigation title would.
        if let first = blocks.first, first.kind == "heading", case .paragraph(let paragraph) = first.content {
            title = paragraph.plainText
            blocks.removeFirst()
        }
        return (
            Document(title: title, kind: .tagged, blocks: blocks, imageNamings: parsed.imageNamings), parsed.diagnostics, parsed.strings
        )
    }

    /// Plain text is just paragraphs, shown as a text view shows them. The
    /// paragraphs of a plain `previous` are taken over for the strings it
    /// marks unchanged, moved with them: the same boxes tell rendering at
    /// once that they are the same.
    private func plainText(_ strings: [TaggedString], reusing previous: TextFileSnapshot.Unchanged?) -> Document {
        func paragraph(_ string: TaggedString) -> Block {
            Block(kind: "paragraph", location: string.location, content: .paragraph(Paragraph(runs: [TextRun(string.text)])))
        }
        guard let previous, previous.snapshot.document.kind == .text,
            previous.snapshot.document.blocks.count == previous.snapshot.lines.strings.count
        else {
            return Document(title: fileTitle, kind: .text, blocks: strings.map(paragraph))
        }
        let earlier = previous.snapshot.document.blocks
        var blocks: [Block] = []
        blocks.reserveCapacity(strings.count)
        blocks += earlier[..<previous.before]
        blocks += strings[previous.before..<(strings.count - (earlier.count - previous.after))].map(paragraph)
        if previous.lineShift == 0 {
            blocks += earlier[previous.after...]
        } else {
            for block in earlier[previous.after...] {
                var moved = block
                moved.location.line += previous.lineShift
                blocks.append(moved)
            }
        }
        // Read from the same file: the same title, not found in its path again.
        return Document(title: previous.snapshot.document.title, kind: .text, blocks: blocks)
    }

    private var fileTitle: String { RelativePath.baseName(path.rawValue) }
}

/// The lines of a text file as its reader splits them.
struct TextLines: Sendable {
    /// Where each line starts in the text (after a byte order mark); only
    /// line feeds end lines.
    var starts: [Int]
    /// A string for each line that is not blank, in order.
    var strings: [TaggedString]
    /// How many of the strings hold a "<".
    var bracketed: Int

    mutating func append(_ string: TaggedString) {
        strings.append(string)
        if string.text.utf8.contains(UInt8(ascii: "<")) { bracketed += 1 }
    }
}
