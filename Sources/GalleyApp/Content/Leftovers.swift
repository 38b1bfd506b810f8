import GalleyCore

/// What a change replaced and no longer needs: the last renderings and the
/// last readings of what it touched. Freeing them takes a while (a large
/// document's blocks and elements, a data file's string readings, 7 K of
/// the example save's 324 K instructions), better spent after its pages
/// are answered than before, so the workspace hands them over with its
/// changes rather than dropping them where they are replaced.
struct Leftovers: Sendable {
    private(set) var renderings: [LastRendering] = []
    private(set) var readings: [FileSnapshot] = []

    mutating func add(_ rendering: LastRendering) {
        renderings.append(rendering)
    }

    mutating func add(_ reading: FileSnapshot) {
        readings.append(reading)
    }

    mutating func append(_ later: Leftovers) {
        renderings += later.renderings
        readings += later.readings
    }

    /// How many blocks they hold, which is what freeing them costs in
    /// proportion to: a reading and the rendering made from it share their
    /// blocks, so the larger of the two counts, not their sum.
    var blockCount: Int {
        let inReadings = readings.reduce(0) { count, snapshot in
            guard case .documents(let sources) = snapshot.reading else { return count }
            return count + sources.reduce(0) { $0 + $1.document.blocks.count }
        }
        return max(renderings.reduce(0) { $0 + $1.document.blocks.count }, inReadings)
    }
}
