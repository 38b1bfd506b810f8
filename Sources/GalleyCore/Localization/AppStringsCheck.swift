/// What is wrong with the app's strings, in the three ways a translation
/// breaks an app without anyone seeing it until that language is chosen:
/// a key a document uses has no value in a language (the app shows the
/// key), a value's format specifiers take other arguments than the
/// reference language's (the app shows garbage, or crashes on `%@` given a
/// number), and a catalog value nobody has translated or reviewed yet.
///
/// Each finding is one warning: a missing value where the key is used (its
/// title in `galley.json`), the others at the entry itself.
package enum AppStringsCheck {
    package struct Findings: Equatable, Sendable {
        /// A finding about one language's value of a key.
        struct Finding: Equatable, Sendable {
            var language: String
            var diagnostic: Diagnostic
        }

        /// Every finding, and every strings file's own problems, for `check`.
        package var all: [Diagnostic] = []
        /// The strings files' errors (a catalog that does not parse): a page
        /// whose title names a key shows them, as they may be why the key is
        /// shown instead of its value.
        package var fileErrors: [Diagnostic] = []
        var byKey: [String: [Finding]] = [:]

        package init() {}

        /// The findings about `key` that a page in `language` shows: those
        /// about that language's value, or about every language's when the
        /// document is in none (it is shown in all of them).
        package func diagnostics(forKey key: String, documentAt path: DocumentPath) -> [Diagnostic] {
            let language = DocumentLanguage.ofLocalizationFolder(path.rawValue)
            return (byKey[key] ?? []).filter { language == nil || $0.language == language }.map(\.diagnostic)
        }
    }

    /// `contentLanguages` are those of the content's `.lproj` folders: the
    /// app is localised into those too, strings or not.
    package static func findings(_ strings: AppStrings, files: [Diagnostic], config: GalleyConfig, contentLanguages: Set<String> = [])
        -> Findings
    {
        var findings = Findings()
        findings.all = files
        findings.fileErrors = files.filter { $0.severity == .error }
        func add(_ diagnostic: Diagnostic, key: String, language: String) {
            findings.all.append(diagnostic)
            findings.byKey[key, default: []].append(Findings.Finding(language: language, diagnostic: diagnostic))
        }
        let reference = strings.referenceLanguage(configured: config.language)
        for key in strings.sortedKeys {
            let values = strings.values(of: key)
            // The reference language's value, else the first there is.
            let configured = reference.flatMap { language in values.value(in: language).map { (language: language, value: $0) } }
            guard let (referenceLanguage, referenceValue) = configured ?? values.first else { continue }
            // Only a key in several languages can differ between them: most are in one.
            let expected = values.count > 1 ? FormatSpecifiers(referenceValue.format) : nil
            for (language, value) in values {
                if language != referenceLanguage, let expected {
                    let found = FormatSpecifiers(value.format)
                    if !found.takesSameArguments(as: expected) {
                        add(
                            Diagnostic(
                                path: value.path, id: .formatMismatch, range: value.range, severity: .warning,
                                message:
                                    "format specifiers of '\(key)' differ between languages: \(list(found)) in '\(language)', "
                                    + "\(list(expected)) in '\(referenceLanguage)' (\(referenceValue.path):\(referenceValue.location))"),
                            key: key, language: language)
                    }
                }
                if let state = value.state, state.isUnfinished {
                    add(
                        Diagnostic(
                            path: value.path, id: .unfinishedTranslation, range: state.range, severity: .warning,
                            message:
                                "the '\(language)' value of '\(key)' is '\(state.name)': "
                                + "\(state.name == "new" ? "not translated yet" : "not reviewed yet")"
                        ), key: key, language: language)
                }
            }
        }
        for given in config.titles.keys.sorted() {
            guard let key = config.titles[given], strings.hasKey(key), let range = config.titleRanges[given] else { continue }
            for language in languagesShowing(given, strings.languages.union(contentLanguages))
            where strings.value(of: key, in: language) == nil {
                add(
                    Diagnostic(
                        path: ConfigFile.name, id: .missingTranslation, range: range, severity: .warning,
                        message:
                            "'\(key)' has no value in '\(language)': the app shows the key there"), key: key, language: language)
            }
        }
        return findings
    }

    /// The languages a title given for `path` is shown in: the language of
    /// its `.lproj` folder, else (a file of every language, or a group
    /// written `*.lproj`) every language of the app but `Base`.
    private static func languagesShowing(_ path: String, _ languages: Set<String>) -> [String] {
        if let language = DocumentLanguage.ofLocalizationFolder(path) { return [language] }
        return languages.filter { $0 != "Base" }.sorted()
    }

    private static func list(_ specifiers: FormatSpecifiers) -> String {
        let written = specifiers.written
        return written.isEmpty ? "none" : written.map { "'\($0)'" }.joined(separator: " ")
    }
}
