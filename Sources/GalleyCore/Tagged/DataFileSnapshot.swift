/// A data file's reading, with what the next reading of an edited version
/// needs to read only the item, or the string, that changed: the bytes it
/// was read from, their line starts, where each item starts and what each
/// item's members and strings said.
///
/// The shell keeps one per file (an editor's buffer, a saved file) and
/// passes it to `DataFileReader.reread(_:after:)` with the new bytes, with
/// the same schema.
package struct DataFileSnapshot: Sendable {
    /// Nil once let go of (`withoutSource`): the next version's edit is then told.
    package let bytes: [UInt8]?
    package let reading: DataFileReading
    let lines: SourcePositions
    /// Where each element of the item array starts (objects or not), in order.
    let itemStarts: [Int]
    /// Where each element of the item array ends (just after it), in order:
    /// whether an edit lies inside one item is told without the bytes.
    let itemEnds: [Int]
    /// What each item read was read from, in the order of the reading's items.
    let itemSources: [ItemSource]
    /// How deep the reader is when it reads an item.
    let itemDepth: Int
    /// How many bytes this reading parsed: the whole file, the edited item
    /// or the edited string.
    package let bytesRead: Int
    /// Which items of the reading (by their place among its items) differ
    /// from the previous reading's, as the reread found by finding what it
    /// must read again: the edited item, and those after it when the edit
    /// moved them to other lines. Nil when the file was read whole, and no
    /// reading was compared with.
    package var changedItems: Set<Int>? = nil
}

extension DataFileSnapshot: ResumableReading {
    package var withoutSource: DataFileSnapshot {
        var detached = DataFileSnapshot(
            bytes: nil, reading: reading, lines: SourcePositions(lines: lines.lines?.withoutSource),
            itemStarts: itemStarts, itemEnds: itemEnds, itemSources: itemSources, itemDepth: itemDepth,
            bytesRead: bytesRead)
        detached.changedItems = changedItems
        return detached
    }
}

/// What an item's reading was made from, apart from its place in the file:
/// what its members said before its strings were read (title, image name,
/// their problems), where each of its text's strings is written, and what
/// each said. An edit inside one string is read from this and that string
/// alone.
struct ItemSource: Sendable {
    var title: String?
    var imageName: String?
    /// Problems of the members themselves (duplicate, misspelt or mistyped
    /// keys, a missing title or text), in the order they are told.
    var memberDiagnostics: [Diagnostic]
    /// Where each string of the text is written, quotes included, in bytes
    /// from the item's opening brace (so that an edit before the item does
    /// not move them).
    var stringOffsets: [Range<Int>]
    var strings: TaggedStringReadings
    /// The navigation bar's title, when the schema takes one from the item.
    var navigationTitle: String?
    /// The header fields the item has, by their index in the schema's, with their values.
    var header: [(field: Int, value: TaggedString)] = []
    /// Where each of the item's members is written, in order: an edit
    /// inside a string value is read from that string alone.
    var members: [WrittenMember] = []

    /// One member of an item: its key, and its value's bytes from the
    /// item's opening brace.
    struct WrittenMember: Sendable {
        let key: String
        var value: Range<Int>
        let isString: Bool
    }

    /// The same source after `shift` bytes were put in (or taken out)
    /// inside the value written from `offset` (from the item's opening
    /// brace): what is written after it moves, what holds it grows.
    func edited(inside offset: Int, shift: Int) -> ItemSource {
        func moved(_ range: Range<Int>) -> Range<Int> {
            if range.lowerBound > offset { return (range.lowerBound + shift)..<(range.upperBound + shift) }
            return range.upperBound > offset ? range.lowerBound..<(range.upperBound + shift) : range
        }
        var edited = self
        edited.stringOffsets = stringOffsets.map(moved)
        edited.members = members.map { WrittenMember(key: $0.key, value: moved($0.value), isString: $0.isString) }
        return edited
    }

    func movedDown(by lines: Int) -> ItemSource {
        var moved = self
        let move = { (location: SourceLocation) in SourceLocation(line: location.line + lines, column: location.column) }
        moved.memberDiagnostics = memberDiagnostics.map { $0.relocated(move) }
        moved.header = header.map { field, value in
            (field, TaggedString(text: value.text, range: value.range.relocated(move), notation: value.notation))
        }
        moved.strings = strings.placed { $0.relocated(move) }
        return moved
    }
}

