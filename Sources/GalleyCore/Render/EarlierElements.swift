/// Finds a block of the previous rendering by id. An edit leaves the blocks
/// before it where they were and those after it shifted by the number added
/// or removed, so those two places are tried before a table of all ids is
/// built.
struct EarlierElements {
    /// Blocks looked for elsewhere before a table of every id is built: an
    /// edit's new blocks are in no table, and comparing short ids one by one
    /// (they are stored inline) costs far less than hashing thousands.
    private static let scansBeforeTable = 8

    private let elements: ArraySlice<RenderedDocument.Element>
    private let countDifference: Int
    private var indexOfID: [String: Int]?
    private var scans = 0

    /// The blocks of `previous`, for a rendering of `blockCount` blocks.
    init(of previous: RenderedDocument?, blockCount: Int) {
        elements = previous.map { $0.elements.dropFirst($0.headerCount) } ?? []
        countDifference = elements.count - blockCount
    }

    /// The index of the previous block with id `id`, looked for first at
    /// the new block's `index` and where it would be had it moved with the edit.
    mutating func index(ofID id: String, near index: Int) -> Int? {
        if has(id, at: index) { return index }
        if has(id, at: index + countDifference) { return index + countDifference }
        if indexOfID == nil, scans < Self.scansBeforeTable {
            scans += 1
            return elements.firstIndex { $0.id == id }.map { $0 - elements.startIndex }
        }
        if indexOfID == nil {
            var table: [String: Int] = [:]
            table.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let id = element.id { table[id] = index }
            }
            indexOfID = table
        }
        return indexOfID?[id]
    }

    private func has(_ id: String, at index: Int) -> Bool {
        index >= 0 && index < elements.count && elements[elements.startIndex + index].id == id
    }
}
