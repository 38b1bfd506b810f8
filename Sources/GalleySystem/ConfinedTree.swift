import GalleyCore
import Glibc

/// The content folder as a tree that nothing leads out of: the one home of
/// the rule that a symlink is followed only when what it leads to lies
/// inside the folder, so no reader, watcher or server route can reach the
/// author's other files through one.
package struct ConfinedTree: Sendable {
    /// The root as it was given; walked paths start with it.
    package let root: String
    /// The root with every symlink resolved.
    package let realRoot: String

    package init(root: String) throws(SystemCallError) {
        guard let realRoot = FilePath.realPath(root) else {
            throw SystemCallError(call: "realpath", path: root, errno: errno)
        }
        self.root = root
        self.realRoot = realRoot
    }

    package init(root: String, realRoot: String) {
        self.root = root
        self.realRoot = realRoot
    }

    /// Whether `path`, with symlinks resolved, is the root or lies inside it.
    package func contains(_ path: String) -> Bool {
        guard let real = FilePath.realPath(path) else { return false }
        return FilePath.isSameOrBelow(real, realRoot)
    }

    /// What an entry of kind `kind` at `path` counts as: a symlink is what it
    /// leads to when that lies inside the root, and `.other` otherwise.
    package func kind(of kind: FileKind, at path: String) -> FileKind {
        guard kind == .symbolicLink else { return kind }
        guard contains(path) else { return .other }
        let target = FileStatus.kind(ofTargetAt: path)
        return target == .symbolicLink ? .other : target
    }

    /// Visits every folder and regular file below `top` (the root unless
    /// said), each real folder once however many links lead to it.
    ///
    /// - `enter` runs before a folder is listed; false skips the folder (the
    ///   watcher adds its watch there, so nothing created meanwhile is missed).
    /// - `file` gets each regular file, or each symlink to one inside the root.
    /// - `unreadable`, when given, gets each of those files that could not be
    ///   read (see `FileReadability`), before `file` gets it.
    /// - `failed` gets folders that could not be listed.
    /// - `leadsOutside` gets each symlink skipped because what it leads to
    ///   lies outside the root, so that the author can be told what was not read.
    package func walk(
        from top: String? = nil,
        isIgnored: (String) -> Bool,
        enter: (String) -> Bool = { _ in true },
        file: (String) -> Void,
        unreadable: ((String) -> Void)? = nil,
        failed: (SystemCallError) -> Void = { _ in },
        leadsOutside: (String) -> Void = { _ in }
    ) {
        let top = top ?? root
        var visited: Set<String> = []
        var pending = [top]
        while let folder = pending.popLast() {
            // A folder reached through a link, or a loop, is listed once.
            guard let real = FilePath.realPath(folder), FilePath.isSameOrBelow(real, realRoot),
                visited.insert(real).inserted, enter(folder)
            else { continue }
            let entries: [DirectoryListing.Entry]
            do {
                entries = try DirectoryListing.entries(of: folder, askingReadability: unreadable != nil)
            } catch {
                failed(error)
                continue
            }
            for entry in entries {
                let path = folder.slashJoined(entry.name)
                if isIgnored(path) { continue }
                switch kind(of: entry.kind, at: path) {
                case .folder: pending.append(path)
                case .file:
                    if entry.isUnreadable { unreadable?(path) }
                    file(path)
                case .symbolicLink, .other:
                    // A link to nothing (dangling, a loop) has nothing to skip.
                    if entry.kind == .symbolicLink, let real = FilePath.realPath(path), !FilePath.isSameOrBelow(real, realRoot) {
                        leadsOutside(path)
                    }
                }
            }
        }
    }
}