extension DataFileReader {
    /// The reading of `bytes`, an edited version of `previous.bytes`. When
    /// the edit lies inside one item (its braces unchanged) and the file is
    /// still valid, only that item is read again and the items after it are
    /// moved by the lines the edit added or removed; anything else is read
    /// whole. Either way the result equals `snapshot(of: bytes)`. The edit
    /// is `edit` when told (the versions are then not compared), else found
    /// by comparing with the previous bytes; with neither, the file is read whole.
    package func reread(_ bytes: [UInt8], after previous: DataFileSnapshot, edit: SourceEdit? = nil) -> DataFileSnapshot {
        editedItem(bytes, after: previous, edit: edit) ?? snapshot(of: bytes)
    }

    private func editedItem(_ bytes: [UInt8], after previous: DataFileSnapshot, edit: SourceEdit?) -> DataFileSnapshot? {
        // Property lists are read whole (binary ones have no lines to splice).
        guard syntax == .json, let previousLines = previous.lines.lines,
            case .items(let readings, let fileDiagnostics) = previous.reading, !previous.itemStarts.isEmpty,
            previous.itemEnds.count == previous.itemStarts.count,
            let edit = SourceEdit.edit(sent: edit, previous: previous.bytes, new: bytes)
        else { return nil }
        let prefix = edit.replaced.lowerBound
        if edit.isEmpty {
            let lines = SourceLocator(editing: previousLines, into: bytes, from: prefix, previousEnd: prefix, end: prefix)
            return DataFileSnapshot(
                bytes: bytes, reading: previous.reading, lines: SourcePositions(lines: lines),
                itemStarts: previous.itemStarts,
                itemEnds: previous.itemEnds, itemSources: previous.itemSources, itemDepth: previous.itemDepth,
                bytesRead: 0, changedItems: [])
        }
        let oldEnd = edit.replaced.upperBound
        let newEnd = edit.insertedEnd
        let shift = newEnd - oldEnd

        // The item whose opening brace comes before the edit and whose
        // closing brace comes after it.
        guard let index = previous.itemStarts.lastIndex(where: { $0 < prefix }) else { return nil }
        let start = previous.itemStarts[index]
        // Before the edit, the bytes are the previous version's.
        guard bytes[start] == UInt8(ascii: "{") else { return nil }
        // What the item was read from, where its reading is among the items read.
        let position = readings.firstIndex { $0.index == index }
        let source = position.flatMap { previous.itemSources.count == readings.count ? previous.itemSources[$0] : nil }
        // An edit inside one of its strings lies inside the item: its end need not be looked for.
        if let position, let source,
            let edited = editedString(
                bytes, after: previous, item: index, at: position, source,
                prefix: prefix, oldEnd: oldEnd, newEnd: newEnd)
        {
            return edited
        }
        if let position, let source,
            let edited = editedMember(
                bytes, after: previous, item: index, at: position, source,
                prefix: prefix, oldEnd: oldEnd, newEnd: newEnd)
        {
            return edited
        }
        let itemEnd = previous.itemEnds[index]
        guard oldEnd < itemEnd else { return nil }
        let newItemEnd = itemEnd + shift
        guard case .success(let node) = JSONReader.parse(bytes, valueAt: start..<newItemEnd, depth: previous.itemDepth),
            let members = node.objectValue,
            // Which array holds the items depends on the text key.
            members.contains(where: { $0.key == schema.textKey })
        else { return nil }

        let lines = SourceLocator(editing: previousLines, into: bytes, from: prefix, previousEnd: oldEnd, end: newEnd)
        // Items after the edit keep their columns only if they start on a
        // later line than the one the edit ends on.
        let editEndLine = previousLines.line(ofOffset: oldEnd)
        if index + 1 < previous.itemStarts.count, previousLines.line(ofOffset: previous.itemStarts[index + 1]) <= editEndLine {
            return nil
        }
        let lineShift = lines.line(ofOffset: newEnd) - previousLines.line(ofOffset: oldEnd)
        func moved(_ diagnostic: Diagnostic) -> Diagnostic {
            guard lineShift != 0, diagnostic.location.line > editEndLine else { return diagnostic }
            return diagnostic.relocated { SourceLocation(line: $0.line + lineShift, column: $0.column) }
        }

        let (edited, editedSource) = readItem(
            members, index: index, offsets: node.headOffsets, SourcePositions(lines: lines), reusing: source)
        let newReadings = readings.map { reading -> ItemReading in
            if reading.index == index { return edited }
            guard reading.index > index, lineShift != 0 else { return reading }
            var reading = reading
            reading.document = reading.document.movedDown(by: lineShift)
            reading.diagnostics = reading.diagnostics.map(moved)
            return reading
        }
        // What later items were read from moves with them.
        var itemSources: [ItemSource] = []
        if let position, previous.itemSources.count == readings.count {
            itemSources = zip(readings, previous.itemSources).map { reading, source in
                reading.index > index && lineShift != 0 ? source.movedDown(by: lineShift) : source
            }
            itemSources[position] = editedSource
        }
        var itemStarts = previous.itemStarts
        var itemEnds = previous.itemEnds
        itemEnds[index] = newItemEnd
        for later in (index + 1)..<itemStarts.count {
            itemStarts[later] += shift
            itemEnds[later] += shift
        }
        // A problem of the file's own moved with the edit shows on every item.
        let fileProblemMoved = lineShift != 0 && fileDiagnostics.contains { $0.location.line > editEndLine }
        let changed = readings.indices.filter { position in
            readings[position].index == index || (readings[position].index > index && lineShift != 0) || fileProblemMoved
        }
        return DataFileSnapshot(
            bytes: bytes, reading: .items(newReadings, fileDiagnostics: fileDiagnostics.map(moved)),
            lines: SourcePositions(lines: lines), itemStarts: itemStarts, itemEnds: itemEnds, itemSources: itemSources,
            itemDepth: previous.itemDepth,
            bytesRead: newItemEnd - start, changedItems: Set(changed))
    }

