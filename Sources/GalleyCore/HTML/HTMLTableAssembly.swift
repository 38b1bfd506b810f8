/// The rows and cells of one open `<table>`, filled as its cells close.
struct HTMLTableAssembly {
    let location: SourceLocation
    private var rows: [[TableCell]] = []
    private var row: [TableCell]?
    private var cell: TableCell?

    init(location: SourceLocation) {
        self.location = location
    }

    /// Whether a cell is open to take blocks; content outside cells goes before the table, as browsers put it.
    var hasOpenCell: Bool { cell != nil }

    mutating func startRow() {
        endRow()
        row = []
    }

    mutating func endRow() {
        endCell()
        if let row, !row.isEmpty { rows.append(row) }
        row = nil
    }

    mutating func startCell(widthPoints: Double?) {
        endCell()
        cell = TableCell(blocks: [], widthPoints: widthPoints)
    }

    mutating func endCell() {
        guard let cell else { return }
        row = (row ?? []) + [cell]
        self.cell = nil
    }

    mutating func append(_ block: Block) {
        cell?.blocks.append(block)
    }

    /// The finished rows; an open row or cell is ended first.
    mutating func finish() -> [[TableCell]] {
        endRow()
        return rows
    }
}
