/// The editor side of Galley's knowledge: fixes, completions, hovers,
/// definitions and the block under the cursor.
extension LanguageServerSession {
    /// The open document and the byte offset a request's position names.
    private func cursor(_ place: DocumentPosition) -> (document: OpenDocument, offset: Int)? {
        guard let document = documents[place.uri] else { return nil }
        return (document, document.text.offset(of: place.position, encoding: encoding))
    }

    private func range(_ bytes: Range<Int>, in document: OpenDocument) -> JSONOutput {
        TextRange(
            start: document.text.position(ofOffset: bytes.lowerBound, encoding: encoding),
            end: document.text.position(ofOffset: bytes.upperBound, encoding: encoding)
        ).json
    }

    private func text(_ bytes: Range<Int>, in document: OpenDocument) -> String {
        String(decoding: document.text.bytes[bytes], as: UTF8.self)
    }

    // MARK: - Quick fixes

    /// A quick fix for each fix-it of the diagnostics the client sends back.
    func codeActions(uri: DocumentURI, _ diagnostics: [ClientDiagnostic]) -> JSONOutput {
        guard documents[uri] != nil else { return .array([]) }
        var actions: [JSONOutput] = []
        for diagnostic in diagnostics {
            for (index, fix) in diagnostic.fixes.enumerated() {
                let edits: [JSONOutput] = fix.edits.map { .object([("range", $0.range.json), ("newText", .string($0.newText))]) }
                actions.append(
                    .object([
                        ("title", .string(fix.title)),
                        ("kind", .string("quickfix")),
                        ("isPreferred", .bool(index == 0)),
                        ("diagnostics", .array([JSONOutput(diagnostic.json)])),
                        ("edit", .object([("changes", .object([(uri.rawValue, .array(edits))]))])),
                    ]))
            }
        }
        return .array(actions)
    }

    // MARK: - Completion

