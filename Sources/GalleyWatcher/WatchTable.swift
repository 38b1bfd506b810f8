import GalleySystem

/// Which folder each watch descriptor stands for and back, plus each folder's watched subfolders so a subtree can be moved or dropped.
struct WatchTable {
    private var pathsByDescriptor: [WatchDescriptor: String] = [:]
    private var descriptorsByPath: [String: WatchDescriptor] = [:]
    private var subfoldersByFolder: [String: Set<String>] = [:]

    var count: Int { pathsByDescriptor.count }
    var descriptors: [WatchDescriptor] { Array(pathsByDescriptor.keys) }

    func path(of watch: WatchDescriptor) -> String? { pathsByDescriptor[watch] }
    func descriptor(of path: String) -> WatchDescriptor? { descriptorsByPath[path] }

    /// Records a watch; returns the descriptors of whatever was recorded at that path before (an older folder and its subtree).
    mutating func insert(_ watch: WatchDescriptor, path: String) -> [WatchDescriptor] {
        var displaced: [WatchDescriptor] = []
        if let previous = descriptorsByPath[path], previous != watch {
            displaced = removeSubtree(at: path)
        }
        pathsByDescriptor[watch] = path
        descriptorsByPath[path] = watch
        subfoldersByFolder[FilePath.parent(of: path), default: []].insert(path)
        return displaced
    }

    /// Forgets the folder at `path` and every watched folder below it; returns their descriptors.
    mutating func removeSubtree(at path: String) -> [WatchDescriptor] {
        let paths = subtree(at: path)
        guard !paths.isEmpty else { return [] }
        subfoldersByFolder[FilePath.parent(of: path)]?.remove(path)
        var removed: [WatchDescriptor] = []
        for folder in paths {
            subfoldersByFolder[folder] = nil
            if let watch = descriptorsByPath.removeValue(forKey: folder) {
                pathsByDescriptor[watch] = nil
                removed.append(watch)
            }
        }
        return removed
    }

    /// Renames the folder at `oldPath` and its watched subtree to `newPath` (their watches follow the inodes, only the names change);
    /// returns the descriptors of folders that were recorded at the destination, which the move replaced.
    mutating func moveSubtree(from oldPath: String, to newPath: String) -> [WatchDescriptor] {
        let replaced = removeSubtree(at: newPath)
        let moving = subtree(at: oldPath).compactMap { path in descriptorsByPath[path].map { (path, $0) } }
        _ = removeSubtree(at: oldPath)
        for (path, watch) in moving {
            _ = insert(watch, path: WatchPath.rebase(path, from: oldPath, to: newPath))
        }
        return replaced
    }

    /// Forgets every watch; returns their descriptors.
    mutating func removeAll() -> [WatchDescriptor] {
        defer { self = WatchTable() }
        return descriptors
    }

    /// `path` and every recorded folder below it, parents before children.
    private func subtree(at path: String) -> [String] {
        guard descriptorsByPath[path] != nil else { return [] }
        var result = [path]
        var index = 0
        while index < result.count {
            result.append(contentsOf: subfoldersByFolder[result[index]] ?? [])
            index += 1
        }
        return result
    }
}
