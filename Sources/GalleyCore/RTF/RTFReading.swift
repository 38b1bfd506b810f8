/// An RTF document's reading, with what the next reading of an edited
/// version needs to parse only the paragraphs around the edit: the bytes
/// it was read from, their line starts, and the parser as it stood at
/// paragraph boundaries every few kilobytes.
///
/// `@unchecked Sendable`: the checkpoints hold copies of the parser, whose
/// byte buffer is detached (empty) and whose work counter is dropped; the
/// compiler cannot see that of an unsafe buffer pointer.
package struct RTFReading: @unchecked Sendable {
    package let document: Document
    package let diagnostics: [Diagnostic]
    /// How many bytes this reading parsed: the whole file, or the edited part.
    package let bytesRead: Int
    /// Nil once let go of (`withoutSource`): the next version's edit is then told.
    let bytes: [UInt8]?
    let lines: SourceLocator
    /// In order of offset; empty when the reading cannot be resumed.
    let checkpoints: [RTFCheckpoint]
    /// Bytes read between checkpoints.
    let checkpointSpacing: Int

    /// Whether the next version can be read in part.
    package var canBeResumed: Bool { !checkpoints.isEmpty }
}

extension RTFReading: ResumableReading {
    package var withoutSource: RTFReading {
        RTFReading(
            document: document, diagnostics: diagnostics, bytesRead: bytesRead, bytes: nil, lines: lines.withoutSource,
            checkpoints: checkpoints, checkpointSpacing: checkpointSpacing)
    }
}

extension RTFReader {
    /// Bytes read between checkpoints: an edit is read again from the last
    /// checkpoint before it to the first one after it that reads on alike,
    /// so about twice this. A checkpoint costs a copy of the parser (a few
    /// hundred bytes), so a 1 MB document keeps about 250.
    package static let checkpointSpacing = 4_096

    /// Reads `bytes` whole, keeping checkpoints for reading an edited
    /// version in part (one at the first paragraph boundary at least
    /// `checkpointSpacing` bytes after the last).
    package static func reading(
        of bytes: [UInt8], path: RelativePath, converters: (any CodePageConverting)? = nil, work: WorkCounter? = nil,
        checkpointSpacing: Int = checkpointSpacing
    ) -> RTFReading {
        let lines = SourceLocator(bytes, columns: .bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = RTFParser(bytes: buffer, locator: lines, path: path, converters: converters, work: work)
            var checkpoints: [RTFCheckpoint] = []
            parser.readTokens { parser in
                noteCheckpoint(of: &parser, in: &checkpoints, spacing: checkpointSpacing)
                return false
            }
            return finished(&parser, of: bytes, bytesRead: bytes.count, checkpoints: checkpoints, spacing: checkpointSpacing)
        }
    }

    /// Reads `bytes`, an edited version of `previous`'s, parsing only from
    /// the last checkpoint before the edit until the parser stands where a
    /// checkpoint after it stood, and as the parser stood there: the rest is
    /// the previous reading's, moved. The result equals `reading(of: bytes)`.
    /// The edit is `edit` when told (the versions are then not compared),
    /// else found by comparing with the previous bytes; with neither, the
    /// file is read whole.
    package static func reread(
        _ bytes: [UInt8], after previous: RTFReading, edit: SourceEdit? = nil, path: RelativePath,
        converters: (any CodePageConverting)? = nil, work: WorkCounter? = nil
    ) -> RTFReading {
        let spacing = previous.checkpointSpacing
        guard previous.canBeResumed, let edit = SourceEdit.edit(sent: edit, previous: previous.bytes, new: bytes) else {
            return reading(of: bytes, path: path, converters: converters, work: work, checkpointSpacing: spacing)
        }
        let prefix = edit.replaced.lowerBound
        if edit.isEmpty {
            return RTFReading(
                document: previous.document, diagnostics: previous.diagnostics, bytesRead: 0, bytes: bytes,
                lines: SourceLocator(editing: previous.lines, into: bytes, from: prefix, previousEnd: prefix, end: prefix),
                checkpoints: previous.checkpoints, checkpointSpacing: spacing)
        }
        let oldEnd = edit.replaced.upperBound
        let newEnd = edit.insertedEnd
        let shift = newEnd - oldEnd
        let lines = SourceLocator(editing: previous.lines, into: bytes, from: prefix, previousEnd: oldEnd, end: newEnd)
        // Offsets of the previous version in this one; none for the bytes the edit replaced.
        let moveOffset = { (offset: Int) in offset < prefix ? offset : offset >= oldEnd ? offset + shift : -1 }

        // The checkpoint must stand before the first changed byte, and so must the byte after it,
        // which decided where the token before it ended.
        let resumeIndex = previous.checkpoints.partitionPoint { $0.offset >= prefix } - 1
        return bytes.withUnsafeBufferPointer { buffer in
            var parser: RTFParser
            var checkpoints: [RTFCheckpoint]
            if resumeIndex >= 0 {
                let start = previous.checkpoints[resumeIndex]
                parser = RTFParser.resuming(
                    start, bytes: buffer, locator: lines, blocks: Array(previous.document.blocks.prefix(start.blockCount)),
                    diagnostics: Array(previous.diagnostics.prefix(start.diagnosticCount)), work: work)
                checkpoints = Array(previous.checkpoints.prefix(resumeIndex + 1))
            } else {
                parser = RTFParser(bytes: buffer, locator: lines, path: path, converters: converters, work: work)
                checkpoints = []
            }
            let startOffset = parser.lexer.position
            var caughtUp: RTFCheckpoint?
            let stopped = parser.readTokens { parser in
                let position = parser.lexer.position
                if position >= newEnd, let earlier = previous.checkpoint(at: position - shift),
                    parser.diagnostics.count + previous.diagnostics.count - earlier.diagnosticCount < RTFParser.maximumDiagnostics,
                    parser.readsOnLike(earlier, movingOffsets: moveOffset)
                {
                    caughtUp = earlier
                    return true
                }
                noteCheckpoint(of: &parser, in: &checkpoints, spacing: spacing)
                return false
            }
            guard stopped, let caughtUp else {
                return finished(&parser, of: bytes, bytesRead: bytes.count - startOffset, checkpoints: checkpoints, spacing: spacing)
            }
            // From here on the previous reading read the same bytes from the same state.
            let position = parser.lexer.position
            let moved = Relocation(previous: previous.lines, new: lines, editEnd: oldEnd, shift: shift)
            var blocks = parser.assembler.takeBodyBlocks()
            let blockShift = blocks.count - caughtUp.blockCount
            blocks.reserveCapacity(blockShift + previous.document.blocks.count)
            // Blocks that did not move stay the very same values (a table is not rebuilt), which the renderer recognises at once.
            blocks += previous.document.blocks[caughtUp.blockCount...].lazy.map {
                moved.keeps($0.location) ? $0 : $0.relocated(moved.location)
            }
            let diagnosticShift = parser.diagnostics.count - caughtUp.diagnosticCount
            parser.diagnostics += previous.diagnostics[caughtUp.diagnosticCount...].lazy.map { diagnostic in
                diagnostic.relocated(moved.location)
            }
            parser.diagnoseSubstitutedCodePages()
            let laterIndex = previous.checkpoints.partitionPoint { $0.offset >= caughtUp.offset }
            checkpoints += previous.checkpoints[laterIndex...].lazy.map {
                $0.moved(from: oldEnd, by: shift, blocks: blockShift, diagnostics: diagnosticShift)
            }
            work?.add(parser.locator.bytesWalked)
            let document = Document(title: previous.document.title, kind: .rtf, blocks: blocks)
            // The end is the previous reading's, which could be resumed.
            let canBeResumed = parser.diagnostics.count < RTFParser.maximumDiagnostics && parser.decoder.substitutedCodePages.isEmpty
            return RTFReading(
                document: document, diagnostics: parser.diagnostics, bytesRead: position - startOffset, bytes: bytes, lines: lines,
                checkpoints: canBeResumed ? checkpoints : [], checkpointSpacing: spacing)
        }
    }

