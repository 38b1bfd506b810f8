/// Reads one RTF document: the token loop, group state and the text pipeline.
///
/// Code-page text waits in `pendingBytes` until something other than text arrives,
/// so a double-byte character split over two `\'hh` escapes is decoded whole
/// and a run of such text is converted in one call. ASCII text with
/// nothing waiting skips the queue, as it needs no decoding.
struct RTFParser {
    /// Deeper groups are skipped; real documents stay far below this.
    static let maximumGroupDepth = 1_000
    /// Diagnostics beyond this are dropped, bounding memory on hostile input.
    static let maximumDiagnostics = 100

    // What the parser reads. A checkpoint (`RTFCheckpoint`) is a copy of the
    // parser; resuming from one gives it the new bytes, locator and counter.
    // Every field after these four is state, and `RTFParser+Checkpoints.swift`
    // says which of it decides what the rest of a document reads as: a field
    // added here must be added there.
    var bytes: UnsafeBufferPointer<UInt8>
    let path: RelativePath
    var work: WorkCounter?
    var lexer: RTFLexer
    var locator: SourceLocator
    let controlWords = RTFControlWordTable.shared
    var decoder: RTFTextDecoder
    var diagnostics: [Diagnostic] = []

    // Groups: `state` is the innermost group; `savedStates` the ones around it.
    var state = RTFGroupState()
    var savedStates: [RTFGroupState] = []
    var groupStartOffsets: [Int] = []
    var isIgnorableDestinationPending = false
    var hasClosedRootGroup = false
    var hasReportedContentAfterEnd = false
    var hasReportedDepthLimit = false

    // Document-wide tables.
    var documentCodePage = RTFCodePage.windowsLatin1
    var defaultFont = -1
    var fontTable = RTFFontTableReader()
    var colorTable = RTFColorTableReader()
    var listTable = RTFListTable()
    var legacyNumberings: [RTFLegacyNumbering] = []
    var links: [String] = []

    // Text pipeline.
    var pendingBytes: [UInt8] = []
    var pendingOffset = 0
    var pendingCodePage = RTFCodePage.windowsLatin1
    var decodedScratch: [UInt8] = []
    var fallbackCharactersToSkip = 0
    var highSurrogate: UInt32?
    var isStyleStale = true
    var resolvedStyle = CharacterStyle()
    /// Identifies `resolvedStyle`: every resolution (or superscript variant) gets the next number.
    var resolvedStyleID = 0
    var styleIDs = 0

    // Destination buffers.
    var titleUTF8: [UInt8] = []
    var instructionUTF8: [UInt8] = []
    var markerUTF8: [UInt8] = []
    var levelTextUTF8: [UInt8] = []
    var legacyTextUTF8: [UInt8] = []
    var pendingLegacyNumbering = RTFLegacyNumbering()
    var picture = RTFPicture()
    var pictureOffset = 0
    var attachment = RTFAttachment()
    var attachmentOffset = 0
    var dropAttachmentCharacter = false

    // Document assembly.
    var paragraph = RTFParagraphAccumulator()
    var paragraphContinuesAfterBlock = false
    var savedBodyParagraph: (paragraph: RTFParagraphAccumulator, continues: Bool)?
    var assembler = RTFBlockAssembler()
    var listNumbering = RTFListNumbering()
    var rowBoundaries: [Int] = []
    var rowLeft = 0
    var footnoteCount = 0
    /// Set when a paragraph of the body has just been placed: a boundary the read may be resumed from.
    var isAtParagraphBoundary = false

    init(
        bytes: UnsafeBufferPointer<UInt8>, locator: SourceLocator, path: RelativePath, converters: (any CodePageConverting)?,
        work: WorkCounter? = nil
    ) {
        self.bytes = bytes
        self.path = path
        self.work = work
        decoder = RTFTextDecoder(converters: converters)
        lexer = RTFLexer(bytes: bytes, work: work)
        self.locator = locator
        pendingBytes.reserveCapacity(4_096)
    }

    mutating func read() -> (document: Document, diagnostics: [Diagnostic]) {
        readTokens { _ in false }
        return finish()
    }

