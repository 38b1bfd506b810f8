/// One string of tagged content and where it was written.
package struct TaggedString: Sendable {
    /// How the string is written in its file, so that a fix can write
    /// another in its place.
    package enum Notation: Sendable, Hashable {
        /// A JSON string: the range holds its quotes.
        case jsonString
        /// A line of a text file, as it is (without its line break and trailing blanks).
        case line
        /// Written in a way fixes do not rewrite (a property list's `<string>`).
        case other

        /// `text` as this notation writes it, or nil when fixes do not rewrite it.
        package func written(_ text: String) -> String? {
            switch self {
            case .jsonString: JSONEscaping.sourceQuoted(text)
            case .line: text
            case .other: nil
            }
        }
    }

    package var text: String
    /// The string as written in its file.
    package var range: SourceRange
    package var notation: Notation

    package init(text: String, range: SourceRange, notation: Notation) {
        self.text = text
        self.range = range
        self.notation = notation
    }

    /// A string at `location` whose extent is not known (a test's, or one a
    /// fix does not rewrite).
    package init(text: String, location: SourceLocation) {
        self.init(text: text, range: SourceRange(at: location), notation: .other)
    }

    package var location: SourceLocation { range.start }

    /// A fix that writes `replacement` instead of the whole string.
    func fixIt(writing replacement: String, message: String) -> FixIt? {
        notation.written(replacement).map { .replacing(range, with: $0, message: message) }
    }
}

