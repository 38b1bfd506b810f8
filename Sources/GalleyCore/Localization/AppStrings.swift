/// The app's own strings, as `NSLocalizedString` finds them: every key of
/// the `Localizable` table with its value in each language, where that
/// value is written, and, for a String Catalog, its translation state.
/// Filled from `.lproj/Localizable.strings`, `.lproj/Localizable.stringsdict`
/// and `Localizable.xcstrings` files alike (`AppStringsFile`).
public struct AppStrings: Equatable, Sendable {
    /// One language's value of a key.
    public struct Value: Equatable, Sendable {
        /// What the app shows (for a plural, its `other` form).
        public var text: String
        /// The text whose format specifiers count: a plural's variables
        /// (`%#@files@`) written as the specifier they stand for (`%d`).
        public var format: String
        /// The file that holds it, relative to the content folder.
        public var path: String
        /// The entry: its key (in a catalog, the language's key).
        public var range: SourceRange
        /// A catalog entry's `state` (`new`, `needs_review`, `translated`…) and where it is.
        public var state: CatalogState?

        public init(text: String, format: String? = nil, path: String, range: SourceRange, state: CatalogState? = nil) {
            self.text = text
            self.format = format ?? text
            self.path = path
            self.range = range
            self.state = state
        }

        public var location: SourceLocation { range.start }
    }

    public struct CatalogState: Equatable, Sendable {
        public var name: String
        public var range: SourceRange

        public init(name: String, range: SourceRange) {
            self.name = name
            self.range = range
        }

        /// Whether a translator still has to look at it: the app ships the
        /// value, but nobody has confirmed it.
        public var isUnfinished: Bool { Self.isUnfinished(name) }

        public static func isUnfinished(_ name: String) -> Bool { name == "new" || name == "needs_review" }
    }

    /// One value as a file holds it.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var language: String
        public var value: Value

        public init(key: String, language: String, value: Value) {
            self.key = key
            self.language = language
            self.value = value
        }
    }

    /// What one strings file holds.
    public struct FileReading: Equatable, Sendable {
        public var entries: [Entry]
        /// A catalog's `sourceLanguage`: the language its keys are written in.
        public var sourceLanguage: String?
        public var diagnostics: [Diagnostic]

        public init(entries: [Entry] = [], sourceLanguage: String? = nil, diagnostics: [Diagnostic] = []) {
            self.entries = entries
            self.sourceLanguage = sourceLanguage
            self.diagnostics = diagnostics
        }
    }

    /// Key → language → value.
    public private(set) var values: [String: [String: Value]] = [:]
    /// Every language any strings file is in.
    public private(set) var languages: Set<String> = []
    /// The source language a catalog names, if one does.
    public private(set) var sourceLanguage: String?

    public init() {}

    /// The strings of the files, by path. Where two give a key in one
    /// language, the app's lookup order decides: a `.stringsdict` before a
    /// `.strings` file (as `Bundle` does), and either before a catalog;
    /// among files of one kind, the first path.
    public init(files: [String: FileReading]) {
        for path in files.keys.sorted(by: { (Self.precedence(of: $0), $0) < (Self.precedence(of: $1), $1) }) {
            guard let reading = files[path] else { continue }
            if sourceLanguage == nil { sourceLanguage = reading.sourceLanguage }
            if let source = reading.sourceLanguage { languages.insert(source) }
            for entry in reading.entries {
                languages.insert(entry.language)
                if values[entry.key, default: [:]][entry.language] == nil { values[entry.key, default: [:]][entry.language] = entry.value }
            }
        }
    }

    private static func precedence(of path: String) -> Int {
        switch AppStringsFile.kind(of: path) {
        case .stringsDictionary: 0
        case .strings: 1
        case .catalog, nil: 2
        }
    }

    /// The language others are compared with: the project's `language`
    /// when the strings have it, else a catalog's source language, else
    /// English, `Base` or the first in name order.
    public func referenceLanguage(configured: String?) -> String? {
        if let configured, languages.contains(configured) { return configured }
        if let sourceLanguage { return sourceLanguage }
        return ["en", "Base"].first(where: languages.contains) ?? languages.min()
    }

    /// The value of `key` in `language`, as the app finds it: that
    /// language's table, else `Base`'s. A catalog's key in its source
    /// language is its own value when no localisation gives another.
    public func value(of key: String, in language: String) -> Value? {
        guard let byLanguage = values[key] else { return nil }
        return byLanguage[language] ?? byLanguage["Base"]
    }

    /// The title `title` stands for on the page of the document at `path`:
    /// when it is a key of the app's strings, its value in the document's
    /// language (the key itself where that language lacks it, as the app
    /// shows it); nil when it is no key, and so a title as written.
    public func localizedTitle(_ title: String, documentAt path: String, configured: String?) -> String? {
        guard values[title] != nil else { return nil }
        guard let language = DocumentLanguage.ofLocalizationFolder(path) ?? configured ?? referenceLanguage(configured: nil) else { return title }
        return value(of: title, in: language)?.text ?? title
    }
}
