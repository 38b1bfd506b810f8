/// One item of a data file, read into a document.
package struct ItemReading: Sendable, Equatable {
    package var index: Int
    package var document: Document
    package var diagnostics: [Diagnostic]
}

/// What a JSON file turned out to be.
package enum DataFileReading: Sendable, Equatable {
    /// A data file: one document per item, plus problems of the file as a whole.
    case items([ItemReading], fileDiagnostics: [Diagnostic])
    /// Valid JSON that holds no items with a text array (a package manifest…).
    case notContent
    /// The file cannot be read; the last good rendering should stay.
    case invalid(Diagnostic)
}

/// How a data file is written: the same items in JSON or in a property list.
package enum DataFileSyntax: Sendable {
    case json
    /// XML or binary, told apart by the file's first bytes.
    case propertyList
}

/// Reads a data file of items (an array, or an object holding one).
package struct DataFileReader {
    package let schema: ContentSchema
    package let path: RelativePath
    package let syntax: DataFileSyntax
    /// Counts the bytes read to find line and column of what the reader points at.
    package let work: WorkCounter?
    /// Counts the tagged strings classified (not taken over from the last reading).
    package let stringsRead: WorkCounter?

    package init(
        schema: ContentSchema, path: RelativePath, syntax: DataFileSyntax = .json, work: WorkCounter? = nil, stringsRead: WorkCounter? = nil
    ) {
        self.schema = schema
        self.path = path
        self.syntax = syntax
        self.work = work
        self.stringsRead = stringsRead
    }

    package func read(_ bytes: [UInt8]) -> DataFileReading {
        snapshot(of: bytes).reading
    }

    /// Reads `bytes` whole, keeping what a later `reread` needs.
    package func snapshot(of bytes: [UInt8]) -> DataFileSnapshot {
        let lines = SourcePositions(bytes, syntax: syntax)
        let reading: DataFileReading
        var itemStarts: [Int] = []
        var itemEnds: [Int] = []
        var itemSources: [ItemSource] = []
        var itemDepth = 0
        switch syntax == .json ? JSONReader.parse(bytes) : PropertyListReader.parse(bytes) {
        case .failure(let error):
            reading = .invalid(
                error.diagnostic(
                    path: path, id: syntax == .json ? .jsonSyntax : .propertyListSyntax,
                    location: { lines.location(ofOffset: $0, work: work) }))
        case .success(let root):
            if let items = itemArray(in: root) {
                var fileDiagnostics: [Diagnostic] = []
                var readings: [ItemReading] = []
                for (index, item) in items.enumerated() {
                    guard let members = item.objectValue else {
                        fileDiagnostics.append(
                            diagnostic(
                                .wrongType, .warning, "item \(index) is \(item.value.typeDescription), expected an object",
                                at: item.headOffsets, lines))
                        continue
                    }
                    let (reading, source) = readItem(members, index: index, offsets: item.headOffsets, lines)
                    readings.append(reading)
                    itemSources.append(source)
                }
                reading = .items(readings, fileDiagnostics: fileDiagnostics)
                itemStarts = items.map(\.offset)
                itemEnds = items.map(\.end)
                // An item of a top-level array is read one level deeper than
                // the root; of an array in the root object, two.
                itemDepth = root.arrayValue != nil ? 1 : 2
            } else {
                reading = .notContent
            }
        }
        return DataFileSnapshot(
            bytes: bytes, reading: reading, lines: lines, itemStarts: itemStarts, itemEnds: itemEnds,
            itemSources: itemSources, itemDepth: itemDepth,
            bytesRead: bytes.count)
    }

    /// The array of items: the root itself, or the first array of objects
    /// with a text key among the root object's members.
    private func itemArray(in root: JSONNode) -> [JSONNode]? {
        if let elements = root.arrayValue { return holdsItems(elements) ? elements : nil }
        for member in root.objectValue ?? [] {
            if let elements = member.value.arrayValue, holdsItems(elements) { return elements }
        }
        return nil
    }

    private func holdsItems(_ elements: [JSONNode]) -> Bool {
        elements.contains { $0.member(schema.textKey) != nil }
    }

    func diagnostic(
        _ id: DiagnosticID, _ severity: Severity, _ message: String, at offsets: Range<Int>, _ lines: SourcePositions,
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(
            path: path, id: id, range: lines.range(ofOffsets: offsets, work: work), severity: severity, message: message, fixIts: fixIts)
    }

    /// `offsets` are the item's opening brace, where problems of the item as
    /// a whole are told. Strings `previous` (the item's last reading) read
    /// are taken over.
    func readItem(
        _ members: [JSONMember], index: Int, offsets: Range<Int>, _ lines: SourcePositions,
        reusing previous: ItemSource? = nil
    ) -> (reading: ItemReading, source: ItemSource) {
        var diagnostics: [Diagnostic] = []
        var seenKeys: Set<String> = []
        for member in members where !seenKeys.insert(member.key).inserted {
            diagnostics.append(
                diagnostic(.duplicateKey, .warning, "duplicate key '\(member.key)'; the last one is used", at: member.keyOffsets, lines))
        }
        diagnostics += misspeltKeys(members, lines)
        func lastMember(_ key: String) -> JSONMember? { members.last { $0.key == key } }
        func string(_ key: String) -> String? {
            guard let member = lastMember(key) else { return nil }
            guard let text = member.value.stringValue else {
                diagnostics.append(
                    diagnostic(
                        .wrongType, .warning, "'\(key)' is \(member.value.value.typeDescription), expected a string",
                        at: member.value.headOffsets, lines))
                return nil
            }
            return text
        }

        let title = string(schema.titleKey)
        if title?.isEmpty ?? true {
            diagnostics.append(diagnostic(.missingKey, .warning, "item has no title ('\(schema.titleKey)')", at: offsets, lines))
        }
        let imageName = string(schema.imageKey)
        let navigationTitle = schema.navigationTitle.flatMap { string($0.key) }
        var header: [(field: Int, value: TaggedString)] = []
        for (index, field) in schema.headerFields.enumerated() {
            guard let member = lastMember(field.key), let text = string(field.key) else { continue }
            header.append(
                (index, TaggedString(text: text, range: lines.range(ofOffsets: member.value.headOffsets, work: work), notation: notation)))
        }

        var strings: [TaggedString] = []
        var stringOffsets: [Range<Int>] = []
        if let text = lastMember(schema.textKey) {
            if let elements = text.value.arrayValue {
                strings.reserveCapacity(elements.count)
                stringOffsets.reserveCapacity(elements.count)
                for element in elements {
                    if let value = element.stringValue {
                        strings.append(
                            TaggedString(text: value, range: lines.range(ofOffsets: element.headOffsets, work: work), notation: notation))
                        stringOffsets.append((element.offset - offsets.lowerBound)..<(element.end - offsets.lowerBound))
                    } else {
                        diagnostics.append(
                            diagnostic(
                                .wrongType, .warning, "'\(schema.textKey)' element is \(element.value.typeDescription), expected a string",
                                at: element.headOffsets, lines))
                    }
                }
            } else {
                diagnostics.append(
                    diagnostic(
                        .wrongType, .error, "'\(schema.textKey)' is \(text.value.value.typeDescription), expected an array of strings",
                        at: text.value.headOffsets, lines))
            }
        } else {
            diagnostics.append(diagnostic(.missingKey, .warning, "item has no '\(schema.textKey)'", at: offsets, lines))
        }
        let source = ItemSource(
            title: title, imageName: imageName, memberDiagnostics: diagnostics, stringOffsets: stringOffsets,
            strings: previous?.strings ?? TaggedStringReadings(imageName: nil, readings: []),
            navigationTitle: navigationTitle, header: header,
            members: members.map { member in
                ItemSource.WrittenMember(
                    key: member.key, value: (member.value.offset - offsets.lowerBound)..<(member.value.end - offsets.lowerBound),
                    isString: member.value.stringValue != nil)
            })
        return finish(item: index, source, strings: strings)
    }

    /// Item `index`, from what its members said (`source`) and its text's
    /// strings; the strings `source` read last time are taken over, and the
    /// source returned holds what these said.
    func finish(item index: Int, _ source: ItemSource, strings: [TaggedString]) -> (reading: ItemReading, source: ItemSource) {
        finish(item: index, source) { parser, imageName in parser.blocks(from: strings, imageName: imageName, reusing: source.strings) }
    }

    /// Item `index`, from what its members said (`source`) and what `parse`
    /// makes of its strings with the image name they are read with.
    func finish(
        item index: Int, _ source: ItemSource, parse: (TaggedParser, String) -> TaggedParser.Parsed
    ) -> (reading: ItemReading, source: ItemSource) {
        // An item without an image key names its images as the seed's app does: `_01`.
        let parsed = parse(TaggedParser(schema: schema, path: path, stringsRead: stringsRead), source.imageName ?? "")
        let title = source.title ?? "Item \(index + 1)"
        let bar = schema.navigationTitle.map { NavigationBar(title: source.navigationTitle ?? "", displayMode: $0.displayMode) }
        var document = Document(title: title, kind: .tagged, blocks: parsed.blocks, imageNamings: parsed.imageNamings, navigationBar: bar)
        var diagnostics = source.memberDiagnostics
        if !source.header.isEmpty {
            let header = headerBlocks(source.header)
            document.blocks = header.blocks + document.blocks
            document.imageNamings = header.imageNamings.followed(by: document.imageNamings)
            diagnostics += header.diagnostics
        }
        var source = source
        source.strings = parsed.strings
        return (ItemReading(index: index, document: document, diagnostics: diagnostics + parsed.diagnostics), source)
    }

    /// The blocks of the item's header fields, each read by its field's own
    /// kind alone: a field's value is that kind's whole content.
    private func headerBlocks(_ header: [(field: Int, value: TaggedString)]) -> TaggedParser.Parsed {
        var result = TaggedParser.Parsed()
        for (field, value) in header where schema.headerFields.indices.contains(field) {
            var fieldSchema = schema
            fieldSchema.kinds = [schema.headerFields[field].kind]
            fieldSchema.headerFields = []
            let parsed = TaggedParser(schema: fieldSchema, path: path).blocks(from: [value], imageName: nil)
            result.blocks += parsed.blocks
            result.diagnostics += parsed.diagnostics
            result.imageNamings = result.imageNamings.followed(by: parsed.imageNamings)
        }
        return result
    }

    /// How fixes rewrite this file's strings: a property list's are left alone.
    var notation: TaggedString.Notation { syntax == .json ? .jsonString : .other }

    /// Warnings for keys that are not the schema's but nearly are
    /// (`imagename` for `imageName`) while the real one is missing: the
    /// app would not see them.
    private func misspeltKeys(_ members: [JSONMember], _ lines: SourcePositions) -> [Diagnostic] {
        let configured = [schema.textKey, schema.imageKey, schema.titleKey]
        let present = Set(members.map(\.key))
        let missing = configured.filter { !present.contains($0) }
        // Most items have every configured key: nothing to be near.
        guard !missing.isEmpty else { return [] }
        return members.compactMap { member in
            guard !configured.contains(member.key), let near = NearestName.find(member.key, among: missing) else { return nil }
            let fixIts =
                syntax == .json ? [FixIt.renamingKey(member.key, at: lines.range(ofOffsets: member.keyOffsets, work: work), to: near)] : []
            return diagnostic(
                .unknownKey, .warning, "unknown item key '\(member.key)'; did you mean '\(near)'?", at: member.keyOffsets, lines,
                fixIts: fixIts)
        }
    }
}

/// Where a byte offset of a data file is for the author: line and column in
/// a text file; in a binary property list, which has no lines, line 1 and
/// the object's byte offset plus one as the column.
struct SourcePositions: Sendable {
    /// Nil for a binary property list.
    let lines: SourceLocator?

    init(_ bytes: [UInt8], syntax: DataFileSyntax) {
        let isBinary = syntax == .propertyList && PropertyListReader.form(of: bytes) == .binary
        lines = isBinary ? nil : SourceLocator(bytes)
    }

    init(lines: SourceLocator?) {
        self.lines = lines
    }

    func location(ofOffset offset: Int, work: WorkCounter?) -> SourceLocation {
        lines?.location(ofOffset: offset, work: work) ?? SourceLocation(line: 1, column: offset + 1)
    }

    func range(ofOffsets offsets: Range<Int>, work: WorkCounter?) -> SourceRange {
        SourceRange(location(ofOffset: offsets.lowerBound, work: work), location(ofOffset: offsets.upperBound, work: work))
    }
}