/// Turns tagged strings into blocks by the schema's kinds, and reports the
/// mistakes the seed's app would silently show as body text.
package struct TaggedParser {
    package let schema: ContentSchema
    package let path: RelativePath
    /// Counts the strings read anew (not taken over from a previous reading).
    private let stringsRead: WorkCounter?

    package init(schema: ContentSchema, path: RelativePath, stringsRead: WorkCounter? = nil) {
        self.schema = schema
        self.path = path
        self.stringsRead = stringsRead
    }

    /// What the strings make: blocks, the problems found, and how each image
    /// block's name was written (by the block's location).
    package struct Parsed {
        package var blocks: [Block] = []
        package var diagnostics: [Diagnostic] = []
        package var imageNamings = ImageNamings()
        /// What each string said, for the next reading of these strings.
        package var strings = TaggedStringReadings(imageName: nil, readings: [])
    }

    /// `imageName` fills `{imageName}` in image kinds' asset names: an
    /// item's image key, or for a text file the configured prefix; nil
    /// drops it, so that the tag names the asset.
    ///
    /// Strings whose text is that of a string of `previous` (the last
    /// reading of the same item, with the same schema) are not read again:
    /// an edit touches one stretch of strings, so they are matched from
    /// either end, and each is placed where it is now. Either way the
    /// result is that of reading every string.
    package func blocks(from strings: [TaggedString], imageName: String?, reusing previous: TaggedStringReadings? = nil) -> Parsed {
        let earlier = previous.flatMap { $0.imageName == imageName ? $0.readings : nil } ?? []
        let shortest = min(earlier.count, strings.count)
        var prefix = 0
        while prefix < shortest, earlier[prefix].reads(strings[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix, earlier[earlier.count - 1 - suffix].reads(strings[strings.count - 1 - suffix]) { suffix += 1 }
        var readings: [TaggedStringReading] = []
        readings.reserveCapacity(strings.count)
        for (index, string) in strings.enumerated() {
            if index < prefix {
                readings.append(earlier[index].placed(at: string.range))
            } else if index >= strings.count - suffix {
                readings.append(earlier[index - strings.count + earlier.count].placed(at: string.range))
            } else {
                readings.append(read(string, imageName: imageName))
            }
        }
        return assemble(readings, imageName: imageName)
    }

    /// What the strings `previous` read make with the one at `index`
    /// replaced by `string` (an edit inside it, which moved nothing else):
    /// only that string is read, the others' readings are taken as they
    /// are, not compared. The result is that of reading every string.
    package func blocks(replacing index: Int, with string: TaggedString, in previous: TaggedStringReadings, imageName: String?) -> Parsed {
        guard previous.imageName == imageName, previous.readings.indices.contains(index) else {
            var strings = previous.strings
            if strings.indices.contains(index) { strings[index] = string }
            return blocks(from: strings, imageName: imageName, reusing: previous)
        }
        var readings = previous.readings
        readings[index] =
            previous.readings[index].reads(string) ? previous.readings[index].placed(at: string.range) : read(string, imageName: imageName)
        return assemble(readings, imageName: imageName)
    }

    /// The blocks, problems and image namings of `readings`, in order: what
    /// each string says by itself, and what depends on its neighbours.
    private func assemble(_ readings: [TaggedStringReading], imageName: String?) -> Parsed {
        var parsed = Parsed()
        parsed.blocks.reserveCapacity(readings.count)
        var previousKind: KindName?
        // By index, each part read in place: most strings have no warning and no naming.
        for index in readings.indices {
            guard let kindIndex = readings[index].kindIndex, let block = readings[index].block else { continue }
            if !readings[index].aboutTags.isEmpty { parsed.diagnostics += readings[index].aboutTags }
            let follows = schema.kinds[kindIndex].follows
            if !follows.isEmpty, !follows.contains(where: { $0 == previousKind }) {
                let expected = follows.map { "'\($0)'" }.joined(separator: " or ")
                parsed.diagnostics.append(
                    Diagnostic(
                        path: path, id: .misplacedBlock, range: readings[index].string.range, severity: .warning,
                        message: "\(block.kind) does not directly follow \(expected == "'image'" ? "an image" : expected)"))
            }
            if !readings[index].aboutContent.isEmpty { parsed.diagnostics += readings[index].aboutContent }
            if let naming = readings[index].naming { parsed.imageNamings.append(naming, at: readings[index].string.location) }
            parsed.blocks.append(block)
            previousKind = block.kind
        }
        labelImages(&parsed)
        parsed.strings = TaggedStringReadings(imageName: imageName, readings: readings)
        return parsed
    }

    /// What `string` says by itself: its kind and block, the warnings about
    /// it, and how an image's name is written.
    private func read(_ string: TaggedString, imageName: String?) -> TaggedStringReading {
        stringsRead?.add(1)
        guard let (kindIndex, content) = classify(string.text) else {
            return TaggedStringReading(string: string, kindIndex: nil)
        }
        let kind = schema.kinds[kindIndex]
        func warning(_ id: DiagnosticID, _ message: String, fixIts: [FixIt] = []) -> Diagnostic {
            Diagnostic(path: path, id: id, range: string.range, severity: .warning, message: message, fixIts: fixIts)
        }
        var aboutTags: [Diagnostic] = []
        if kind.matcher.isAlways {
            if let typed = halfWidthTags(of: string.text), let (meantIndex, _) = classify(typed), case let meant = schema.kinds[meantIndex],
                meant.name != kind.name
            {
                let message =
                    "'\(string.text)' has full-width brackets and is shown as body text, not as "
                    + "\(meant.name == "image" ? "an image" : "a \(meant.name)"); did you mean '\(typed)'?"
                aboutTags.append(
                    warning(
                        .unknownTag, message, fixIts: string.fixIt(writing: typed, message: "write the tags in ASCII").map { [$0] } ?? []))
            } else if let problem = tagProblem(in: string) {
                aboutTags.append(warning(problem.id, problem.message, fixIts: problem.fixIts))
            }
        }
        var aboutContent: [Diagnostic] = []
        if kind.role != .divider, content.isBlank {
            aboutContent.append(warning(.emptyBlock, kind.role == .image ? "image has no name" : "empty \(kind.name) block"))
        }
        let naming = kind.role == .image ? ImageNaming(string, kind: kind, content: content, imageName: imageName) : nil
        return TaggedStringReading(
            string: string, kindIndex: kindIndex,
            block: block(kind: kind, content: content, location: string.location, imageName: imageName),
            aboutTags: aboutTags, aboutContent: aboutContent, naming: naming)
    }

    /// Gives each image the label its kind says VoiceOver reads, and warns,
    /// when the schema asks for labels, about images read by their asset name.
    private func labelImages(_ parsed: inout Parsed) {
        for index in parsed.blocks.indices {
            guard case .image(var image) = parsed.blocks[index].content, case .asset(let name) = image.source,
                let kind = schema.kind(named: parsed.blocks[index].kind)
            else { continue }
            let label = image.accessibilityLabel
            switch kind.imageLabel {
            case .assetName: break
            case .decorative: image.accessibilityLabel = ""
            case .following:
                if index + 1 < parsed.blocks.count, case .paragraph(let next) = parsed.blocks[index + 1].content {
                    image.accessibilityLabel = next.plainText.trimmingCharacters(in: .whitespaces)
                }
            }
            if schema.requiresImageLabels, image.accessibilityLabel == nil {
                let hint =
                    kind.imageLabel == .following
                    ? "no text block follows it to take its label from" : "set the kind's \"label\" to \"next\" or \"none\""
                parsed.diagnostics.append(
                    Diagnostic(
                        path: path, id: .unlabeledImage, at: parsed.blocks[index].location, severity: .warning,
                        message: "image '\(name)' has no accessibility label, so VoiceOver reads its asset name; \(hint)"))
            }
            // An unchanged block keeps its content's box, which tells a later comparison it is the same at once.
            if image.accessibilityLabel != label { parsed.blocks[index].content = .image(image) }
        }
    }

    /// The index of the first kind that matches `text` (not the kind: a
    /// copy of each kind tried cost more than matching it), and the content.
    private func classify(_ text: String) -> (Int, String)? {
        for index in schema.kinds.indices {
            if let content = schema.kinds[index].matcher.content(of: text) { return (index, content) }
        }
        return nil
    }

    private func block(kind: BlockKind, content: String, location: SourceLocation, imageName: String?) -> Block {
        switch kind.role {
        case .image:
            let assetName = BlockKind.fill(kind.assetNameTemplate, imageName: imageName, content: content)
            return Block(kind: kind.name, location: location, content: .image(ImageBlock(source: .asset(assetName))))
        case .text:
            return Block(kind: kind.name, location: location, content: .paragraph(Paragraph(runs: [TextRun(kind.prefix + content)])))
        case .divider:
            return Block(kind: kind.name, location: location, content: .divider)
        }
    }

    private var tagNames: [String] { schema.kinds.compactMap(\.tagName) }

    /// A string that looks like tagged content but matched no kind.
    private func tagProblem(in string: TaggedString) -> (id: DiagnosticID, message: String, fixIts: [FixIt])? {
        let text = string.text
        let opening = leadingTag(of: text)
        let closing = trailingClosingTag(of: text)
        switch (opening, closing) {
        case (nil, nil):
            return nil
        case (let open?, let close?) where open == close:
            return unknownTag("<\(open)>", name: open, in: string)
        case (let open?, let close?):
            guard tagNames.contains(open) else { return unknownTag("<\(open)>", name: open, in: string) }
            let fixed = String(text.dropLast(close.count + 3)) + "</\(open)>"
            let fixIt = string.fixIt(writing: fixed, message: "Change '</\(close)>' to '</\(open)>'")
            return (.mismatchedTag, "'<\(open)>' is closed by '</\(close)>'; did you mean '</\(open)>'?", fixIt.map { [$0] } ?? [])
        case (let open?, nil):
            if tagNames.contains(open) { return (.mismatchedTag, "unclosed '<\(open)>': the block is shown as body text", []) }
            return unknownTag("<\(open)>", name: open, in: string)
        case (nil, let close?):
            if tagNames.contains(close) { return (.mismatchedTag, "'</\(close)>' without an opening '<\(close)>'", []) }
            return unknownTag("</\(close)>", name: close, in: string)
        }
    }

    /// `text` with full-width tags (`＜image＞01＜／image＞`, as a Japanese
    /// input method types them) written in ASCII, the content left as it is;
    /// nil when it has no full-width tag.
    func halfWidthTags(of text: String) -> String? {
        func opens(_ scalar: Unicode.Scalar) -> Bool { scalar == "<" || scalar == "\u{FF1C}" }
        func closes(_ scalar: Unicode.Scalar) -> Bool { scalar == ">" || scalar == "\u{FF1E}" }
        // Most strings are body text: told apart by their ends, before any copy.
        guard let first = text.unicodeScalars.first, opens(first), let last = text.unicodeScalars.last, closes(last) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let openingEnd = scalars.firstIndex(where: closes),
            let closingStart = scalars.lastIndex(where: opens), closingStart > openingEnd
        else { return nil }
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

    /// An unknown tag, and the fix that renames it (both tags, when the
    /// string has a pair) to the nearest known one.
    private func unknownTag(_ token: String, name: String, in string: TaggedString) -> (id: DiagnosticID, message: String, fixIts: [FixIt])
    {
        var message = "'\(token)' matches no block kind and is shown as body text"
        // The seed's own tag, gone with its kind: galley.json replaced the seed's kinds without it.
        if let seedKind = ContentSchema.seed.kinds.first(where: { $0.tagName == name }), schema.kind(named: seedKind.name) == nil {
            return (.unknownTag, message + "; galley.json has no kind '\(seedKind.name)' ('replaceKinds' leaves out the seed's)", [])
        }
        guard let near = NearestName.find(name, among: tagNames) else { return (.unknownTag, message, []) }
        message += "; did you mean '\(near)'?"
        var fixed = string.text
        if leadingTag(of: fixed) == name { fixed = "<\(near)>" + fixed.dropFirst(name.count + 2) }
        if trailingClosingTag(of: fixed) == name { fixed = fixed.dropLast(name.count + 3) + "</\(near)>" }
        let fixIt = string.fixIt(writing: fixed, message: "Change '\(name)' to '\(near)'")
        return (.unknownTag, message, fixIt.map { [$0] } ?? [])
    }

    // Both look at the string's bytes first: most strings are body text, and
    // a string whose first (last) byte is not '<' ('>') cannot start (end)
    // with that character, without breaking it into characters.
    private func leadingTag(of text: String) -> String? {
        guard text.utf8.first == UInt8(ascii: "<"), text.first == "<", let end = text.firstIndex(of: ">") else { return nil }
        let name = text[text.index(after: text.startIndex)..<end]
        guard !name.isEmpty, name.allSatisfy(BlockMatcher.isWordCharacter) else { return nil }
        return String(name)
    }

    private func trailingClosingTag(of text: String) -> String? {
        guard text.utf8.last == UInt8(ascii: ">"), text.last == ">", let start = text.range(of: "</", options: .backwards) else {
            return nil
        }
        let name = text[start.upperBound..<text.index(before: text.endIndex)]
        guard !name.isEmpty, name.allSatisfy(BlockMatcher.isWordCharacter) else { return nil }
        return String(name)
    }
}
