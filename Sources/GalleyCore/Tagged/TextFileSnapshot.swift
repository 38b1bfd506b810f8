/// A text file's reading, with what the next reading of an edited version
/// needs to split and decode only the lines the edit touched: the bytes it
/// was read from, where each line starts, each line's string and, for
/// tagged content, what each string said.
package struct TextFileSnapshot: Sendable {
    /// Nil once released (`withoutSource`): the next version's edit is then told.
    package let bytes: [UInt8]?
    /// Where the text starts in the bytes (after a byte order mark).
    let textStart: Int
    let lines: TextLines
    package let document: Document
    package let diagnostics: [Diagnostic]
    /// What each string said, when they were read as tagged content.
    let readings: TaggedStringReadings?
    /// How many bytes this reading split into lines: the whole file, or the
    /// lines the edit touched.
    package let bytesRead: Int
    /// Whether the document or its diagnostics differ from the previous
    /// reading's, as the reread found; nil when the file was read whole.
    package var changed: Bool? = nil

    /// The strings of a previous reading an edit left as they were: the
    /// first `before`, and those from `after` on, `lineShift` lines further down.
    struct Unchanged {
        let snapshot: TextFileSnapshot
        let before: Int
        let after: Int
        let lineShift: Int
    }
}

extension TextFileSnapshot: ResumableReading {
    package var withoutSource: TextFileSnapshot {
        var detached = TextFileSnapshot(
            bytes: nil, textStart: textStart, lines: lines, document: document, diagnostics: diagnostics, readings: readings,
            bytesRead: bytesRead)
        detached.changed = changed
        return detached
    }
}

extension TextFileReader {
    /// The reading of `bytes`, an edited version of `previous.bytes`: only
    /// the lines the edit touched are split and decoded again, the strings
    /// of the others are taken over (moved by the lines the edit added or
    /// removed), and so are their paragraphs or, for tagged content, their
    /// readings. The result equals `snapshot(of: bytes)`. The edit is
    /// `edit` when told, else found by comparing with the previous bytes;
    /// with neither, the file is read whole.
    package func reread(_ bytes: [UInt8], after previous: TextFileSnapshot, edit: SourceEdit? = nil) -> TextFileSnapshot {
        editedLines(bytes, after: previous, edit: edit) ?? snapshot(of: bytes)
    }

    private func editedLines(_ bytes: [UInt8], after previous: TextFileSnapshot, edit: SourceEdit?) -> TextFileSnapshot? {
        let textStart = previous.textStart
        // An edit of a byte order mark's bytes may add or remove it: read whole.
        guard let edit = SourceEdit.edit(sent: edit, previous: previous.bytes, new: bytes), edit.replaced.lowerBound >= textStart,
            Self.textStart(of: bytes) == textStart
        else { return nil }
        let old = previous.lines
        if edit.isEmpty {
            return TextFileSnapshot(
                bytes: bytes, textStart: textStart, lines: old, document: previous.document, diagnostics: previous.diagnostics,
                readings: previous.readings, bytesRead: 0, changed: false)
        }
        let start = edit.replaced.lowerBound - textStart
        let oldEnd = edit.replaced.upperBound - textStart
        let shift = edit.insertedCount - edit.replaced.count
        let textCount = bytes.count - textStart
        // The lines holding the first and the last byte replaced (or the line the edit ends at).
        let firstLine = Self.line(containing: start, in: old.starts)
        let lastLine = Self.line(containing: oldEnd, in: old.starts)
        let regionStart = old.starts[firstLine]
        let throughLastLine = lastLine + 1 == old.starts.count
        let regionEnd = throughLastLine ? textCount : old.starts[lastLine + 1] + shift
        var region = TextLines(starts: [], strings: [], bracketed: 0)
        bytes.withUnsafeBufferPointer { file in
            split(
                UnsafeBufferPointer(rebasing: file[textStart...]), from: regionStart, to: regionEnd, throughLastLine: throughLastLine,
                firstLine: firstLine, into: &region)
        }
        let lineShift = (region.starts.count + 1) - (lastLine - firstLine + 1)

        // The strings before the region, and from which one on they follow it.
        let before = old.strings.partitionPoint { $0.range.start.line > firstLine }
        let after = old.strings.partitionPoint { $0.range.start.line > lastLine + 1 }
        let replaced = old.strings[before..<after]
        let replacedBracketed = replaced.count(where: { $0.text.utf8.contains(UInt8(ascii: "<")) })
        var lines = TextLines(starts: [], strings: [], bracketed: old.bracketed - replacedBracketed)
        lines.starts.reserveCapacity(old.starts.count + region.starts.count - (lastLine - firstLine))
        lines.starts += old.starts[...firstLine]
        lines.starts += region.starts
        lines.starts += old.starts[(lastLine + 1)...].lazy.map { $0 + shift }
        let unchanged =
            lineShift == 0 && replaced.count == region.strings.count
            && zip(replaced, region.strings).allSatisfy { $0.range == $1.range && $0.text.isByteEqual(to: $1.text) }
        if unchanged {
            lines.strings = old.strings
            lines.bracketed = old.bracketed
            return TextFileSnapshot(
                bytes: bytes, textStart: textStart, lines: lines, document: previous.document, diagnostics: previous.diagnostics,
                readings: previous.readings, bytesRead: regionEnd - regionStart, changed: false)
        }
        lines.strings.reserveCapacity(old.strings.count - replaced.count + region.strings.count)
        lines.strings += old.strings[..<before]
        for string in region.strings { lines.append(string) }
        if lineShift == 0 {
            lines.strings += old.strings[after...]
        } else {
            for var string in old.strings[after...] {
                string.range.start.line += lineShift
                string.range.end.line += lineShift
                lines.strings.append(string)
            }
        }
        let (document, diagnostics, readings) = document(
            of: lines, reusing: TextFileSnapshot.Unchanged(snapshot: previous, before: before, after: after, lineShift: lineShift))
        return TextFileSnapshot(
            bytes: bytes, textStart: textStart, lines: lines, document: document, diagnostics: diagnostics, readings: readings,
            bytesRead: regionEnd - regionStart, changed: true)
    }

    /// The 0-based line that holds the text's byte `offset`: the last start at or before it.
    private static func line(containing offset: Int, in starts: [Int]) -> Int {
        max(0, starts.partitionPoint { $0 > offset } - 1)
    }
}