    /// The reading of an edit that lies inside one string of an item's text
    /// (`readAgain`): only that string is read, and the item is made again
    /// from what its members and other strings said. Nil when the edit is
    /// not such.
    private func editedString(
        _ bytes: [UInt8], after previous: DataFileSnapshot, item index: Int, at position: Int, _ source: ItemSource,
        prefix: Int, oldEnd: Int, newEnd: Int
    ) -> DataFileSnapshot? {
        guard case .items(var readings, _) = previous.reading else { return nil }
        let start = previous.itemStarts[index]
        // The string whose opening quote is before the edit; its closing quote must be after it.
        guard let stringIndex = source.stringOffsets.lastIndex(where: { start + $0.lowerBound < prefix }) else { return nil }
        let written = source.stringOffsets[stringIndex]
        guard
            let edited = readAgain(
                bytes, written: written, depth: previous.itemDepth + 2, after: previous, item: index, prefix: prefix, oldEnd: oldEnd,
                newEnd: newEnd)
        else { return nil }
        let string = TaggedString(
            text: edited.text, range: edited.positions.range(ofOffsets: edited.written, work: work), notation: notation)
        let shift = newEnd - oldEnd
        let (reading, itemSource) = finish(item: index, source.edited(inside: written.lowerBound, shift: shift)) { parser, imageName in
            parser.blocks(replacing: stringIndex, with: string, in: source.strings, imageName: imageName)
        }
        readings[position] = reading
        return editedInside(
            bytes, after: previous, item: index, at: position, reading: reading, itemSource, readings: readings,
            lines: edited.positions, shift: shift, bytesRead: edited.written.count)
    }

    /// The string written at `written` (from item `index`'s opening brace)
    /// after an edit inside it, read alone: its text, where it is written
    /// now, and where the edited file's offsets are. A JSON string holds no
    /// line break, so no line moves; only columns after the edit on its line
    /// do, and nothing else may stand there but the brackets and commas
    /// that close what holds it. Nil when the edit is not inside the string
    /// (its quotes unchanged), or it is no longer one.
    private func readAgain(
        _ bytes: [UInt8], written: Range<Int>, depth: Int, after previous: DataFileSnapshot, item index: Int,
        prefix: Int, oldEnd: Int, newEnd: Int
    ) -> (text: String, written: Range<Int>, positions: SourcePositions)? {
        guard let previousLines = previous.lines.lines else { return nil }
        let start = previous.itemStarts[index]
        let (opening, closingEnd) = (start + written.lowerBound, start + written.upperBound)
        let shift = newEnd - oldEnd
        // After the edit, the bytes are the previous version's, moved.
        guard opening < prefix, oldEnd < closingEnd, Self.closesOnly(bytes[(closingEnd + shift)...]) else { return nil }
        let newWritten = opening..<(closingEnd + shift)
        guard case .success(let node) = JSONReader.parse(bytes, valueAt: newWritten, depth: depth), let text = node.stringValue else {
            return nil
        }
        let lines = SourceLocator(editing: previousLines, into: bytes, from: prefix, previousEnd: oldEnd, end: newEnd)
        return (text, newWritten, SourcePositions(lines: lines))
    }