    /// Reads tokens to the end of the input, or to a paragraph boundary of
    /// the body from which the read could be resumed (`isResumable`) where
    /// `stopsAt` says to stop. Returns whether it stopped there.
    @discardableResult
    mutating func readTokens(stopsAt: (inout RTFParser) -> Bool) -> Bool {
        if lexer.position == 0 { checkHeader() }
        tokens: while true {
            if isAtParagraphBoundary {
                isAtParagraphBoundary = false
                if isResumable, stopsAt(&self) { return true }
            }
            let token = lexer.next()
            work?.add(1)
            let dropPlaceholder = dropAttachmentCharacter
            dropAttachmentCharacter = false
            if hasClosedRootGroup { noteContentAfterEnd(token) }
            switch token {
            case .text(let range):
                handleText(range, dropPlaceholder: dropPlaceholder)
            case .hexByte(let byte):
                handleHexByte(byte, dropPlaceholder: dropPlaceholder)
            case .groupStart:
                flushPendingText()
                openGroup()
            case .groupEnd:
                flushPendingText()
                closeGroup()
            case .controlWord(let name, let parameter):
                flushPendingText()
                handleControlWord(name: name, parameter: parameter)
            case .controlSymbol(let symbol):
                handleControlSymbol(symbol)
            case .malformedHexByte:
                diagnose(.rtfSyntax, .warning, "malformed '\\'' escape: expected two hexadecimal digits", at: lexer.tokenStart)
            case .endOfInput:
                break tokens
            }
        }
        return false
    }

    /// Ends the document once `readTokens` has read all of it.
    mutating func finish() -> (document: Document, diagnostics: [Diagnostic]) {
        finishInput()
        let blocks = assembler.finish()
        let title = String(decoding: titleUTF8, as: UTF8.self).trimmingRTFWhitespace()
        diagnoseSubstitutedCodePages()
        return (Document(title: title, kind: .rtf, blocks: blocks), diagnostics)
    }

    /// Code pages read as another, said once each at the end.
    mutating func diagnoseSubstitutedCodePages() {
        for codePage in decoder.substitutedCodePages {
            diagnose(.unsupportedContent, .warning, "code page '\(codePage)' is not supported; read as Windows Latin 1", at: 0)
        }
    }

    // MARK: Diagnostics

    /// Reports the problem at the byte `offset` (a point: RTF's tokens are
    /// told by their start).
    mutating func diagnose(_ id: DiagnosticID, _ severity: Severity, _ message: String, at offset: Int) {
        guard diagnostics.count < Self.maximumDiagnostics else { return }
        let location = locator.location(of: offset)
        diagnostics.append(Diagnostic(path: path, id: id, at: location, severity: severity, message: message))
        if diagnostics.count == Self.maximumDiagnostics {
            diagnostics.append(
                Diagnostic(
                    path: path, id: .limitReached, at: location, severity: .note,
                    message: "too many problems; further ones are not reported"))
        }
    }

    private mutating func checkHeader() {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let header: [UInt8] = Array("{\\rtf".utf8)
        let present = bytes.count - start >= header.count && zip(header, bytes[start...]).allSatisfy { $0 == $1 }
        if !present { diagnose(.rtfSyntax, .warning, "missing '{\\rtf1' header; reading as RTF anyway", at: start) }
    }

    private mutating func noteContentAfterEnd(_ token: RTFToken) {
        guard !hasReportedContentAfterEnd else { return }
        switch token {
        case .endOfInput: return
        case .text(let range) where range.allSatisfy({ bytes[$0] == 0x20 }): return
        default:
            hasReportedContentAfterEnd = true
            diagnose(.rtfSyntax, .warning, "content after the closing '}' of the document", at: lexer.tokenStart)
        }
    }

    private mutating func finishInput() {
        flushPendingText()
        let endOffset = bytes.count
        if !savedStates.isEmpty {
            let innermost = locator.location(of: groupStartOffsets.last ?? 0)
            let open = savedStates.count
            diagnose(
                .rtfSyntax, .error,
                "unbalanced '{' at end of file: \(open) group\(open == 1 ? "" : "s") still open, the innermost opened at \(innermost)",
                at: endOffset)
            if state.destination.isDocumentText, !paragraph.isEmpty { endParagraph() }
            while !savedStates.isEmpty { closeGroup() }
        }
        if !paragraph.isEmpty { endParagraph() }
    }

    // MARK: Groups

    private mutating func openGroup() {
        guard savedStates.count < Self.maximumGroupDepth else {
            if !hasReportedDepthLimit {
                hasReportedDepthLimit = true
                diagnose(
                    .limitReached, .warning, "groups nested deeper than \(Self.maximumGroupDepth) levels are skipped", at: lexer.tokenStart)
            }
            _ = lexer.skipRestOfGroup()
            return
        }
        savedStates.append(state)
        groupStartOffsets.append(lexer.tokenStart)
        isIgnorableDestinationPending = false
    }

