/// The app's own strings, as `NSLocalizedString` finds them: every key of
/// the `Localizable` table with its value in each language, where that
/// value is written, and, for a String Catalog, its translation state.
/// Filled from `.lproj/Localizable.strings`, `.lproj/Localizable.stringsdict`
/// and `Localizable.xcstrings` files alike (`AppStringsFile`).
package struct AppStrings: Equatable, Sendable {
    /// One language's value of a key, as a file's reading gives it (`FileReading.value(at:)`).
    package struct Value: Equatable, Sendable {
        /// What the app shows (for a plural, its `other` form).
        package var text: String
        /// The text whose format specifiers count: a plural's variables
        /// (`%#@files@`) written as the specifier they stand for (`%d`).
        package var format: String
        /// The file that holds it.
        package var path: RelativePath
        /// The entry: its key (in a catalog, the language's key).
        package var range: SourceRange
        /// A catalog entry's `state` when a translator must still act on it
        /// (`new`, `needs_review`), and where it is; nil for a finished one.
        package var state: CatalogState?

        package init(text: String, format: String? = nil, path: RelativePath, range: SourceRange, state: CatalogState? = nil) {
            self.text = text
            self.format = format ?? text
            self.path = path
            self.range = range
            self.state = state
        }

        package var location: SourceLocation { range.start }
    }

    package struct CatalogState: Equatable, Sendable {
        package var name: String
        package var range: SourceRange

        package init(name: String, range: SourceRange) {
            self.name = name
            self.range = range
        }

        /// Whether a translator still has to look at it: the app ships the
        /// value, but nobody has confirmed it.
        package var isUnfinished: Bool { Self.isUnfinished(name) }

        package static func isUnfinished(_ name: String) -> Bool { name == "new" || name == "needs_review" }
    }

    /// One value as a file holds it.
    package struct Entry: Equatable, Sendable {
        package var key: String
        package var language: String
        package var value: Value

        package init(key: String, language: String, value: Value) {
            self.key = key
            self.language = language
            self.value = value
        }
    }

    /// Where one value is: an entry of one of `files`.
    fileprivate struct Position: Equatable, Sendable {
        var file: Int32
        var entry: Int32
    }

    /// Where a key's values are, one per language: most keys have one in
    /// a file, and an array of one for each would double what they cost.
    fileprivate enum Positions: Equatable, Sendable {
        case one(Position)
        case many([Position])
    }

    /// The files' readings, in lookup order: the values are theirs, shared,
    /// not copied (a 48 MB strings file's 600,000 values, copied into a
    /// dictionary of languages for each key, were 200 MB more).
    private var files: [FileReading] = []
    /// Key → where its values are.
    private var positions: [String: Positions] = [:]
    /// Every language any strings file is in.
    package private(set) var languages: Set<String> = []
    /// The source language a catalog names, if one does.
    package private(set) var sourceLanguage: String?

    package init() {}

    /// The strings of the files, by path. Where two give a key in one
    /// language, the app's lookup order decides: a `.stringsdict` before a
    /// `.strings` file (as `Bundle` does), and either before a catalog;
    /// among files of one kind, the first path.
    package init(files: [RelativePath: FileReading]) {
        for path in files.keys.sorted(by: { (Self.precedence(of: $0), $0) < (Self.precedence(of: $1), $1) }) {
            guard let reading = files[path] else { continue }
            if sourceLanguage == nil { sourceLanguage = reading.sourceLanguage }
            if let source = reading.sourceLanguage { languages.insert(source) }
            let file = Int32(self.files.count)
            self.files.append(reading)
            var key = ""
            for index in 0..<reading.count {
                let language = reading.language(at: index)
                languages.insert(language)
                // A catalog's values of one key come one after another: the key is made once for them.
                if index == 0 || !reading.sameKey(index - 1, index) { key = reading.key(at: index) }
                let position = Position(file: file, entry: Int32(index))
                switch positions[key] {
                case nil:
                    positions[key] = .one(position)
                case .one(let first)?:
                    if self.language(at: first) != language { positions[key] = .many([first, position]) }
                case .many(var all)?:
                    guard !all.contains(where: { self.language(at: $0) == language }) else { continue }
                    positions[key] = nil
                    all.append(position)
                    positions[key] = .many(all)
                }
            }
        }
        // In language order, as every reader walks them.
        for (key, found) in positions {
            guard case .many(let all) = found else { continue }
            positions[key] = .many(all.sorted { language(at: $0) < language(at: $1) })
        }
    }

    private func language(at position: Position) -> String {
        files[Int(position.file)].language(at: Int(position.entry))
    }

    /// How many keys there are.
    package var keyCount: Int { positions.count }

    /// Every key, in order.
    package var sortedKeys: [String] { positions.keys.sorted() }

    package func hasKey(_ key: String) -> Bool {
        positions[key] != nil
    }

    /// The values of one key, one per language, in language order; made
    /// for each key a check walks, so one value costs no array.
    package struct KeyValues: RandomAccessCollection {
        fileprivate let strings: AppStrings
        fileprivate let positions: Positions

        package var startIndex: Int { 0 }

        package var endIndex: Int {
            switch positions {
            case .one: 1
            case .many(let all): all.count
            }
        }

        package subscript(index: Int) -> (language: String, value: Value) {
            let position = self.position(index)
            let (file, entry) = (Int(position.file), Int(position.entry))
            return (strings.files[file].language(at: entry), strings.files[file].value(at: entry))
        }

        /// The value in exactly `language` (only its value is made).
        package func value(in language: String) -> Value? {
            indices.first { strings.language(at: position($0)) == language }.map { self[$0].value }
        }

        private func position(_ index: Int) -> Position {
            switch positions {
            case .one(let position): position
            case .many(let all): all[index]
            }
        }
    }

    package func values(of key: String) -> KeyValues {
        KeyValues(strings: self, positions: positions[key] ?? .many([]))
    }

    private static func precedence(of path: RelativePath) -> Int {
        switch AppStringsFile.kind(of: path) {
        case .stringsDictionary: 0
        case .strings: 1
        case .catalog, nil: 2
        }
    }

    /// The language others are compared with: the project's `language`
    /// when the strings have it, else a catalog's source language, else
    /// English, `Base` or the first in name order.
    package func referenceLanguage(configured: String?) -> String? {
        if let configured, languages.contains(configured) { return configured }
        if let sourceLanguage { return sourceLanguage }
        return ["en", "Base"].first(where: languages.contains) ?? languages.min()
    }

    /// The value of `key` in `language`, as the app finds it: that
    /// language's table, else `Base`'s. A catalog's key in its source
    /// language is its own value when no localisation gives another.
    package func value(of key: String, in language: String) -> Value? {
        let values = values(of: key)
        return values.value(in: language) ?? values.value(in: "Base")
    }

    /// The title `title` stands for on the page of the document at `path`:
    /// when it is a key of the app's strings, its value in the document's
    /// language (the key itself where that language lacks it, as the app
    /// shows it); nil when it is no key, and so a title as written.
    package func localizedTitle(_ title: String, documentAt path: DocumentPath, configured: String?) -> String? {
        guard hasKey(title) else { return nil }
        guard let language = DocumentLanguage.ofLocalizationFolder(path.rawValue) ?? configured ?? referenceLanguage(configured: nil) else {
            return title
        }
        return value(of: title, in: language)?.text ?? title
    }
}