    func completion(at place: DocumentPosition, vocabulary: EditorVocabulary?) -> JSONOutput {
        guard let (document, offset) = cursor(place), let string = JSONCursor.string(around: offset, in: document.text) else {
            return .array([])
        }
        let bytes = document.text.bytes
        let typed = text((string.lowerBound + 1)..<offset, in: document)
        let replace = range((string.lowerBound + 1)..<offset, in: document)
        // Every edit replaces what was typed since the string's quote, and no
        // item has a `filterText`: Neovim 0.7 starts its completion at the
        // edit's start only when none has one (else at the keyword, after the
        // `<`, and filters `<caption>` out for `cap`). Items are filtered here
        // by what was typed, because Neovim 0.11 trusts an edit's items as
        // the server's own choice and shows every one.
        func item(
            _ label: String, _ newText: String, detail: String, kind: CompletionItemKind,
            format: InsertTextFormat = .plainText
        ) -> JSONOutput? {
            guard newText.hasPrefix(typed) else { return nil }
            return .object([
                ("label", .string(label)), ("kind", .int(kind.rawValue)), ("detail", .string(detail)),
                ("insertTextFormat", .int(format.rawValue)), ("textEdit", .object([("range", replace), ("newText", .string(newText))])),
            ])
        }
        if document.path == ConfigFile.name {
            let containers = JSONCursor.containers(at: string.lowerBound, in: bytes)
            guard let container = containers.last else { return .array([]) }
            guard JSONCursor.isKey(stringAt: string.lowerBound, in: bytes) else {
                // A title's value may be a key of the app's strings.
                guard Self.isTitle(containers), let vocabulary else { return .array([]) }
                return .array(
                    vocabulary.strings.compactMap { string in
                        let values = string.values.map { "\($0.language): \($0.text)" }.joined(separator: " · ")
                        return item(string.key, string.key, detail: values, kind: .constant)
                    })
            }
            return .array((ConfigReader.knownKeys[container.key] ?? []).compactMap { item($0, $0, detail: "galley.json", kind: .property) })
        }
        guard let vocabulary else { return .array([]) }
        // Inside <image>…: the asset names the item's prefix can reach.
        if let tag = vocabulary.tags.first(where: { typed.hasPrefix("<\($0)>") }), !typed.contains("</") {
            // Without an item prefix (a text file), every asset by its whole name.
            let prefix = JSONCursor.lastStringValue(of: vocabulary.imageKey, before: offset, in: bytes).map { $0 + "_" } ?? ""
            let opening = "<\(tag)>"
            return .array(
                vocabulary.assets.filter { $0.name.hasPrefix(prefix) }.compactMap { asset in
                    let suffix = String(asset.name.dropFirst(prefix.count))
                    return item(suffix, opening + suffix, detail: asset.name + " · " + asset.file.rawValue, kind: .file)
                })
        }
        // A tag being opened at the start of a block.
        if typed.hasPrefix("<"), typed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
            let snippets = capabilities.snippets
            return .array(
                vocabulary.tags.compactMap { tag in
                    item(
                        "<\(tag)>", snippets ? "<\(tag)>$1</\(tag)>" : "<\(tag)></\(tag)>", detail: "block kind", kind: .keyword,
                        format: snippets ? .snippet : .plainText)
                })
        }
        return .array([])
    }

    // MARK: - Hover and definition

    /// The asset an image block names, and the block's string.
    private func imageBlock(at offset: Int, in document: OpenDocument, _ vocabulary: EditorVocabulary) -> (
        EditorVocabulary.Asset, Range<Int>
    )? {
        guard let string = JSONCursor.string(around: offset, in: document.text) ?? lineRange(at: offset, in: document.text) else {
            return nil
        }
        var content = text(string, in: document)
        if content.hasPrefix("\""), content.hasSuffix("\""), content.count >= 2 { content = String(content.dropFirst().dropLast()) }
        for tag in vocabulary.tags where content.hasPrefix("<\(tag)>") && content.hasSuffix("</\(tag)>") {
            let name = String(content.dropFirst(tag.count + 2).dropLast(tag.count + 3))
            let prefix = JSONCursor.lastStringValue(of: vocabulary.imageKey, before: offset, in: document.text.bytes)
            let candidates = (prefix.map { [$0 + "_" + name] } ?? []) + [name]
            if let asset = candidates.lazy.compactMap({ candidate in vocabulary.assets.first { $0.name == candidate } }).first {
                return (asset, string)
            }
        }
        return nil
    }

    private func lineRange(at offset: Int, in text: OpenTextDocument) -> Range<Int>? {
        let line = text.lineIndex(containing: offset)
        return text.lineStart(line)..<text.lineEnd(line)
    }

    /// Whether containers (of a string in `galley.json`) are those of a title: `titles` at the top.
    private static func isTitle(_ containers: [JSONCursor.Container]) -> Bool {
        containers.count == 2 && containers[1].key == "titles" && containers[1].isObject
    }

    func hover(at place: DocumentPosition, vocabulary: EditorVocabulary?) -> JSONOutput {
        guard let (document, offset) = cursor(place) else { return .null }
        if document.path == ConfigFile.name {
            guard let string = JSONCursor.string(around: offset, in: document.text) else { return .null }
            let name = String(text(string, in: document).dropFirst().dropLast())
            if let key = titleKey(at: offset, in: document, vocabulary: vocabulary) {
                let lines = key.values.map { "- `\($0.language)`: \($0.text) (`\($0.place)`)" }
                let markdown = "**\(key.key)**, a key of the app's strings:\n\n" + lines.joined(separator: "\n")
                return .object([
                    ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                    ("range", range(string, in: document)),
                ])
            }
            guard let css = KindStyleSheet.namedColors[name.lowercased()] ?? (name.hasPrefix("#") && name.count == 7 ? name : nil) else {
                return .null
            }
            var markdown = "**\(name)**: the colour `\(css)`"
            if let values = SwiftUIColorStyleSheet.hexValues(of: name.lowercased()) {
                markdown += ", `\(values.light)` in light, `\(values.dark)` in dark"
            }
            return .object([
                ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                ("range", range(string, in: document)),
            ])
        }
        guard let preview = document.preview, let vocabulary,
            let (asset, string) = imageBlock(at: offset, in: document, vocabulary)
        else { return .null }
        var markdown = "**\(asset.name)**: `\(asset.file)`"
        if !asset.url.isEmpty { markdown = "![\(asset.name)](\(preview.url.dropLast())\(asset.url))\n\n" + markdown }
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])), ("range", range(string, in: document)),
        ])
    }

    /// The key of the app's strings that the title under `offset` in `galley.json` names.
    private func titleKey(at offset: Int, in document: OpenDocument, vocabulary: EditorVocabulary?) -> EditorVocabulary.StringKey? {
        let bytes = document.text.bytes
        guard document.path == ConfigFile.name, let string = JSONCursor.string(around: offset, in: document.text),
            !JSONCursor.isKey(stringAt: string.lowerBound, in: bytes),
            Self.isTitle(JSONCursor.containers(at: string.lowerBound, in: bytes)),
            let vocabulary
        else { return nil }
        let name = String(text(string, in: document).dropFirst().dropLast())
        return vocabulary.strings.first { $0.key == name }
    }

    func definition(at place: DocumentPosition, vocabulary: EditorVocabulary?) -> JSONOutput {
        // A title key: its entry in every language (the line start, exact in every encoding).
        func location(_ path: RelativePath, line: Int) -> JSONOutput? {
            guard let preview = cursor(place)?.document.preview else { return nil }
            let start = TextPosition(line: line, character: 0).json
            let uri = DocumentURI(file: preview.root.joined(path))
            return .object([("uri", .string(uri.rawValue)), ("range", .object([("start", start), ("end", start)]))])
        }
        if let (document, offset) = cursor(place), let key = titleKey(at: offset, in: document, vocabulary: vocabulary) {
            return .array(key.values.compactMap { location($0.path, line: $0.location.line - 1) })
        }
        guard let (document, offset) = cursor(place), let vocabulary,
            let (asset, _) = imageBlock(at: offset, in: document, vocabulary)
        else { return .null }
        return location(asset.definition, line: 0) ?? .null
    }

    // MARK: - Following the cursor

    /// The block under the resting cursor: its range for the editor, and
    /// pages that follow the editor scroll to it.
    mutating func documentHighlight(_ id: RequestID, at place: DocumentPosition) -> [LanguageServerAction] {
        // Lines are the preview's: it must have the text the cursor is in.
        let sending = pendingPreview.contains(place.uri) ? handle(.inputIdle) : []
        guard let (document, offset) = cursor(place), let preview = document.preview, let path = document.path,
            let block = JSONCursor.string(around: offset, in: document.text) ?? lineRange(at: offset, in: document.text),
            !block.isEmpty
        else { return sending + [.send(.result(id: id, .array([])))] }
        let line = document.text.lineIndex(containing: block.lowerBound) + 1
        let highlight = JSONOutput.object([("range", range(block, in: document)), ("kind", .int(DocumentHighlightKind.text.rawValue))])
        return sending + [.follow(path: path, line: line, in: preview), .send(.result(id: id, .array([highlight])))]
    }
}
