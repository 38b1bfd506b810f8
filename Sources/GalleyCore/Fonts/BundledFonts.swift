/// The fonts an app bundles: files listed under `UIAppFonts` in an
/// `Info.plist` anywhere in the content folder, found anywhere in it, with
/// the names they answer to.
///
/// A value the shell feeds with what it read.
package struct BundledFonts: Sendable {
    /// One font file the app can use.
    package struct Face: Sendable, Equatable {
        package var path: String
        package var names: FontFileNames
        /// Its vertical metrics, for the geometry of the text it draws.
        package var metrics: FontMetrics?
    }

    /// What Galley reads from one font file: its names, its vertical metrics
    /// and its advance widths. Read anywhere (a large file off the
    /// workspace queue), then set here.
    package struct FontFile: Sendable {
        package var names: FontFileNames
        package var metrics: FontMetrics?
        package var widths: AdvanceWidths?

        /// Nil for a file that is no TrueType or OpenType font Galley can read.
        package static func read(_ bytes: [UInt8]) -> FontFile? {
            FontFileNames.read(bytes).map { FontFile(names: $0, metrics: FontMetrics.read(bytes), widths: AdvanceWidths.read(bytes)) }
        }
    }

    private var fontFiles: [String: FontFile?] = [:]
    private var lists: [RelativePath: AppFontList.Result] = [:]

    /// Folders whose every font file counts as bundled (`galley.json`'s
    /// `fonts`; "" for the whole content folder).
    package var folders: [String] = []

    package init() {}

    package static func isFontFile(_ path: String) -> Bool {
        RelativePath.hasExtension(path, in: ["ttf", "otf", "ttc"])
    }

    package static func isInfoPlist(_ path: String) -> Bool {
        path.isByteEqual(to: "Info.plist") || path.hasByteSuffix("/Info.plist")
    }

    /// Takes in the font file at `path` as read: nil when it is no font
    /// Galley can read.
    package mutating func setFontFile(_ path: String, _ file: FontFile?) {
        fontFiles[path] = .some(file)
    }

    package mutating func removeFontFile(_ path: String) {
        fontFiles[path] = nil
    }

    package mutating func setInfoPlist(_ path: RelativePath, _ bytes: [UInt8]?) {
        lists[path] = bytes.map { AppFontList.read($0, path: path) }
    }

    /// The font file a listed name points at: the same relative path, or
    /// else the same file name anywhere (Xcode copies fonts flat into the bundle).
    private func file(listed name: String) -> String? {
        let candidates = fontFiles.keys.filter { $0.isByteEqual(to: name) || $0.hasByteSuffix("/" + name) }
        if let exact = candidates.min() { return exact }
        let fileName = name.slashSeparatedParts.last ?? name
        return fontFiles.keys.filter { $0.isByteEqual(to: fileName) || $0.hasByteSuffix("/" + fileName) }.min()
    }

    /// The advance widths of the bundled font file at `path`, for the text it draws.
    package func widths(ofFile path: String) -> AdvanceWidths? {
        fontFiles[path]??.widths
    }

    /// Every font the app bundles that Galley could read: those its
    /// `Info.plist` lists, then those in `folders`.
    package var faces: [Face] {
        var seen = Set<String>()
        let listed = lists.keys.sorted().flatMap { lists[$0]?.files ?? [] }.compactMap(file(listed:))
        let inFolders = fontFiles.keys.filter { path in
            folders.contains { $0.isEmpty || path.hasBytePrefix($0 + "/") }
        }.sorted()
        return (listed + inFolders).compactMap { path in
            guard seen.insert(path).inserted, let file = fontFiles[path] ?? nil else { return nil }
            return Face(path: path, names: file.names, metrics: file.metrics)
        }
    }

    /// The faces a style's `font` names: a family (every face of it) or
    /// one face by its PostScript name.
    package func faces(named name: String) -> [Face] {
        let lowered = name.lowercased()
        let all = faces
        let family = all.filter { $0.names.family.lowercased() == lowered }
        if !family.isEmpty { return family }
        return all.filter { $0.names.postScriptName?.lowercased() == lowered || $0.names.fullName?.lowercased() == lowered }
    }

    /// Listed files that are not in the content folder, and fonts Galley cannot read.
    package var diagnostics: [Diagnostic] {
        lists.keys.sorted().flatMap { plist -> [Diagnostic] in
            guard let list = lists[plist] else { return [] }
            var diagnostics = list.diagnostics
            for (name, location) in zip(list.files, list.locations) {
                guard let path = file(listed: name) else {
                    diagnostics.append(
                        Diagnostic(
                            path: plist, id: .unreadableFont, at: location, severity: .warning,
                            message: "'UIAppFonts' lists '\(name)', which is not in the content folder"))
                    continue
                }
                if (fontFiles[path] ?? nil) == nil {
                    diagnostics.append(
                        Diagnostic(
                            path: plist, id: .unreadableFont, at: location, severity: .warning,
                            message: "'\(name)' is not a TrueType or OpenType font Galley can read"))
                }
            }
            return diagnostics
        }
    }
}
