/// Control words and symbols: what each one changes.
extension RTFParser {
    /// Twip values beyond this (about 14 m) are clamped; RTF's own limit is far lower.
    static let maximumTwips = 1_000_000

    mutating func handleControlWord(name: Range<Int>, parameter: Int?) {
        let isIgnorable = isIgnorableDestinationPending
        isIgnorableDestinationPending = false
        if state.destination == .attachment { attachment.isNameComplete = true }
        let word = controlWords.lookUp(bytes, name)
        if word != .u, word != .bin { fallbackCharactersToSkip = 0 }
        guard let word else {
            if isIgnorable { skipCurrentGroup() }
            return
        }
        let value = parameter ?? 0
        let flag = (parameter ?? 1) != 0
        switch word {
        // Document and encoding
        case .rtf: break
        case .ansi: documentCodePage = RTFCodePage.windowsLatin1
        case .mac: documentCodePage = 10000
        case .pc: documentCodePage = 437
        case .pca: documentCodePage = 850
        case .ansicpg: if value > 0 { documentCodePage = value }
        case .deff:
            defaultFont = value
            isStyleStale = true
        case .uc: state.unicodeFallbackCount = min(max(value, 0), 16)
        case .u: handleUnicode(value)
        case .bin: readBinary(length: value)

        // Destinations
        case .fonttbl: state.destination = .fontTable
        case .colortbl: state.destination = .colorTable
        case .info: state.destination = .discard
        case .title: state.destination = .title
        case .pict:
            state.destination = .picture
            picture = RTFPicture()
            pictureOffset = groupStartOffsets.last ?? lexer.tokenStart
        case .field, .fldrslt, .shppict, .shp, .nesttableprops: break
        case .fldinst:
            state.destination = .fieldInstruction
            instructionUTF8.removeAll(keepingCapacity: true)
        case .footnote: beginFootnote()
        case .listtable: state.destination = .listTable
        case .list:
            if state.destination == .listTable {
                state.destination = .listDefinition
                listTable.beginList()
            }
        case .listlevel: if state.destination == .listDefinition { listTable.beginLevel() }
        case .leveltext:
            if state.destination == .listDefinition {
                state.destination = .listLevelText
                levelTextUTF8.removeAll(keepingCapacity: true)
            }
        case .listoverridetable: state.destination = .listOverrideTable
        case .listoverride: if state.destination == .listOverrideTable { state.destination = .listOverride }
        case .listid: listTable.setListID(value, inOverride: state.destination == .listOverride)
        case .levelnfc, .levelnfcn: if state.destination == .listDefinition { listTable.setLevelNumberFormat(value) }
        case .levelstartat: if state.destination == .listDefinition { listTable.setLevelStart(value) }
        case .listtext, .pntext:
            state.destination = .listMarker
            markerUTF8.removeAll(keepingCapacity: true)
        case .pn:
            state.destination = .legacyNumbering
            pendingLegacyNumbering = RTFLegacyNumbering()
        case .pntxta, .pntxtb:
            state.destination = word == .pntxta ? .legacyNumberingTextAfter : .legacyNumberingTextBefore
            legacyTextUTF8.removeAll(keepingCapacity: true)
        case .pnlvl: pendingLegacyNumbering.level = min(max(value - 1, 0), 8)
        case .pnlvlbody: pendingLegacyNumbering.level = 0
        case .pnlvlblt:
            pendingLegacyNumbering.level = 0
            pendingLegacyNumbering.isBullet = true
        case .pnlvlcont: break
        case .pndec: pendingLegacyNumbering.numberFormat = 0
        case .pnucrm: pendingLegacyNumbering.numberFormat = 1
        case .pnlcrm: pendingLegacyNumbering.numberFormat = 2
        case .pnucltr: pendingLegacyNumbering.numberFormat = 3
        case .pnlcltr: pendingLegacyNumbering.numberFormat = 4
        case .pnstart: pendingLegacyNumbering.startAt = value
        case .shpinst: state.destination = .discard
        case .shptxt: state.destination = assembler.isInFootnote ? .footnote : .body
        case .NeXTGraphic:
            state.destination = .attachment
            attachment = RTFAttachment()
            attachmentOffset = groupStartOffsets.dropLast().last ?? lexer.tokenStart
        case .width: if state.destination == .attachment { attachment.width = clampedTwips(value) }
        case .height: if state.destination == .attachment { attachment.height = clampedTwips(value) }
        case .skippedDestination: skipCurrentGroup()

        // Fonts and colours
        case .f:
            if state.destination == .fontTable {
                fontTable.beginFont(number: value, decoder: &decoder, documentCodePage: documentCodePage)
            } else {
                state.character.fontNumber = value
                isStyleStale = true
            }
        case .fcharset: if state.destination == .fontTable { fontTable.setCharacterSet(value) }
        case .cpg: if state.destination == .fontTable { fontTable.setCodePage(value) }
        case .red, .green, .blue: if state.destination == .colorTable { colorTable.setComponent(word, value: value) }

        // Character formatting
        case .plain:
            state.character.reset(defaultFont: defaultFont)
            isStyleStale = true
        case .b: setCharacter { $0.bold = flag }
        case .i: setCharacter { $0.italic = flag }
        case .caps: setCharacter { $0.allCaps = flag }
        case .rtlch: setCharacter { $0.direction = .rightToLeft }
        case .ltrch: setCharacter { $0.direction = .leftToRight }
        case .ul, .uld, .uldb, .uldash, .uldashd, .uldashdd, .ulw, .ulwave, .ulth, .ulhair: setCharacter { $0.underline = flag }
        case .ulnone: setCharacter { $0.underline = false }
        case .strike, .striked: setCharacter { $0.strikethrough = flag }
        case .super: setCharacter { $0.baseline = .superscript }
        case .sub: setCharacter { $0.baseline = .subscript }
        case .nosupersub: setCharacter { $0.baseline = .normal }
        case .up: setCharacter { $0.baseline = (parameter ?? 6) > 0 ? .superscript : .normal }
        case .dn: setCharacter { $0.baseline = (parameter ?? 6) > 0 ? .subscript : .normal }
        case .cf: setCharacter { $0.foreground = value }
        case .cb, .highlight, .chcbpat: setCharacter { $0.background = value }
        case .fs: setCharacter { $0.halfPoints = parameter.map { min(max($0, 1), 3_276) } ?? 24 }
        case .v: setCharacter { $0.hidden = flag }

        // Paragraph formatting
        case .pard: state.paragraph = RTFParagraphFormat()
        case .ql: state.paragraph.alignment = .left
        case .qc: state.paragraph.alignment = .center
        case .qr: state.paragraph.alignment = .right
        case .qj, .qd: state.paragraph.alignment = .justified
        case .qnatural: state.paragraph.alignment = .natural
        case .rtlpar: state.paragraph.direction = .rightToLeft
        case .ltrpar: state.paragraph.direction = .leftToRight
        case .li, .lin: state.paragraph.leftIndent = clampedTwips(value)
        case .ri, .rin: state.paragraph.rightIndent = clampedTwips(value)
        case .fi: state.paragraph.firstLineIndent = clampedTwips(value)
        case .sb: state.paragraph.spaceBefore = clampedTwips(value)
        case .sa: state.paragraph.spaceAfter = clampedTwips(value)
        case .sl: state.paragraph.lineSpacing = clampedTwips(value)
        case .slmult: state.paragraph.lineSpacingIsMultiple = flag
        case .slleading: state.paragraph.extraLeading = clampedTwips(value)
        case .intbl: state.paragraph.inTable = flag
        case .itap: state.paragraph.tableDepth = min(max(value, 0), RTFBlockAssembler.maximumTableDepth)
        case .ls:
            if state.destination == .listOverride {
                listTable.setOverrideNumber(value)
            } else {
                state.paragraph.listOverride = max(value, 0)
            }
        case .ilvl: state.paragraph.listLevel = min(max(value, 0), 8)

        // Tables
        case .trowd:
            rowBoundaries.removeAll(keepingCapacity: true)
            rowLeft = 0
        case .trleft: rowLeft = clampedTwips(value)
        case .cellx: if rowBoundaries.count < 1_024 { rowBoundaries.append(clampedTwips(value)) }
        case .cell: endTableCell(depth: max(state.paragraph.tableDepth, 1))
        case .nestcell: endTableCell(depth: max(state.paragraph.tableDepth, 2))
        case .row: endTableRow(depth: max(state.paragraph.tableDepth, 1))
        case .nestrow: endTableRow(depth: max(state.paragraph.tableDepth, 2))

        // Breaks and special characters
        case .par, .page, .sect: endParagraph()
        case .line: emitScalar(0x0A)
        case .tab: emitScalar(0x09)
        case .emdash: emitScalar(0x2014)
        case .endash: emitScalar(0x2013)
        case .emspace: emitScalar(0x2003)
        case .enspace: emitScalar(0x2002)
        case .qmspace: emitScalar(0x2005)
        case .bullet: emitScalar(0x2022)
        case .lquote: emitScalar(0x2018)
        case .rquote: emitScalar(0x2019)
        case .ldblquote: emitScalar(0x201C)
        case .rdblquote: emitScalar(0x201D)
        case .zwj: emitScalar(0x200D)
        case .zwnj: emitScalar(0x200C)
        case .chftn:
            let number = state.destination == .footnote ? footnoteCount : footnoteCount + 1
            for digit in String(number).unicodeScalars { emitScalar(digit.value, superscript: true) }

        // Pictures
        case .pngblip, .jpegblip, .emfblip, .wmetafile, .macpict, .dibitmap, .wbitmap, .pmmetafile:
            if state.destination == .picture { picture.format = RTFPicture.Format(rawValue: String(describing: word)) }
        case .picw: if state.destination == .picture { picture.width = clampedTwips(value) }
        case .pich: if state.destination == .picture { picture.height = clampedTwips(value) }
        case .picwgoal: if state.destination == .picture { picture.goalWidth = clampedTwips(value) }
        case .pichgoal: if state.destination == .picture { picture.goalHeight = clampedTwips(value) }
        case .picscalex: if state.destination == .picture { picture.scaleX = parameter ?? 100 }
        case .picscaley: if state.destination == .picture { picture.scaleY = parameter ?? 100 }
        }
    }