    mutating func closeGroup() {
        work?.add(1)
        fallbackCharactersToSkip = 0
        isIgnorableDestinationPending = false
        guard let outer = savedStates.last else {
            diagnose(.rtfSyntax, .warning, "unbalanced '}'", at: lexer.tokenStart)
            return
        }
        if savedStates.count == 1, state.destination.isDocumentText, !paragraph.isEmpty {
            // The last paragraph often has no `\par`; end it while its formatting is still in force.
            endParagraph()
        }
        let inner = state
        state = outer
        savedStates.removeLast()
        groupStartOffsets.removeLast()
        if inner.character != state.character { isStyleStale = true }
        if inner.destination != state.destination { finishDestination(inner.destination) }
        if savedStates.isEmpty { hasClosedRootGroup = true }
    }

    /// Skips the rest of the current group (an unwanted destination) and closes it.
    mutating func skipCurrentGroup() {
        guard !savedStates.isEmpty else { return }
        _ = lexer.skipRestOfGroup()
        closeGroup()
    }

    // MARK: Text pipeline

    private mutating func handleText(_ range: Range<Int>, dropPlaceholder: Bool) {
        var range = range
        if dropPlaceholder, bytes[range.lowerBound] == 0xAC { range = (range.lowerBound + 1)..<range.upperBound }
        if fallbackCharactersToSkip > 0 {
            let skipped = min(fallbackCharactersToSkip, range.count)
            fallbackCharactersToSkip -= skipped
            range = (range.lowerBound + skipped)..<range.upperBound
        }
        guard !range.isEmpty else { return }
        switch state.destination {
        case .picture:
            picture.appendHex(bytes, range: range)
        case .fontTable:
            fontTable.appendNameBytes(UnsafeBufferPointer(rebasing: bytes[range]), decoder: &decoder, documentCodePage: documentCodePage)
        case .colorTable:
            for offset in range where bytes[offset] == UInt8(ascii: ";") { colorTable.endEntry() }
        case .discard, .listTable, .listDefinition, .listOverrideTable, .listOverride, .legacyNumbering:
            return
        default:
            appendPending(UnsafeBufferPointer(rebasing: bytes[range]))
        }
    }

