import GalleyCore

/// The editor side of Galley's knowledge: fixes, completions, hovers,
/// definitions and the block under the cursor.
extension LanguageServer {
    /// The open document and the byte offset a request's position names.
    private func cursor(_ params: JSONNode?) -> (document: OpenDocument, offset: Int)? {
        guard let uri = params?.member("textDocument")?.value.member("uri")?.value.stringValue, let document = documents[uri],
              let position = LanguageServer.position(params?.member("position")?.value) else { return nil }
        return (document, document.text.offset(of: position, encoding: encoding))
    }

    private func range(_ bytes: Range<Int>, in document: OpenDocument) -> JSONOutput {
        LanguageServer.json(TextRange(start: document.text.position(ofOffset: bytes.lowerBound, encoding: encoding),
                                      end: document.text.position(ofOffset: bytes.upperBound, encoding: encoding)))
    }

    private func text(_ bytes: Range<Int>, in document: OpenDocument) -> String {
        String(decoding: document.text.bytes[bytes], as: UTF8.self)
    }

    /// The vocabulary of the document's preview, when it has one.
    private func vocabulary(of document: OpenDocument) -> EditorVocabulary? {
        guard let link = document.link else { return nil }
        return state(of: link) { try $0.vocabulary() }
    }

    // MARK: - Quick fixes