    mutating func handleControlSymbol(_ symbol: UInt8) {
        isIgnorableDestinationPending = false
        switch symbol {
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            if fallbackCharactersToSkip > 0 {
                fallbackCharactersToSkip -= 1
                return
            }
            guard state.destination != .picture else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
                buffer[0] = symbol
                appendPending(UnsafeBufferPointer(buffer))
            }
        case UInt8(ascii: "*"):
            flushPendingText()
            isIgnorableDestinationPending = true
        case 0x0A:
            flushPendingText()
            endParagraph()
        case 0x09:
            flushPendingText()
            emitScalar(0x09)
        case UInt8(ascii: "~"):
            emitScalar(0x00A0)
        case UInt8(ascii: "_"):
            emitScalar(0x2011)
        default:
            // `\-` (optional hyphen), `\:` and `\|` have no visible form here.
            flushPendingText()
        }
        if symbol != UInt8(ascii: "\\"), symbol != UInt8(ascii: "{"), symbol != UInt8(ascii: "}") { fallbackCharactersToSkip = 0 }
    }

    private mutating func setCharacter(_ change: (inout RTFCharacterFormat) -> Void) {
        change(&state.character)
        isStyleStale = true
    }

    func clampedTwips(_ value: Int) -> Int {
        min(max(value, -Self.maximumTwips), Self.maximumTwips)
    }

    /// `\uN`: a UTF-16 code unit, negative values wrapping as signed 16-bit.
    private mutating func handleUnicode(_ parameter: Int) {
        let unit = parameter < 0 ? parameter + 65_536 : parameter
        defer { fallbackCharactersToSkip = state.unicodeFallbackCount }
        guard unit >= 0, unit <= 0x10FFFF else {
            highSurrogate = nil
            emitScalar(0xFFFD)
            return
        }
        let value = UInt32(unit)
        switch value {
        case 0xD800...0xDBFF:
            if highSurrogate != nil {
                highSurrogate = nil
                emitScalar(0xFFFD)
            }
            highSurrogate = value
        case 0xDC00...0xDFFF:
            if let high = highSurrogate {
                highSurrogate = nil
                emitScalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
            } else {
                emitScalar(0xFFFD)
            }
        default:
            // The object replacement character only marks where an attachment sat.
            if value != 0xFFFC { emitScalar(value) }
        }
    }

    /// `\binN`: raw bytes, part of a picture or skipped.
    private mutating func readBinary(length: Int) {
        guard length > 0 else { return }
        let start = lexer.position
        let range = lexer.readBinary(length: length)
        if range.count < length {
            diagnose(.rtfSyntax, .warning, "'\\bin' length \(length) exceeds the \(range.count) bytes left in the file", at: start)
        }
        if state.destination == .picture { picture.appendBinary(bytes, range: range) }
    }
}
