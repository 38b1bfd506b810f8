/// A data file's reading, with what the next reading of an edited version
/// needs to read only the item that changed: the bytes it was read from,
/// their line starts and where each item starts.
///
/// The shell keeps one per file (an editor's buffer, a saved file) and
/// passes it to `DataFileReader.reread(_:after:)` with the new bytes.
public struct DataFileSnapshot: Sendable {
    public let bytes: [UInt8]
    public let reading: DataFileReading
    let lines: SourcePositions
    /// Where each element of the item array starts (objects or not), in order.
    let itemStarts: [Int]
    /// How deep the reader is when it reads an item.
    let itemDepth: Int
    /// How many bytes this reading parsed: the whole file, or the edited item.
    public let bytesRead: Int
}

extension DataFileReader {
    /// The reading of `bytes`, an edited version of `previous.bytes`. When
    /// the edit lies inside one item (its braces unchanged) and the file is
    /// still valid, only that item is read again and the items after it are
    /// moved by the lines the edit added or removed; anything else is read
    /// whole. Either way the result equals `snapshot(of: bytes)`.
    public func reread(_ bytes: [UInt8], after previous: DataFileSnapshot) -> DataFileSnapshot {
        editedItem(bytes, after: previous) ?? snapshot(of: bytes)
    }

    private func editedItem(_ bytes: [UInt8], after previous: DataFileSnapshot) -> DataFileSnapshot? {
        // Property lists are read whole (binary ones have no lines to splice).
        guard syntax == .json, let previousLines = previous.lines.lines,
              case .items(let readings, let fileDiagnostics) = previous.reading, !previous.itemStarts.isEmpty else { return nil }
        let old = previous.bytes
        let (prefix, suffix) = ByteEdit.commonEnds(old, bytes)
        if prefix == old.count && prefix == bytes.count {
            return DataFileSnapshot(bytes: bytes, reading: previous.reading, lines: previous.lines,
                                    itemStarts: previous.itemStarts, itemDepth: previous.itemDepth, bytesRead: 0)
        }
        let oldEnd = old.count - suffix
        let newEnd = bytes.count - suffix
        let shift = bytes.count - old.count

        // The item whose opening brace comes before the edit and whose
        // closing brace comes after it.
        guard let index = previous.itemStarts.lastIndex(where: { $0 < prefix }) else { return nil }
        let start = previous.itemStarts[index]
        guard old[start] == UInt8(ascii: "{"), let itemEnd = ByteEdit.endOfObject(in: old, at: start), oldEnd < itemEnd else { return nil }
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

        let edited = readItem(members, index: index, offsets: node.headOffsets, SourcePositions(lines: lines))
        let newReadings = readings.map { reading -> ItemReading in
            if reading.index == index { return edited }
            guard reading.index > index, lineShift != 0 else { return reading }
            var reading = reading
            reading.document = reading.document.movedDown(by: lineShift)
            reading.diagnostics = reading.diagnostics.map(moved)
            return reading
        }
        var itemStarts = previous.itemStarts
        for later in (index + 1)..<itemStarts.count { itemStarts[later] += shift }
        return DataFileSnapshot(bytes: bytes, reading: .items(newReadings, fileDiagnostics: fileDiagnostics.map(moved)), lines: SourcePositions(lines: lines),
                                itemStarts: itemStarts, itemDepth: previous.itemDepth, bytesRead: newItemEnd - start)
    }
}
