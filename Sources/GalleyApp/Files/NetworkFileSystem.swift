import Foundation
import GalleySystem

/// Recognises file systems where inotify misses changes made elsewhere, so
/// `serve` can suggest `--poll` before an author wonders why nothing updates.
enum NetworkFileSystem {
    private static let networkTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "drvfs", "afs", "ncpfs", "coda", "virtiofs", "vboxsf", "vmhgfs",
    ]

    /// The type of the mount holding `path` (a real path) when inotify may
    /// not see other machines' changes there, else nil.
    static func name(of path: String) -> String? {
        guard let mounts = try? FileDescriptor.readFile("/proc/self/mounts", limit: 16 << 20) else { return nil }
        var best: (mountPoint: String, type: String)?
        for line in String(decoding: mounts, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            // Spaces in mount points are written as \040.
            let mountPoint = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let isPrefix = FilePath.isSameOrBelow(path, mountPoint)
            if isPrefix, mountPoint.utf8.count >= (best?.mountPoint.utf8.count ?? -1) { best = (mountPoint, String(fields[2])) }
        }
        guard let type = best?.type else { return nil }
        return networkTypes.contains(type) || type.hasPrefix("fuse.") ? type : nil
    }
}
