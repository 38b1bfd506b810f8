/// One string of tagged content and where it was written.
public struct TaggedString: Sendable {
    public var text: String
    public var location: SourceLocation

    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

/// Turns tagged strings into blocks by the schema's kinds, and reports the
/// mistakes the seed's app would silently show as body text.
public struct TaggedParser {
    public let schema: ContentSchema
    public let path: String

    public init(schema: ContentSchema, path: String) {
        self.schema = schema
        self.path = path
    }

    public func blocks(from strings: [TaggedString], imageName: String?) -> (blocks: [Block], diagnostics: [Diagnostic]) {
        var blocks: [Block] = []
        blocks.reserveCapacity(strings.count)
        var diagnostics: [Diagnostic] = []
        var previousKind: String?
        for string in strings {
            guard let (kind, content) = classify(string.text) else { continue }
            func warn(_ message: String) {
                diagnostics.append(Diagnostic(path: path, location: string.location, severity: .warning, message: message))
            }
            if case .always = kind.matcher, let problem = tagProblem(in: string.text) { warn(problem) }
            if !kind.follows.isEmpty, !kind.follows.contains(previousKind ?? "") {
                let expected = kind.follows.map { "'\($0)'" }.joined(separator: " or ")
                warn("\(kind.name) does not directly follow \(expected == "'image'" ? "an image" : expected)")
            }
            if kind.role != .divider, content.allSatisfy(\.isWhitespace) {
                warn(kind.role == .image ? "image has no name" : "empty \(kind.name) block")
            }
            blocks.append(block(kind: kind, content: content, location: string.location, imageName: imageName))
            previousKind = kind.name
        }
        labelImages(&blocks, &diagnostics)
        return (blocks, diagnostics)
    }

    /// Gives each image the label its kind says VoiceOver reads, and warns,
    /// when the schema asks for labels, about images read by their asset name.
    private func labelImages(_ blocks: inout [Block], _ diagnostics: inout [Diagnostic]) {
        for index in blocks.indices {
            guard case .image(var image) = blocks[index].content, case .asset(let name) = image.source,
                  let kind = schema.kind(named: blocks[index].kind) else { continue }
            switch kind.imageLabel {
            case .assetName: break
            case .decorative: image.accessibilityLabel = ""
            case .following:
                if index + 1 < blocks.count, case .paragraph(let next) = blocks[index + 1].content {
                    image.accessibilityLabel = next.plainText.trimmingCharacters(in: .whitespaces)
                }
            }
            if schema.requiresImageLabels, image.accessibilityLabel == nil {
                let hint = kind.imageLabel == .following ? "no text block follows it to take its label from" : "set the kind's \"label\" to \"next\" or \"none\""
                diagnostics.append(Diagnostic(path: path, location: blocks[index].location, severity: .warning,
                                              message: "image '\(name)' has no accessibility label, so VoiceOver reads its asset name; \(hint)"))
            }
            blocks[index].content = .image(image)
        }
    }

    private func classify(_ text: String) -> (BlockKind, String)? {
        for kind in schema.kinds {
            if let content = kind.matcher.content(of: text) { return (kind, content) }
        }
        return nil
    }

    private func block(kind: BlockKind, content: String, location: SourceLocation, imageName: String?) -> Block {
        switch kind.role {
        case .image:
            let assetName = BlockKind.fill(kind.assetNameTemplate, imageName: imageName ?? "", content: content)
            return Block(kind: kind.name, location: location, content: .image(ImageBlock(source: .asset(assetName))))
        case .text:
            return Block(kind: kind.name, location: location, content: .paragraph(Paragraph(runs: [TextRun(kind.prefix + content)])))
        case .divider:
            return Block(kind: kind.name, location: location, content: .divider)
        }
    }

    private var tagNames: [String] { schema.kinds.compactMap(\.tagName) }

    /// A string that looks like tagged content but matched no kind.
    private func tagProblem(in text: String) -> String? {
        let opening = leadingTag(of: text)
        let closing = trailingClosingTag(of: text)
        switch (opening, closing) {
        case (nil, nil):
            return nil
        case (let open?, let close?) where open == close:
            return unknownTagMessage("<\(open)>", name: open)
        case (let open?, let close?):
            if tagNames.contains(open) { return "'<\(open)>' is closed by '</\(close)>'; did you mean '</\(open)>'?" }
            return unknownTagMessage("<\(open)>", name: open)
        case (let open?, nil):
            if tagNames.contains(open) { return "unclosed '<\(open)>': the block is shown as body text" }
            return unknownTagMessage("<\(open)>", name: open)
        case (nil, let close?):
            if tagNames.contains(close) { return "'</\(close)>' without an opening '<\(close)>'" }
            return unknownTagMessage("</\(close)>", name: close)
        }
    }

    private func unknownTagMessage(_ token: String, name: String) -> String {
        var message = "'\(token)' matches no block kind and is shown as body text"
        if let near = NearestName.find(name, among: tagNames) { message += "; did you mean '\(near)'?" }
        return message
    }

    private func leadingTag(of text: String) -> String? {
        guard text.first == "<", let end = text.firstIndex(of: ">") else { return nil }
        let name = text[text.index(after: text.startIndex)..<end]
        guard !name.isEmpty, name.allSatisfy(BlockMatcher.isWordCharacter) else { return nil }
        return String(name)
    }

    private func trailingClosingTag(of text: String) -> String? {
        guard text.last == ">", let start = text.range(of: "</", options: .backwards) else { return nil }
        let name = text[start.upperBound..<text.index(before: text.endIndex)]
        guard !name.isEmpty, name.allSatisfy(BlockMatcher.isWordCharacter) else { return nil }
        return String(name)
    }
}
