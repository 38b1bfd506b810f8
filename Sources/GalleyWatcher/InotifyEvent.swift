import Glibc

/// One record read from inotify: which watch, what happened, and the entry's name inside the watched folder.
struct InotifyEvent: Equatable, Sendable {
    var watch: WatchDescriptor
    var mask: UInt32
    var cookie: UInt32
    /// Empty when the event is about the watched folder itself.
    var name: String

    /// `struct inotify_event` without its flexible `name[]`, which follows it in the buffer.
    static let headerSize = 16

    func has(_ flag: Int32) -> Bool {
        mask & UInt32(bitPattern: flag) != 0
    }

    /// Splits bytes read from inotify into events; a record whose `len` runs past the bytes ends the parse.
    /// Names that are not UTF-8 are skipped: such a path could not be opened through a Swift `String` anyway.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while bytes.count - offset >= headerSize {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard nameLength <= bytes.count - nameStart else { break }
            let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameStart + nameLength])
            offset = nameStart + nameLength
            // The name is padded with NUL bytes up to `len`.
            let meaningful = nameBytes.prefix { $0 != 0 }
            guard let name = String(validating: meaningful, as: UTF8.self) else { continue }
            events.append(InotifyEvent(watch: WatchDescriptor(rawValue: watch), mask: mask, cookie: cookie, name: name))
        }
        return events
    }
}
