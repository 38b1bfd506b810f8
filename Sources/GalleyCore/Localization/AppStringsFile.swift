/// Which files hold the app's strings, and how each is read into
/// `AppStrings.FileReading`: the `Localizable` table, as
/// `NSLocalizedString(_:comment:)` reads it, in a `.lproj` folder's
/// `Localizable.strings` or `Localizable.stringsdict`, or in a String
/// Catalog, `Localizable.xcstrings`, anywhere (one file for every language).
package enum AppStringsFile {
    package enum Kind: Sendable, Equatable {
        case strings
        case stringsDictionary
        case catalog
    }

    /// What the file at `path` (relative to the content folder) is, or nil
    /// when it holds none of the app's strings.
    package static func kind(of file: RelativePath) -> Kind? {
        let path = file.rawValue
        // Compared as bytes, as every path rule is.
        // The name first: every file of the folder is asked this, and few
        // are named so; only those are looked at for their `.lproj`.
        guard let name = path.lastSlashSeparatedPart?.utf8 else { return nil }
        if name.elementsEqual("Localizable.xcstrings".utf8) { return .catalog }
        let kind: Kind
        if name.elementsEqual("Localizable.strings".utf8) {
            kind = .strings
        } else if name.elementsEqual("Localizable.stringsdict".utf8) {
            kind = .stringsDictionary
        } else {
            return nil
        }
        return LocalizedPath(path) != nil ? kind : nil
    }

    /// The strings of the file at `path`; nil when it holds none.
    /// Held for as long as the file does not change, with no room to grow.
    package static func read(_ bytes: [UInt8], path: RelativePath, work: WorkCounter? = nil) -> AppStrings.FileReading? {
        var reading: AppStrings.FileReading
        switch kind(of: path) {
        case .strings:
            guard let language = LocalizedPath(path.rawValue)?.language else { return nil }
            reading = AppStrings.FileReading(path: path)
            let diagnostics = StringsFileReader.read(bytes, path: path, work: work) { entry in
                reading.append(key: entry.key, language: language, text: entry.value, range: SourceRange(at: entry.location))
            }
            reading.diagnostics = diagnostics
        case .stringsDictionary:
            guard let language = LocalizedPath(path.rawValue)?.language else { return nil }
            reading = StringsDictionaryReader.read(bytes, path: path, language: language)
        case .catalog:
            reading = StringCatalogReader.read(bytes, path: path, work: work)
        case nil:
            return nil
        }
        reading.shrinkToFit()
        return reading
    }
}
