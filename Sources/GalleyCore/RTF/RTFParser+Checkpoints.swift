/// The parser as it stood at a paragraph boundary of the body, from which a
/// later version of the file is read on when everything before the
/// boundary is unchanged.
struct RTFCheckpoint {
    /// Where the next token starts.
    var offset: Int
    /// Body blocks placed before the boundary (not kept in the parser).
    var blockCount: Int
    var diagnosticCount: Int
    /// Where the groups open at the boundary opened (the parser's own are
    /// those of the version it read).
    var groupStartOffsets: [Int]
    /// The parser, detached from the bytes it read. Boxed: every save
    /// carries the checkpoints after the edit over into the next reading,
    /// and a parser is some forty references to retain.
    let parser: Snapshot

    final class Snapshot: @unchecked Sendable {
        let parser: RTFParser

        init(_ parser: RTFParser) {
            self.parser = parser
        }
    }

    /// The same checkpoint in a version of the file where every byte from
    /// `editEnd` on moved by `shift`, with `blocks` more body blocks and
    /// `diagnostics` more diagnostics before it.
    func moved(from editEnd: Int, by shift: Int, blocks: Int, diagnostics: Int) -> RTFCheckpoint {
        var moved = self
        moved.offset += shift
        moved.blockCount += blocks
        moved.diagnosticCount += diagnostics
        if groupStartOffsets.contains(where: { $0 >= editEnd }) {
            moved.groupStartOffsets = groupStartOffsets.map { $0 >= editEnd ? $0 + shift : $0 }
        }
        return moved
    }
}

extension RTFParser {
    /// Whether reading can be resumed here from a copy of the parser: no
    /// text waits for decoding or for its paragraph, no table, footnote or
    /// special destination is open, and the document has not ended.
    var isResumable: Bool {
        pendingBytes.isEmpty && highSurrogate == nil && fallbackCharactersToSkip == 0 && !dropAttachmentCharacter
            && paragraph.isEmpty && paragraph.explicitMarker == nil && !paragraphContinuesAfterBlock && savedBodyParagraph == nil
            && assembler.isSettled && state.destination == .body && !isIgnorableDestinationPending && !hasClosedRootGroup
    }

    /// A copy of the parser to resume from, here at a resumable boundary.
    mutating func checkpoint() -> RTFCheckpoint {
        // The copy must not share the growing list of blocks: each append would copy it.
        let blocks = assembler.takeBodyBlocks()
        var copy = self
        assembler.restoreBodyBlocks(blocks)
        // Nor pin the bytes and line table of this version, or scratch buffers.
        copy.bytes = UnsafeBufferPointer(start: nil, count: 0)
        copy.lexer = RTFLexer(bytes: copy.bytes)
        copy.locator = Self.detachedLocator
        copy.work = nil
        copy.pendingBytes = []
        copy.decodedScratch = []
        copy.diagnostics = []
        return RTFCheckpoint(
            offset: lexer.position, blockCount: blocks.count, diagnosticCount: diagnostics.count,
            groupStartOffsets: groupStartOffsets, parser: RTFCheckpoint.Snapshot(copy))
    }

    private static let detachedLocator = SourceLocator([])

    /// The parser of `checkpoint`, reading on in `bytes` (located by
    /// `locator`) after `blocks`, the body blocks placed before it, and
    /// `diagnostics` those said before it: the ones in the checkpoint may
    /// since have moved, or been joined by ones an earlier edit brought.
    static func resuming(
        _ checkpoint: RTFCheckpoint, bytes: UnsafeBufferPointer<UInt8>, locator: SourceLocator, blocks: [Block],
        diagnostics: [Diagnostic], work: WorkCounter?
    ) -> RTFParser {
        var parser = checkpoint.parser.parser
        parser.groupStartOffsets = checkpoint.groupStartOffsets
        parser.bytes = bytes
        parser.locator = locator
        parser.work = work
        parser.lexer = RTFLexer(bytes: bytes, work: work, position: checkpoint.offset)
        parser.pendingBytes.reserveCapacity(4_096)
        parser.assembler.restoreBodyBlocks(blocks)
        parser.diagnostics = diagnostics
        return parser
    }

    /// Whether reading on from here gives what the parser of `checkpoint`
    /// gave reading on from there, when the same bytes follow both: every
    /// field that decides how later bytes read is equal. `move` takes an
    /// offset of the checkpoint's version to this one. The rest is scratch,
    /// buffers each destination empties when it begins, or numbers only
    /// compared within one parser (style ids).
    func readsOnLike(_ checkpoint: RTFCheckpoint, movingOffsets move: (Int) -> Int) -> Bool {
        let earlier = checkpoint.parser.parser
        return state == earlier.state && savedStates == earlier.savedStates
            && groupStartOffsets.elementsEqual(checkpoint.groupStartOffsets.lazy.map(move))
            && hasReportedContentAfterEnd == earlier.hasReportedContentAfterEnd && hasReportedDepthLimit == earlier.hasReportedDepthLimit
            && documentCodePage == earlier.documentCodePage && defaultFont == earlier.defaultFont
            && isStyleStale == earlier.isStyleStale && (isStyleStale || resolvedStyle == earlier.resolvedStyle)
            && fontTable == earlier.fontTable && colorTable == earlier.colorTable && listTable == earlier.listTable
            && legacyNumberings == earlier.legacyNumberings && links == earlier.links && titleUTF8 == earlier.titleUTF8
            && listNumbering == earlier.listNumbering && rowBoundaries == earlier.rowBoundaries && rowLeft == earlier.rowLeft
            && footnoteCount == earlier.footnoteCount
    }
}
