import GalleyCore

/// Names that editors, version control and operating systems write beside content and that are never content themselves.
package enum EditorTemporaryFiles {
    /// Whether the last part of `path` is such a name: what every walk and watcher of a content folder skips.
    package static func isTemporary(path: String) -> Bool {
        isTemporary(name: path.lastSlashSeparatedPart ?? path)
    }

    /// True for swap, backup, lock and temporary files, VCS and dependency folders, and hidden names (starting with ".").
    package static func isTemporary(name: String) -> Bool {
        // Hidden names cover .file.swp, Emacs's .#lock, .DS_Store, .git, .hg, .svn and rsync's .file.XXXXXX.
        if name.hasBytePrefix(".") { return true }
        if exactNames.contains(name) { return true }
        if name.hasByteSuffix("~") { return true } // vim and Emacs backups
        if name.hasBytePrefix("#") && name.hasByteSuffix("#") { return true } // Emacs auto-save
        if name.hasBytePrefix("~$") { return true } // office lock files
        if suffixes.contains(where: { name.hasByteSuffix($0) }) { return true }
        return isVimWriteTest(name) || isSedInPlaceTemporary(name)
    }

    private static let exactNames: Set<String> = [
        "node_modules", "CVS", "_darcs", "Thumbs.db", "desktop.ini",
    ]

    private static let suffixes = [
        ".swp", ".swo", ".swn", ".swx", ".swpx", // vim swap files outside the hidden form
        "___jb_tmp___", "___jb_old___", // JetBrains safe write
        ".tmp", ".crswap", ".part", ".crdownload",
    ]

    /// vim probes whether it may create files in a folder with `4913`, then `5036`, `5159`, … while those exist.
    private static func isVimWriteTest(_ name: String) -> Bool {
        guard name.count <= 7, let number = Int(name), number >= 4913 else { return false }
        return (number - 4913) % 123 == 0
    }

    /// GNU `sed -i` writes `sed` plus six random letters and digits, then renames it over the file.
    private static func isSedInPlaceTemporary(_ name: String) -> Bool {
        name.utf8.count == 9 && name.hasBytePrefix("sed")
            && name.utf8.dropFirst(3).allSatisfy {
                ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            }
    }
}
