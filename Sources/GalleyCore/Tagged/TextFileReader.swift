/// Reads a `.txt` file: each non-empty line is one block in the tagged
/// notation, so an author can draft an article in a plain editor.
package struct TextFileReader {
    package let schema: ContentSchema
    package let path: String

    package init(schema: ContentSchema, path: String) {
        self.schema = schema
        self.path = path
    }

    package func read(_ bytes: [UInt8]) -> (document: Document, diagnostics: [Diagnostic]) {
        var strings: [TaggedString] = []
        var lineNumber = 0
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        // Lines are split on the bytes: a line feed is never part of another character (a carriage return before it
        // is dropped, as "\r\n" ends a line), and breaking the whole file into characters cost hundreds of
        // instructions a byte at every save.
        text.withUnsafeBufferPointer { file in
            var start = 0
            while start <= file.count {
                let lineFeed = file[start...].firstIndex(of: 0x0A)
                var content = file[start..<(lineFeed ?? file.count)]
                start = (lineFeed ?? file.count) + 1
                lineNumber += 1
                if lineFeed != nil, content.last == 0x0D { content = content.dropLast() }
                // Trailing blanks are invisible in an editor: a tag followed by
                // one still closes its block, and diagnostics end before them.
                while let last = content.last, last == 0x20 || last == 0x09 { content = content.dropLast() }
                var string = String(decoding: content, as: UTF8.self)
                guard !string.isBlank else { continue }
                // Its scalars, counted as the bytes that start one: the string is valid UTF-8, repaired as decoded.
                let columns = string.withUTF8 { utf8 in utf8.reduce(0) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 } }
                let range = SourceRange(SourceLocation(line: lineNumber, column: 1), SourceLocation(line: lineNumber, column: 1 + columns))
                strings.append(TaggedString(text: string, range: range, notation: .line))
            }
        }
        // A file without a "<" where every kind but the fallback is a tag is plain text, told from its bytes: parsing
        // each line as a block only to find none tagged, then freeing what that made, was most of reading such a file.
        if !text.contains(UInt8(ascii: "<")), schema.kinds.allSatisfy({ $0.matcher.isAlways || $0.matcher.needsOpeningBracket }) {
            return plainText(strings)
        }
        let parsed = TaggedParser(schema: schema, path: path).blocks(from: strings, imageName: schema.textFileImageName)
        let isTagged = parsed.blocks.contains { block in
            guard let kind = schema.kind(named: block.kind) else { return false }
            return !kind.matcher.isAlways
        }
        guard isTagged else { return plainText(strings) }
        var blocks = parsed.blocks
        var title = fileTitle
        // A heading kind on the first line titles the document, as a
        // navigation title would.
        if let first = blocks.first, first.kind == "heading", case .paragraph(let paragraph) = first.content {
            title = paragraph.plainText
            blocks.removeFirst()
        }
        return (Document(title: title, kind: .tagged, blocks: blocks, imageNamings: parsed.imageNamings), parsed.diagnostics)
    }

    /// Plain text is just paragraphs, shown as a text view shows them.
    private func plainText(_ lines: [TaggedString]) -> (document: Document, diagnostics: [Diagnostic]) {
        let paragraphs = lines.map {
            Block(kind: "paragraph", location: $0.location, content: .paragraph(Paragraph(runs: [TextRun($0.text)])))
        }
        return (Document(title: fileTitle, kind: .text, blocks: paragraphs), [])
    }

    private var fileTitle: String { RelativePath.baseName(path) }
}
