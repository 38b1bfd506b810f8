/// A block ready to be written into its group: what a later rendering
/// needs of it, and the previous element it is or where its HTML is.
/// Plain numbers, so that the thousands a long document holds are copied
/// and let go of as memory, not one by one.
struct PreparedBlock {
    var rendered: RenderedDocument.RenderedBlock
    var source: Source

    enum Source {
        /// The previous rendering's block at this index, the very same element.
        case same(Int)
        /// The content (`PreparedBlocks.contents`) at this index: rendered anew, or copied under a new id.
        case content(Int)
    }
}

/// A block's HTML written anew: rendered, or copied from the previous rendering under another id.
struct NewBlockContent {
    var html: Substring
    var id: String
    var missingImage: Bool
}

/// Every block of a rendering, prepared, with what preparing them found.
struct PreparedBlocks {
    var blocks: [PreparedBlock] = []
    var contents: [NewBlockContent] = []
    var missing: [RenderedDocument.MissingImage] = []
    var scripts: DocumentLanguage.Scripts = []

    mutating func appendContent(_ html: Substring, id: String, missingImage: Bool, rendered: RenderedDocument.RenderedBlock) {
        blocks.append(PreparedBlock(rendered: rendered, source: .content(contents.count)))
        contents.append(NewBlockContent(html: html, id: id, missingImage: missingImage))
    }

    /// The element id of the block at `index`. A block that is a previous
    /// element has that element's id, made of the same content hash and
    /// occurrence: made again only when asked for (a group starting with it
    /// is written anew), rather than carried for every block a save copies.
    func id(ofBlockAt index: Int) -> String {
        switch blocks[index].source {
        case .content(let content): contents[content].id
        case .same: HTMLRenderer.blockID(blocks[index].rendered.base, blocks[index].rendered.occurrence)
        }
    }
}

/// Writes a rendering's groups one by one, copying from the previous
/// rendering what it can, and says for each whether it is kept, moved,
/// updated or new (`ArticleChanges`).
struct GroupWriter {
    private let document: Document
    private let preparedBlocks: PreparedBlocks
    private let prepared: [PreparedBlock]
    private let earlierHTML: String
    /// The previous rendering's elements and groups, bound once: binding
    /// the whole previous rendering for each block copied cost more than
    /// copying the block.
    private let earlierElements: [RenderedDocument.Element]
    private let earlierGroups: [RenderedDocument.Group]
    private let earlierHeaderCount: Int
    /// Groups of the previous rendering up to this index were continued already.
    private var lastContinued = -1
    /// Per block written so far, what a later rendering needs of it.
    private(set) var blocks: [RenderedDocument.RenderedBlock] = []
    /// Counts the pieces of the previous rendering's HTML copied.
    private let copies: WorkCounter?

    init(document: Document, earlier: RenderedDocument?, prepared: PreparedBlocks, copies: WorkCounter? = nil) {
        self.document = document
        preparedBlocks = prepared
        self.prepared = prepared.blocks
        self.copies = copies
        earlierHTML = earlier?.html ?? ""
        earlierElements = earlier?.elements ?? []
        earlierGroups = earlier?.groups ?? []
        earlierHeaderCount = earlier?.headerCount ?? 0
        blocks.reserveCapacity(prepared.blocks.count)
    }

