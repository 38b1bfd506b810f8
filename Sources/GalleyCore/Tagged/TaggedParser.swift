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
            if case .always = kind.matcher {
                if let typed = halfWidthTags(of: string.text), let (meant, _) = classify(typed), meant.name != kind.name {
                    warn("'\(string.text)' has full-width brackets and is shown as body text, not as \(meant.name == "image" ? "an image" : "a \(meant.name)"); did you mean '\(typed)'?")
                } else if let problem = tagProblem(in: string.text) {
                    warn(problem)
                }
            }
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
        return (blocks, diagnostics)
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

    /// `text` with full-width tags (`＜image＞01＜／image＞`, as a Japanese
    /// input method types them) written in ASCII, the content left as it is;
    /// nil when it has no full-width tag.
    func halfWidthTags(of text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let opens: Set<Unicode.Scalar> = ["<", "\u{FF1C}"]
        let closes: Set<Unicode.Scalar> = [">", "\u{FF1E}"]
        guard let first = scalars.first, opens.contains(first),
              let openingEnd = scalars.firstIndex(where: closes.contains),
              let last = scalars.last, closes.contains(last),
              let closingStart = scalars.lastIndex(where: opens.contains), closingStart > openingEnd else { return nil }
        var fixed = scalars
        var changed = false
        for index in Array(0...openingEnd) + Array(closingStart..<scalars.count) {
            // The full-width forms U+FF01…U+FF5E are ASCII's U+0021…U+007E moved up by 0xFEE0.
            let value = scalars[index].value
            if (0xFF01...0xFF5E).contains(value), let ascii = Unicode.Scalar(value - 0xFEE0) {
                fixed[index] = ascii
                changed = true
            }
        }
        return changed ? String(String.UnicodeScalarView(fixed)) : nil
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
