import GalleyCore
import GalleySystem

/// Which picture: the file's content hash and the width it is drawn at.
package struct PictureKey: Hashable, Sendable {
    package let contentHash: String
    package let width: Int

    package init(contentHash: String, width: Int) {
        self.contentHash = contentHash
        self.width = width
    }
}

/// Drawn pictures kept in memory, bounded by their total size in bytes:
/// the least recently used goes first. Safe from any thread.
package final class PictureCache: Sendable {
    private struct Entry {
        var picture: DrawnPicture
        var lastUse: UInt64
    }

    private struct State {
        var entries: [PictureKey: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    package let byteLimit: Int
    private let state = Locked(State())

    package init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    package func picture(for key: PictureKey) -> DrawnPicture? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.picture
        }
    }

    /// Keeps `picture`; one larger than the whole limit is not kept.
    package func store(_ picture: DrawnPicture, for key: PictureKey) {
        guard picture.bytes.count <= byteLimit else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Entry(picture: picture, lastUse: state.clock), forKey: key) {
                state.bytes -= old.picture.bytes.count
            }
            state.bytes += picture.bytes.count
            while state.bytes > byteLimit, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.picture.bytes.count
            }
        }
    }

    /// The bytes held now.
    package var byteCount: Int {
        state.withLock { $0.bytes }
    }

    package var count: Int {
        state.withLock { $0.entries.count }
    }
}
