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
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        // "\r\n" is one Character in Swift, so split on both forms.
        for content in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            guard !content.isBlank else { continue }
            // Trailing blanks are invisible in an editor: a tag followed by
            // one still closes its block, and diagnostics end before them.
            var scalars = content.unicodeScalars[...]
            while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
            let range = SourceRange(SourceLocation(line: lineNumber, column: 1), SourceLocation(line: lineNumber, column: 1 + scalars.count))
            strings.append(TaggedString(text: String(scalars), range: range, notation: .line))
        }
        let parsed = TaggedParser(schema: schema, path: path).blocks(from: strings, imageName: schema.textFileImageName)
        let isTagged = parsed.blocks.contains { block in
            guard let kind = schema.kind(named: block.kind) else { return false }
            if case .always = kind.matcher { return false }
            return true
        }
        guard isTagged else {
            // Plain text is just paragraphs, shown as a text view shows them.
            let paragraphs = strings.map { Block(kind: "paragraph", location: $0.location, content: .paragraph(Paragraph(runs: [TextRun($0.text)]))) }
            return (Document(title: fileTitle, kind: .text, blocks: paragraphs), [])
        }
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

    private var fileTitle: String { RelativePath.baseName(path) }
}
