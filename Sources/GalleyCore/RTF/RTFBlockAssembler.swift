/// Places finished paragraphs and images into the document, inside open tables
/// when they belong to cells, and keeps footnotes apart until the end.
struct RTFBlockAssembler {
    /// `\itap` beyond this is treated as this depth, bounding memory on hostile input.
    static let maximumTableDepth = 16

    private struct OpenTable {
        var location: SourceLocation
        var rows: [[TableCell]] = []
        var cells: [TableCell] = []
        var cellBlocks: [Block] = []
    }

    private var blocks: [Block] = []
    private var footnoteBlocks: [Block] = []
    private var tables: [OpenTable] = []
    /// While true, blocks are footnote text.
    var isInFootnote = false

    /// Adds a block at a table depth (0 for the body).
    mutating func add(_ block: Block, tableDepth: Int) {
        if isInFootnote {
            footnoteBlocks.append(block)
            return
        }
        let depth = min(tableDepth, Self.maximumTableDepth)
        if depth == 0 {
            closeTables(downTo: 0)
            blocks.append(block)
            return
        }
        openTables(upTo: depth, location: block.location)
        closeTables(downTo: depth)
        tables[depth - 1].cellBlocks.append(block)
    }

    /// Ends the cell in progress at `depth` (`\cell`, `\nestcell`); `widths` are the row's cell widths in points.
    mutating func endCell(depth: Int, location: SourceLocation, widths: [Double]) {
        guard !isInFootnote else { return }
        let depth = min(max(depth, 1), Self.maximumTableDepth)
        openTables(upTo: depth, location: location)
        closeTables(downTo: depth)
        let index = tables[depth - 1].cells.count
        let width = index < widths.count && widths[index] > 0 ? widths[index] : nil
        tables[depth - 1].cells.append(TableCell(blocks: tables[depth - 1].cellBlocks, widthPoints: width))
        tables[depth - 1].cellBlocks = []
    }

    /// Ends the row in progress at `depth` (`\row`, `\nestrow`).
    mutating func endRow(depth: Int, location: SourceLocation, widths: [Double]) {
        guard !isInFootnote else { return }
        let depth = min(max(depth, 1), Self.maximumTableDepth)
        openTables(upTo: depth, location: location)
        closeTables(downTo: depth)
        if !tables[depth - 1].cellBlocks.isEmpty { endCell(depth: depth, location: location, widths: widths) }
        let cells = tables[depth - 1].cells
        if !cells.isEmpty { tables[depth - 1].rows.append(cells) }
        tables[depth - 1].cells = []
    }

    /// Whether everything added so far is placed: no table open, no footnote kept for the end.
    var isSettled: Bool { tables.isEmpty && footnoteBlocks.isEmpty && !isInFootnote }

    /// The blocks placed in the body so far.
    var bodyBlockCount: Int { blocks.count }

    /// Takes the body's blocks out (for a checkpoint, which must not share them).
    mutating func takeBodyBlocks() -> [Block] {
        defer { blocks = [] }
        return blocks
    }

    /// Puts back the body's first blocks: those of `takeBodyBlocks`, or of an earlier reading.
    mutating func restoreBodyBlocks(_ placed: [Block]) {
        blocks = placed
    }

    /// Closes every open table and returns the body followed by the footnotes.
    mutating func finish() -> [Block] {
        closeTables(downTo: 0)
        // Appending in place and moving out, as `blocks + footnoteBlocks` would copy every block while `blocks` still holds them.
        blocks.append(contentsOf: footnoteBlocks)
        footnoteBlocks = []
        defer { blocks = [] }
        return blocks
    }

    private mutating func openTables(upTo depth: Int, location: SourceLocation) {
        while tables.count < depth { tables.append(OpenTable(location: location)) }
    }

    /// Closes tables deeper than `depth`, each becoming a block of its parent cell (or of the body).
    private mutating func closeTables(downTo depth: Int) {
        while tables.count > depth {
            var table = tables.removeLast()
            if !table.cellBlocks.isEmpty {
                table.cells.append(TableCell(blocks: table.cellBlocks))
                table.cellBlocks = []
            }
            if !table.cells.isEmpty { table.rows.append(table.cells) }
            guard !table.rows.isEmpty else { continue }
            let block = Block(kind: "table", location: table.location, content: .table(table.rows))
            if tables.isEmpty {
                blocks.append(block)
            } else {
                tables[tables.count - 1].cellBlocks.append(block)
            }
        }
    }
}
