/// What happens when a destination's group closes.
extension RTFParser {
    mutating func finishDestination(_ destination: RTFDestination) {
        switch destination {
        case .fontTable:
            fontTable.commit(decoder: &decoder, documentCodePage: documentCodePage)
            isStyleStale = true
        case .fieldInstruction:
            let instruction = String(decoding: instructionUTF8, as: UTF8.self)
            instructionUTF8.removeAll(keepingCapacity: true)
            // The result group is a sibling of the instruction, so the link goes on the enclosing field group.
            if let target = RTFFieldInstruction.hyperlinkTarget(instruction), links.count < 100_000 {
                links.append(target)
                state.character.link = links.count - 1
                isStyleStale = true
            }
        case .listMarker:
            paragraph.explicitMarker = RTFListNumbering.normalizedMarker(String(decoding: markerUTF8, as: UTF8.self))
        case .listDefinition:
            listTable.endList()
        case .listLevelText:
            listTable.setLevelText(Array(String(decoding: levelTextUTF8, as: UTF8.self).unicodeScalars))
        case .listOverride:
            listTable.endOverride()
        case .legacyNumbering:
            if legacyNumberings.count < 100_000 {
                legacyNumberings.append(pendingLegacyNumbering)
                state.paragraph.legacyNumbering = legacyNumberings.count - 1
            }
        case .legacyNumberingTextBefore:
            pendingLegacyNumbering.textBefore = String(decoding: legacyTextUTF8, as: UTF8.self)
        case .legacyNumberingTextAfter:
            pendingLegacyNumbering.textAfter = String(decoding: legacyTextUTF8, as: UTF8.self)
        case .picture:
            finishPicture()
        case .attachment:
            addImage(attachment.image, offset: attachmentOffset)
            dropAttachmentCharacter = true
        case .footnote:
            endFootnote()
        case .body, .discard, .colorTable, .title, .listTable, .listOverrideTable:
            break
        }
    }

    private mutating func finishPicture() {
        let finished = picture
        picture = RTFPicture()
        guard state.destination.isDocumentText || state.destination == .discard else { return }
        guard !finished.data.isEmpty else {
            diagnose(.unsupportedContent, .warning, "picture without data skipped", at: pictureOffset)
            return
        }
        guard let mimeType = finished.mimeType else {
            let format = finished.format?.rawValue ?? "unknown"
            diagnose(.unsupportedContent, .warning, "picture format '\(format)' cannot be shown; skipped", at: pictureOffset)
            return
        }
        let size = finished.sizeInPoints
        let image = ImageBlock(
            source: .embedded(mimeType: mimeType, bytes: finished.data),
            widthPoints: size.width, heightPoints: size.height)
        addImage(image, offset: pictureOffset)
    }

    mutating func beginFootnote() {
        guard !assembler.isInFootnote else {
            state.destination = .discard
            return
        }
        footnoteCount += 1
        savedBodyParagraph = (paragraph, paragraphContinuesAfterBlock)
        paragraph = RTFParagraphAccumulator()
        paragraphContinuesAfterBlock = false
        assembler.isInFootnote = true
        state.destination = .footnote
    }

    private mutating func endFootnote() {
        if !paragraph.isEmpty { endParagraph() }
        assembler.isInFootnote = false
        if let saved = savedBodyParagraph {
            paragraph = saved.paragraph
            paragraphContinuesAfterBlock = saved.continues
        }
        savedBodyParagraph = nil
        isStyleStale = true
    }
}
