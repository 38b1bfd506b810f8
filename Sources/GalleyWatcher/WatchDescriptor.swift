/// The number inotify gives a watch; events name their folder by it.
struct WatchDescriptor: Hashable, Sendable {
    let rawValue: Int32
}