    /// A diagnostic as LSP tells it: its range, its id as the code, and its
    /// fix-its as `data`, which the client sends back with a code action
    /// request, in the document's position encoding.
    func lspDiagnostic(_ diagnostic: Diagnostic, in document: OpenDocument) -> JSONOutput {
        func range(_ range: SourceRange) -> JSONOutput {
            self.range(document.text.offset(of: range.start)..<document.text.offset(of: range.end), in: document)
        }
        let fixIts: [JSONOutput] = diagnostic.fixIts.map { fixIt in
            .object([
                ("title", .string(fixIt.message)),
                ("edits", .array(fixIt.edits.map { .object([("range", range($0.range)), ("newText", .string($0.replacement))]) })),
            ])
        }
        return .object([
            ("range", range(diagnostic.range)),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.id.rawValue)),
            ("source", .string("galley")),
            ("message", .string(diagnostic.message)),
            ("data", .object([("fixIts", .array(fixIts))])),
        ])
    }

    /// A quick fix for each fix-it of the diagnostics the client sends back.
    func codeActions(_ params: JSONNode?) -> JSONOutput {
        guard let uri = params?.member("textDocument")?.value.member("uri")?.value.stringValue, documents[uri] != nil else { return .array([]) }
        let diagnostics = params?.member("context")?.value.member("diagnostics")?.value.arrayValue ?? []
        var actions: [JSONOutput] = []
        for diagnostic in diagnostics {
            let fixIts = diagnostic.member("data")?.value.member("fixIts")?.value.arrayValue ?? []
            for (index, fixIt) in fixIts.enumerated() {
                guard let title = fixIt.member("title")?.value.stringValue, let edits = fixIt.member("edits")?.value.arrayValue else { continue }
                let textEdits: [JSONOutput] = edits.compactMap { edit in
                    guard let rangeNode = edit.member("range")?.value, let range = LanguageServer.range(rangeNode),
                          let newText = edit.member("newText")?.value.stringValue else { return nil }
                    return .object([("range", LanguageServer.json(range)), ("newText", .string(newText))])
                }
                guard textEdits.count == edits.count, !textEdits.isEmpty else { continue }
                actions.append(.object([
                    ("title", .string(title)),
                    ("kind", .string("quickfix")),
                    ("isPreferred", .bool(index == 0)),
                    ("diagnostics", .array([LanguageServer.echo(diagnostic)])),
                    ("edit", .object([("changes", .object([(uri, .array(textEdits))]))])),
                ]))
            }
        }
        return .array(actions)
    }

    // MARK: - Completion

    func completion(_ params: JSONNode?) -> JSONOutput {
        guard let (document, offset) = cursor(params), let string = JSONCursor.string(around: offset, in: document.text) else { return .array([]) }
        let bytes = document.text.bytes
        let typed = text((string.lowerBound + 1)..<offset, in: document)
        let replace = self.range((string.lowerBound + 1)..<offset, in: document)
        func item(_ label: String, _ newText: String, detail: String, kind: Int, snippet: Bool = false) -> JSONOutput {
            .object([
                ("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail)), ("filterText", .string(newText)),
                ("insertTextFormat", .int(snippet ? 2 : 1)), ("textEdit", .object([("range", replace), ("newText", .string(newText))])),
            ])
        }
        if document.path == ConfigFile.name {
            guard JSONCursor.isKey(stringAt: string.lowerBound, in: bytes),
                  let container = JSONCursor.containers(at: string.lowerBound, in: bytes).last else { return .array([]) }
            return .array((ConfigReader.knownKeys[container.key] ?? []).map { item($0, $0, detail: "galley.json", kind: 10) })
        }
        guard let vocabulary = vocabulary(of: document) else { return .array([]) }
        // Inside <image>…: the asset names the item's prefix can reach.
        if let tag = vocabulary.tags.first(where: { typed.hasPrefix("<\($0)>") }), !typed.contains("</") {
            // Without an item prefix (a text file), every asset by its whole name.
            let prefix = JSONCursor.lastStringValue(of: vocabulary.imageKey, before: offset, in: bytes).map { $0 + "_" } ?? ""
            let opening = "<\(tag)>"
            return .array(vocabulary.assets.filter { $0.name.hasPrefix(prefix) }.map { asset in
                let suffix = String(asset.name.dropFirst(prefix.count))
                return item(suffix, opening + suffix, detail: asset.name + " · " + asset.file, kind: 17)
            })
        }
        // A tag being opened at the start of a block.
        if typed.hasPrefix("<"), typed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
            return .array(vocabulary.tags.map { tag in
                item("<\(tag)>", snippetSupport ? "<\(tag)>$1</\(tag)>" : "<\(tag)></\(tag)>", detail: "block kind", kind: 14, snippet: snippetSupport)
            })
        }
        return .array([])
    }

    // MARK: - Hover and definition

    /// The asset an image block names, and the block's string.
    private func imageBlock(at offset: Int, in document: OpenDocument, _ vocabulary: EditorVocabulary) -> (EditorVocabulary.Asset, Range<Int>)? {
        guard let string = JSONCursor.string(around: offset, in: document.text) ?? lineRange(at: offset, in: document.text) else { return nil }
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

    func hover(_ params: JSONNode?) -> JSONOutput {
        guard let (document, offset) = cursor(params) else { return .null }
        if document.path == ConfigFile.name {
            guard let string = JSONCursor.string(around: offset, in: document.text) else { return .null }
            let name = String(text(string, in: document).dropFirst().dropLast())
            guard let css = KindStyleSheet.namedColors[name.lowercased()] ?? (name.hasPrefix("#") && name.count == 7 ? name : nil) else { return .null }
            let markdown = "**\(name)**: the colour `\(css)`"
            return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])), ("range", range(string, in: document))])
        }
        guard let link = document.link, let vocabulary = vocabulary(of: document),
              let (asset, string) = imageBlock(at: offset, in: document, vocabulary) else { return .null }
        var markdown = "**\(asset.name)**: `\(asset.file)`"
        if !asset.url.isEmpty { markdown = "![\(asset.name)](\(link.url.dropLast())\(asset.url))\n\n" + markdown }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])), ("range", range(string, in: document))])
    }

    func definition(_ params: JSONNode?) -> JSONOutput {
        guard let (document, offset) = cursor(params), let link = document.link, let vocabulary = vocabulary(of: document),
              let (asset, _) = imageBlock(at: offset, in: document, vocabulary) else { return .null }
        let start = LanguageServer.json(TextPosition(line: 0, character: 0))
        return .object([("uri", .string(FileURI.uri(ofPath: link.root + "/" + asset.definition))), ("range", .object([("start", start), ("end", start)]))])
    }

    // MARK: - Following the cursor

    /// The block under the resting cursor: its range for the editor, and
    /// pages that follow the editor scroll to it.
    func documentHighlight(_ params: JSONNode?) -> JSONOutput {
        // Lines are the daemon's: it must have the text the cursor is in.
        if pendingPreview.contains(where: { $0 == params?.member("textDocument")?.value.member("uri")?.value.stringValue }) { flush() }
        guard let (document, offset) = cursor(params), let link = document.link, let path = document.path else { return .array([]) }
        let block = JSONCursor.string(around: offset, in: document.text) ?? lineRange(at: offset, in: document.text)
        guard let block, !block.isEmpty else { return .array([]) }
        let line = document.text.lineIndex(containing: block.lowerBound) + 1
        _ = state(of: link) { try $0.follow(path: path, line: line) }
        return .array([.object([("range", range(block, in: document)), ("kind", .int(1))])])
    }

    /// A diagnostic as the client sent it, for a code action's `diagnostics`.
    static func echo(_ node: JSONNode) -> JSONOutput {
        switch node.value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .string(String(value))
        case .string(let value): return .string(value)
        case .array(let elements): return .array(elements.map(echo))
        case .object(let members): return .object(members.map { ($0.key, echo($0.value)) })
        }
    }
}