    private mutating func handleHexByte(_ byte: UInt8, dropPlaceholder: Bool) {
        if dropPlaceholder, byte == 0xAC { return }
        if fallbackCharactersToSkip > 0 {
            fallbackCharactersToSkip -= 1
            return
        }
        switch state.destination {
        case .fontTable:
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
                buffer[0] = byte
                fontTable.appendNameBytes(UnsafeBufferPointer(buffer), decoder: &decoder, documentCodePage: documentCodePage)
            }
        case .picture, .colorTable, .discard, .listTable, .listDefinition, .listOverrideTable, .listOverride, .legacyNumbering:
            return
        default:
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
                buffer[0] = byte
                appendPending(UnsafeBufferPointer(buffer))
            }
        }
    }

    /// Queues code-page bytes for decoding together.
    ///
    /// ASCII with nothing queued before it goes straight to its destination: in the
    /// ASCII-compatible code pages it decodes to itself, and it cannot complete a
    /// character begun earlier. That is nearly all the text of most documents.
    mutating func appendPending(_ chunk: UnsafeBufferPointer<UInt8>) {
        var combined: UInt8 = 0
        for byte in chunk { combined |= byte }
        if pendingBytes.isEmpty {
            let codePage = currentCodePage()
            if combined < 0x80, RTFCodePage.isASCIICompatible(codePage) {
                deliver(chunk, offset: lexer.tokenStart)
                return
            }
            pendingOffset = lexer.tokenStart
            pendingCodePage = codePage
        }
        pendingBytes.append(contentsOf: chunk)
    }

    /// Decodes queued bytes and hands the text to the current destination.
    mutating func flushPendingText() {
        guard !pendingBytes.isEmpty else { return }
        // The text leaves `self` while it is delivered, since delivering mutates `self`;
        // swapping arrays moves no bytes, and the buffer comes back with its capacity.
        var text: [UInt8] = []
        swap(&text, &decodedScratch)
        var pending: [UInt8] = []
        swap(&pending, &pendingBytes)
        pending.withUnsafeBufferPointer { decoder.decode($0, codePage: pendingCodePage, into: &text) }
        pending.removeAll(keepingCapacity: true)
        swap(&pending, &pendingBytes)
        text.withUnsafeBufferPointer { deliver($0, offset: pendingOffset) }
        text.removeAll(keepingCapacity: true)
        swap(&text, &decodedScratch)
    }

    /// Sends one scalar (from `\uN` or a special character) to the current destination.
    mutating func emitScalar(_ value: UInt32, superscript: Bool = false) {
        flushPendingText()
        deliverScalar(value, offset: lexer.tokenStart, superscript: superscript)
    }

    private mutating func deliverScalar(_ value: UInt32, offset: Int, superscript: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RTFUTF8.maximumLength) { buffer in
            let count = RTFUTF8.encode(value, into: buffer)
            deliver(UnsafeBufferPointer(rebasing: buffer[..<count]), offset: offset, superscript: superscript)
        }
    }

    /// Sends decoded UTF-8 to the destination of the current group.
    mutating func deliver(_ utf8: UnsafeBufferPointer<UInt8>, offset: Int, superscript: Bool = false) {
        if highSurrogate != nil {
            // A high surrogate not followed by a low one stands for nothing valid.
            highSurrogate = nil
            deliverScalar(0xFFFD, offset: offset, superscript: superscript)
        }
        switch state.destination {
        case .body, .footnote:
            guard !state.character.hidden else { return }
            if isStyleStale {
                resolveStyle()
                resolvedStyleID = newStyleID()
                isStyleStale = false
            }
            // Nothing to add (a converter consumed only shift sequences); a run ends only where text follows.
            guard !utf8.isEmpty else { return }
            if superscript {
                var style = resolvedStyle
                style.baseline = .superscript
                paragraph.setStyle(style, id: newStyleID())
            } else if !paragraph.isRunStyle(resolvedStyleID) {
                // Asked first so text in an unchanged style does not copy the style into a call.
                paragraph.setStyle(resolvedStyle, id: resolvedStyleID)
            }
            appendToParagraph(utf8, offset: offset)
        case .title:
            append(utf8, to: &titleUTF8, limit: 4_096)
        case .fieldInstruction:
            append(utf8, to: &instructionUTF8, limit: 65_536)
        case .listMarker:
            append(utf8, to: &markerUTF8, limit: 256)
        case .listLevelText:
            append(utf8, to: &levelTextUTF8, limit: 256)
        case .legacyNumberingTextBefore, .legacyNumberingTextAfter:
            append(utf8, to: &legacyTextUTF8, limit: 256)
        case .attachment:
            if !attachment.isNameComplete { append(utf8, to: &attachment.nameUTF8, limit: 1_024) }
        default:
            return
        }
    }

    private mutating func appendToParagraph(_ utf8: UnsafeBufferPointer<UInt8>, offset: Int) {
        if state.character.allCaps {
            let capitals = Array(String(decoding: utf8, as: UTF8.self).uppercased().utf8)
            capitals.withUnsafeBufferPointer { paragraph.append($0, offset: offset) }
        } else {
            paragraph.append(utf8, offset: offset)
        }
    }

    /// A number no style has had yet, so a paragraph can tell styles apart without comparing them.
    private mutating func newStyleID() -> Int {
        styleIDs += 1
        return styleIDs
    }

    private func append(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8], limit: Int) {
        guard buffer.count < limit else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8.prefix(limit - buffer.count)))
    }

    /// The code page of the current font, or the document's when the font names none.
    private mutating func currentCodePage() -> Int {
        let number = state.character.fontNumber >= 0 ? state.character.fontNumber : defaultFont
        return fontTable.font(number)?.codePage ?? documentCodePage
    }

    /// Rebuilds `resolvedStyle` from the current character formatting; built in place,
    /// as returning a fresh style made the compiler copy it and destroy the original.
    private mutating func resolveStyle() {
        let format = state.character
        let number = format.fontNumber >= 0 ? format.fontNumber : defaultFont
        let fontName = fontTable.font(number)?.name
        resolvedStyle = CharacterStyle()
        if let fontName, !fontName.isEmpty { resolvedStyle.fontFamily = fontName }
        if format.halfPoints > 0 { resolvedStyle.fontSize = Double(format.halfPoints) / 2 }
        resolvedStyle.bold = format.bold
        resolvedStyle.italic = format.italic
        resolvedStyle.underline = format.underline
        resolvedStyle.strikethrough = format.strikethrough
        resolvedStyle.baseline = format.baseline
        resolvedStyle.direction = format.direction
        resolvedStyle.color = format.foreground > 0 ? colorTable.color(at: format.foreground) : nil
        resolvedStyle.background = format.background > 0 ? colorTable.color(at: format.background) : nil
        if format.link >= 0, format.link < links.count { resolvedStyle.link = links[format.link] }
    }
}