    /// The index of the previous rendering's group that holds its block
    /// `earlierIndex`, found by halving: a table of every block's group cost
    /// a save of a long document as much as the few blocks it wrote.
    private func earlierGroup(of earlierIndex: Int) -> Int {
        var low = 0
        var high = earlierGroups.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if earlierGroups[middle].blocks.lowerBound <= earlierIndex { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Writes the group of the blocks in `range`; returns how it differs from the previous rendering.
    mutating func write(
        _ range: Range<Int>, into html: inout String, elements: inout [RenderedDocument.Element],
        groups: inout [RenderedDocument.Group]
    ) -> ArticleChanges.Child {
        let location = document.blocks[range.lowerBound].location
        // The group it continues: the one that held its first block kept, unless an earlier group took it.
        var continued: Int?
        for index in range {
            guard case .same(let earlierIndex) = prepared[index].source else { continue }
            let earlierGroup = earlierGroup(of: earlierIndex)
            if earlierGroup > lastContinued { continued = earlierGroup }
            break
        }
        if let continued {
            lastContinued = continued
            if isKeptWhole(range, as: earlierGroups[continued], location: location) {
                return copy(
                    earlierGroups[continued], number: continued, to: location, range, into: &html, elements: &elements, groups: &groups)
            }
        }
        let start = html.utf8.count
        html += "<div class=\"blk-group\" id=\"g-"
        let firstID = preparedBlocks.id(ofBlockAt: range.lowerBound)
        html += firstID
        html += "\""
        let attributesStart = html.utf8.count
        Self.appendGroupLocation(location, to: &html)
        let attributesEnd = html.utf8.count
        html += ">"
        let openingTag = start..<html.utf8.count
        html += "\n"
        var changes: [ArticleChanges.Block] = []
        changes.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let kept = copyKeptRun(from: index, upTo: range.upperBound, in: location, into: &html, elements: &elements, changes: &changes)
            if kept > 0 {
                index += kept
                continue
            }
            changes.append(writeBlock(at: index, in: location, into: &html, elements: &elements))
            html += "\n"
            index += 1
        }
        html += "</div>"
        groups.append(
            .init(
                id: "g-" + firstID, range: start..<html.utf8.count, openingTag: openingTag,
                locationAttributes: attributesStart..<attributesEnd, location: location, blocks: range))
        html += "\n"
        guard let continued else { return .new(blocks: changes) }
        return .updated(from: earlierHeaderCount + continued, blocks: changes)
    }

    /// Whether the blocks in `range` are those of the previous group `group`,
    /// all the same elements at the same offsets from a group starting at `location`.
    private func isKeptWhole(_ range: Range<Int>, as group: RenderedDocument.Group, location: SourceLocation) -> Bool {
        guard range.count == group.blocks.count else { return false }
        for (index, earlierIndex) in zip(range, group.blocks) {
            guard case .same(let same) = prepared[index].source, same == earlierIndex,
                let earlierLocation = earlierElements[earlierHeaderCount + earlierIndex].location,
                GroupOffset(of: document.blocks[index].location, in: location) == GroupOffset(of: earlierLocation, in: group.location)
            else { return false }
        }
        return true
    }

    /// Copies a previous group whole, rewriting its location if it moved.
    private mutating func copy(
        _ group: RenderedDocument.Group, number: Int, to location: SourceLocation, _ range: Range<Int>,
        into html: inout String, elements: inout [RenderedDocument.Element],
        groups: inout [RenderedDocument.Group]
    ) -> ArticleChanges.Child {
        let copy = copyEarlier(
            group.range, locationAttributes: group.locationAttributes, into: &html,
            rewritingLocation: location == group.location ? nil : { Self.appendGroupLocation(location, to: &$0) })
        let shift = copy.shift
        var copied = group
        copied.range = copy.range
        copied.locationAttributes = copy.locationAttributes
        copied.openingTag = copy.range.lowerBound..<(group.openingTag.upperBound + shift)
        copied.location = location
        copied.blocks = range
        groups.append(copied)
        html += "\n"
        appendKept(range, from: group.blocks.lowerBound, shift: shift, elements: &elements)
        let earlierLocation = group.location
        return .kept(
            from: earlierHeaderCount + number,
            shift: LocationShift(lines: location.line - earlierLocation.line, columns: location.column - earlierLocation.column))
    }

    /// Where a copy of an earlier element landed; `shift` takes an offset
    /// after its location attributes from the earlier HTML to the new one.
    private struct EarlierCopy {
        var range: Range<Int>
        var locationAttributes: Range<Int>
        var shift: Int
    }

    /// Copies the earlier element at `range`, with its location attributes
    /// written afresh by `rewritingLocation` when it moved in the source.
    private func copyEarlier(
        _ range: Range<Int>, locationAttributes: Range<Int>, into html: inout String,
        rewritingLocation: ((inout String) -> Void)?
    ) -> EarlierCopy {
        copies?.add(1)
        let start = html.utf8.count
        guard let rewritingLocation else {
            html += earlierHTML.utf8Slice(range)
            let shift = start - range.lowerBound
            return EarlierCopy(
                range: start..<html.utf8.count,
                locationAttributes: (locationAttributes.lowerBound + shift)..<(locationAttributes.upperBound + shift), shift: shift)
        }
        html += earlierHTML.utf8Slice(range.lowerBound..<locationAttributes.lowerBound)
        let attributesStart = html.utf8.count
        rewritingLocation(&html)
        let attributesEnd = html.utf8.count
        html += earlierHTML.utf8Slice(locationAttributes.upperBound..<range.upperBound)
        return EarlierCopy(
            range: start..<html.utf8.count, locationAttributes: attributesStart..<attributesEnd,
            shift: attributesEnd - locationAttributes.upperBound)
    }

    /// Copies the longest run of blocks from `index` on that are the previous
    /// rendering's consecutive blocks of one group, at the same offsets from
    /// their group, as one piece of its HTML with the line breaks between
    /// them; returns how many blocks it copied (none when the block at
    /// `index` is not such a block). A one-line edit in a group then copies
    /// the blocks around it in two pieces, not one by one.
    private mutating func copyKeptRun(
        from index: Int, upTo end: Int, in groupLocation: SourceLocation, into html: inout String,
        elements: inout [RenderedDocument.Element], changes: inout [ArticleChanges.Block]
    ) -> Int {
        guard case .same(let first) = prepared[index].source, isKeptInPlace(index, as: first, in: groupLocation) else { return 0 }
        let earlierGroup = earlierGroup(of: first)
        var count = 1
        while index + count < end, case .same(let earlierIndex) = prepared[index + count].source, earlierIndex == first + count,
            earlierGroups[earlierGroup].blocks.contains(earlierIndex),
            earlierElements[earlierHeaderCount + earlierIndex].range.lowerBound
                == earlierElements[earlierHeaderCount + earlierIndex - 1].range.upperBound + 1,
            isKeptInPlace(index + count, as: earlierIndex, in: groupLocation)
        {
            count += 1
        }
        copies?.add(1)
        let from = earlierElements[earlierHeaderCount + first].range.lowerBound
        let shift = html.utf8.count - from
        html += earlierHTML.utf8Slice(from..<earlierElements[earlierHeaderCount + first + count - 1].range.upperBound)
        html += "\n"
        appendKept(index..<(index + count), from: first, shift: shift, elements: &elements)
        let firstInGroup = first - earlierGroups[earlierGroup].blocks.lowerBound
        for offset in 0..<count {
            changes.append(.kept(group: earlierHeaderCount + earlierGroup, index: firstInGroup + offset, shift: .none))
        }
        return count
    }

    /// Whether the block at `index` is the previous rendering's block
    /// `earlierIndex` at the same offset from its group: its HTML is then copied as it was.
    private func isKeptInPlace(_ index: Int, as earlierIndex: Int, in groupLocation: SourceLocation) -> Bool {
        guard let earlierLocation = earlierElements[earlierHeaderCount + earlierIndex].location else { return false }
        let earlierGroupLocation = earlierGroups[earlierGroup(of: earlierIndex)].location
        return GroupOffset(of: document.blocks[index].location, in: groupLocation)
            == GroupOffset(of: earlierLocation, in: earlierGroupLocation)
    }

    /// The elements and blocks of the blocks in `range`, copied from the
    /// previous rendering's from `earlierIndex` on, whose HTML was copied
    /// `shift` bytes later in the new HTML.
    private mutating func appendKept(
        _ range: Range<Int>, from earlierIndex: Int, shift: Int, elements: inout [RenderedDocument.Element]
    ) {
        let start = elements.count
        let earlierStart = earlierHeaderCount + earlierIndex
        elements.append(contentsOf: earlierElements[earlierStart..<(earlierStart + range.count)])
        elements.withUnsafeMutableBufferPointer { elements in
            for (offset, index) in range.enumerated() {
                elements[start + offset].shift(by: shift)
                elements[start + offset].location = document.blocks[index].location
            }
        }
        for index in range {
            var block = prepared[index].rendered
            block.inner = (block.inner.lowerBound + shift)..<(block.inner.upperBound + shift)
            blocks.append(block)
        }
    }

    /// Writes the block at `index` of a group starting at `groupLocation`.
    private mutating func writeBlock(
        at index: Int, in groupLocation: SourceLocation, into html: inout String,
        elements: inout [RenderedDocument.Element]
    ) -> ArticleChanges.Block {
        let block = document.blocks[index]
        let offset = GroupOffset(of: block.location, in: groupLocation)
        var rendered = prepared[index].rendered
        let start = html.utf8.count
        switch prepared[index].source {
        case .same(let earlierIndex):
            // Moved within its group (kept in place, it was copied with its neighbours, `copyKeptRun`).
            let element = earlierElements[earlierHeaderCount + earlierIndex]
            guard let earlierLocation = element.location else { break }
            let earlierGroup = earlierGroup(of: earlierIndex)
            let earlierOffset = GroupOffset(of: earlierLocation, in: earlierGroups[earlierGroup].location)
            let copy = copyEarlier(
                element.range, locationAttributes: element.locationAttributes, into: &html,
                rewritingLocation: { Self.appendBlockOffset(offset, to: &$0) })
            let shift = copy.shift
            var copied = element
            copied.range = copy.range
            copied.locationAttributes = copy.locationAttributes
            copied.location = block.location
            elements.append(copied)
            rendered.inner = (rendered.inner.lowerBound + shift)..<(rendered.inner.upperBound + shift)
            blocks.append(rendered)
            return .kept(
                group: earlierHeaderCount + earlierGroup, index: earlierIndex - earlierGroups[earlierGroup].blocks.lowerBound,
                shift: offset.shift(from: earlierOffset))
        case .content:
            break
        }
        guard case .content(let contentIndex) = prepared[index].source else { return .new }
        let content = preparedBlocks.contents[contentIndex]
        let (inner, id, missingImage) = (content.html, content.id, content.missingImage)
        let classes = "blk k-\(KindStyleSheet.cssIdentifier(block.kind.rawValue))" + (missingImage ? " is-missing" : "")
        html += "<div class=\"\(classes)\" id=\"\(id)\" data-kind=\"\(HTMLEscaping.escape(block.kind.rawValue))\""
        let attributesStart = html.utf8.count
        Self.appendBlockOffset(offset, to: &html)
        let attributesEnd = html.utf8.count
        html += ">"
        let innerStart = html.utf8.count
        html += inner
        rendered.inner = innerStart..<html.utf8.count
        html += "</div>"
        elements.append(
            .init(
                id: id, range: start..<html.utf8.count, location: block.location,
                locationAttributes: attributesStart..<attributesEnd))
        blocks.append(rendered)
        return .new
    }

    /// Where a group's first block starts in the source.
    private static func appendGroupLocation(_ location: SourceLocation, to html: inout String) {
        // Piece by piece: the whole would not fit in a small string.
        html += " data-line=\""
        html += String(location.line)
        html += "\" data-column=\""
        html += String(location.column)
        html += "\""
    }

    /// Where a block starts relative to its group (`GroupOffset`), for the page to point an editor at it.
    private static func appendBlockOffset(_ offset: GroupOffset, to html: inout String) {
        html += " data-line-offset=\""
        html += String(offset.lines)
        html += "\" data-column-offset=\""
        html += String(offset.columns)
        html += "\""
    }
}