    /// The reading of an edit that lies inside the string value of one of
    /// an item's members (its quotes unchanged), as `editedString` reads one
    /// inside a string of its text: only that string is read. A value the
    /// reader does not read (a member the schema does not name, or one its
    /// key's last member replaces) changes nothing; a title or a navigation
    /// title changes only the document's; an image name or a header
    /// field's value makes the item again from its strings. Nil when the
    /// edit is not such, or when it empties or fills the title (whose
    /// problem is then told or not).
    private func editedMember(
        _ bytes: [UInt8], after previous: DataFileSnapshot, item index: Int, at position: Int, _ source: ItemSource,
        prefix: Int, oldEnd: Int, newEnd: Int
    ) -> DataFileSnapshot? {
        guard case .items(var readings, _) = previous.reading else { return nil }
        let start = previous.itemStarts[index]
        guard let memberIndex = source.members.lastIndex(where: { start + $0.value.lowerBound < prefix }) else { return nil }
        let member = source.members[memberIndex]
        // The text's own value, were it a string, is told wrong with its whole extent.
        guard member.isString, member.key != schema.textKey,
            let (text, newWritten, positions) = readAgain(
                bytes, written: member.value, depth: previous.itemDepth + 1, after: previous, item: index, prefix: prefix,
                oldEnd: oldEnd, newEnd: newEnd)
        else { return nil }
        let shift = newEnd - oldEnd
        var edited = source.edited(inside: member.value.lowerBound, shift: shift)
        // Only the last member of a key is read.
        let isRead = !source.members[(memberIndex + 1)...].contains { $0.key == member.key }
        let key = member.key
        if isRead, key == schema.titleKey, text.isEmpty != (source.title?.isEmpty ?? true) { return nil }
        var reading: ItemReading?
        if isRead, key == schema.imageKey || schema.headerFields.contains(where: { $0.key == key }) {
            if key == schema.titleKey { edited.title = text }
            if key == schema.imageKey { edited.imageName = text }
            if key == schema.navigationTitle?.key { edited.navigationTitle = text }
            let range = positions.range(ofOffsets: newWritten, work: work)
            for place in edited.header.indices where schema.headerFields[edited.header[place].field].key == key {
                edited.header[place].value = TaggedString(text: text, range: range, notation: notation)
            }
            let made = finish(item: index, edited, strings: source.strings.strings)
            (reading, edited) = (made.reading, made.source)
        } else if isRead, key == schema.titleKey || key == schema.navigationTitle?.key {
            var retitled = readings[position]
            if key == schema.titleKey {
                edited.title = text
                retitled.document.title = text
            }
            if let navigation = schema.navigationTitle, key == navigation.key {
                edited.navigationTitle = text
                retitled.document.navigationBar = NavigationBar(title: text, displayMode: navigation.displayMode)
            }
            reading = retitled
        }
        if let reading { readings[position] = reading }
        return editedInside(
            bytes, after: previous, item: index, at: position, reading: reading, edited, readings: readings, lines: positions,
            shift: shift, bytesRead: newWritten.count)
    }

    /// The snapshot after an edit inside one string of item `index` (at
    /// `position` among the readings) moved what follows it by `shift`
    /// bytes but no line: `reading` is the item's new reading, nil when it
    /// did not change.
    private func editedInside(
        _ bytes: [UInt8], after previous: DataFileSnapshot, item index: Int, at position: Int, reading: ItemReading?,
        _ source: ItemSource, readings: [ItemReading], lines: SourcePositions, shift: Int, bytesRead: Int
    ) -> DataFileSnapshot {
        var itemSources = previous.itemSources
        itemSources[position] = source
        var itemStarts = previous.itemStarts
        var itemEnds = previous.itemEnds
        for later in index..<itemStarts.count {
            if later > index { itemStarts[later] += shift }
            itemEnds[later] += shift
        }
        let fileDiagnostics: [Diagnostic]
        if case .items(_, let diagnostics) = previous.reading { fileDiagnostics = diagnostics } else { fileDiagnostics = [] }
        return DataFileSnapshot(
            bytes: bytes, reading: .items(readings, fileDiagnostics: fileDiagnostics), lines: lines,
            itemStarts: itemStarts, itemEnds: itemEnds, itemSources: itemSources, itemDepth: previous.itemDepth,
            bytesRead: bytesRead, changedItems: reading == nil ? [] : [position])
    }

    /// Whether the rest of the line holds nothing but blanks and the commas
    /// and brackets that close arrays and objects: no value, key or item
    /// that an edit before it on the line would move.
    private static func closesOnly(_ rest: ArraySlice<UInt8>) -> Bool {
        for byte in rest {
            switch byte {
            case 0x0A, 0x0D: return true
            case 0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): continue
            default: return false
            }
        }
        return true
    }
}