    /// Takes a checkpoint at this boundary when the last one is far enough back.
    private static func noteCheckpoint(of parser: inout RTFParser, in checkpoints: inout [RTFCheckpoint], spacing: Int) {
        if let last = checkpoints.last, parser.lexer.position - last.offset < spacing { return }
        checkpoints.append(parser.checkpoint())
    }

    /// The reading of a parser that has read to the end. It can be resumed
    /// from its checkpoints only if its end says nothing that depends on
    /// where earlier bytes were (an unclosed group names where it opened),
    /// nothing was left unsaid for too many problems, and no code page was
    /// read as another (said once, at the end, for the whole file).
    private static func finished(_ parser: inout RTFParser, of bytes: [UInt8], bytesRead: Int, checkpoints: [RTFCheckpoint], spacing: Int)
        -> RTFReading
    {
        let isBalanced = parser.savedStates.isEmpty
        let (document, diagnostics) = parser.finish()
        parser.work?.add(parser.locator.bytesWalked)
        let canBeResumed = isBalanced && diagnostics.count < RTFParser.maximumDiagnostics && parser.decoder.substitutedCodePages.isEmpty
        return RTFReading(
            document: document, diagnostics: diagnostics, bytesRead: bytesRead, bytes: bytes, lines: parser.locator,
            checkpoints: canBeResumed ? checkpoints : [], checkpointSpacing: spacing)
    }
}

extension RTFReading {
    /// The checkpoint at `offset`, if there is one.
    fileprivate func checkpoint(at offset: Int) -> RTFCheckpoint? {
        let index = checkpoints.partitionPoint { $0.offset >= offset }
        return index < checkpoints.count && checkpoints[index].offset == offset ? checkpoints[index] : nil
    }
}

/// Where a source location after an edit is in the edited version: lines
/// after the edit's last line move by the lines it added; on that line,
/// the column is found again.
private struct Relocation {
    let previous: SourceLocator
    let new: SourceLocator
    /// Where the edit ended in the previous version, and how far the bytes after it moved.
    let editEnd: Int
    let shift: Int
    let editEndLine: Int
    let lineShift: Int

    init(previous: SourceLocator, new: SourceLocator, editEnd: Int, shift: Int) {
        self.previous = previous
        self.new = new
        self.editEnd = editEnd
        self.shift = shift
        editEndLine = previous.line(ofOffset: editEnd)
        lineShift = new.line(ofOffset: editEnd + shift) - editEndLine
    }

    /// Whether `location`, and every later one, stays where it was: it is
    /// on a line after the edit's last, and the edit added no line.
    func keeps(_ location: SourceLocation) -> Bool {
        lineShift == 0 && location.line > editEndLine
    }

    /// `location`, of a byte before the edit or after it in the previous
    /// version. (What the previous reading read on alike after the edit
    /// names no byte the edit replaced: those are in no group left open.)
    func location(_ location: SourceLocation) -> SourceLocation {
        if location.line > editEndLine {
            return lineShift == 0 ? location : SourceLocation(line: location.line + lineShift, column: location.column)
        }
        guard let offset = previous.offset(of: location), offset >= editEnd else { return location }
        return new.location(ofOffset: offset + shift)
    }
}
