import GalleySystem
import Glibc

/// One non-blocking inotify instance and the calls made on it.
struct Inotify: Sendable {
    let descriptor: FileDescriptor

    /// What a watched folder reports: writes, finished writes, moves, creations and deletions of its entries, and its
    /// own end. IN_MODIFY is in so that a file being saved in place can be read ahead of its writer's close
    /// (`WatchEvent.Kind.written`); what is read then counts only once the close confirms it.
    /// IN_ATTRIB is in: a file made readable again (`chmod 644` after `chmod 000`) is read again without a write.
    static let folderMask = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_EXCL_UNLINK | IN_ONLYDIR
    )

    static func open() throws(SystemCallError) -> Inotify {
        let raw = try retryingOnInterrupt("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        return Inotify(descriptor: FileDescriptor(rawValue: raw))
    }

    /// Watches a folder; an inode that is already watched gives back its existing descriptor.
    func addWatch(folder path: String) throws(SystemCallError) -> WatchDescriptor {
        let raw = try retryingOnInterrupt("inotify_add_watch", path: path) {
            inotify_add_watch(descriptor.rawValue, path, Self.folderMask)
        }
        return WatchDescriptor(rawValue: raw)
    }

    /// Stops a watch; failure is ignored because the kernel drops the watch of a deleted folder by itself.
    func removeWatch(_ watch: WatchDescriptor) {
        _ = inotify_rm_watch(descriptor.rawValue, watch.rawValue)
    }

    /// Waits until records are queued or `milliseconds` pass; true when there are records to read.
    func waitForRecords(milliseconds: Int32) throws(SystemCallError) -> Bool {
        var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return try retryingOnInterrupt("poll") { poll(&request, 1, milliseconds) } > 0
    }

    /// Waits until records are queued (true) or `stop` is signalled (false).
    func waitForRecords(until stop: StopSignal) throws(SystemCallError) -> Bool {
        var requests = [
            pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        _ = try retryingOnInterrupt("poll") { poll(&requests, 2, -1) }
        return requests[1].revents == 0 && requests[0].revents != 0
    }

    /// Reads queued event records into `buffer`; nil when none are queued right now.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int? {
        do {
            return try descriptor.read(into: buffer)
        } catch  where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return nil
        }
    }
}
