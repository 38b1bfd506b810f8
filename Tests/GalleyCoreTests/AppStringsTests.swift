import XCTest

@testable import GalleyCore

final class AppStringsTests: XCTestCase {
    private static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld birds" : {
              "localizations" : {
                "ja" : {
                  "variations" : {
                    "plural" : {
                      "other" : { "stringUnit" : { "state" : "new", "value" : "%lld 羽" } }
                    }
                  }
                }
              }
            },
            "title-HelpView" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Help" } },
                "ja" : { "stringUnit" : { "state" : "needs_review", "value" : "ヘルプ" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    private static let dictionary = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>files-count</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@files@ in %@</string>
        \t\t<key>files</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d file</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    // MARK: - Readers

    func testCatalogEntriesWithTheirPositionsStatesAndTheSourceLanguage() throws {
        let reading = try XCTUnwrap(AppStringsFile.read(Array(Self.catalog.utf8), path: "App/Localizable.xcstrings"))
        XCTAssertEqual(reading.diagnostics, [])
        XCTAssertEqual(reading.sourceLanguage, "en")
        let entries = reading.entries.map {
            "\($0.key) \($0.language) \($0.value.text) \($0.value.location) \($0.value.state?.name ?? "-")"
        }
        XCTAssertEqual(
            entries,
            [
                "%lld birds ja %lld 羽 6:9 new",
                // No English localisation: the key is its own value, at the key.
                "%lld birds en %lld birds 4:5 -",
                "title-HelpView en Help 17:9 -", // a finished state is not kept
                "title-HelpView ja ヘルプ 18:9 needs_review",
            ])
        let state = try XCTUnwrap(reading.entries[3].value.state)
        XCTAssertEqual(state.range, SourceRange(SourceLocation(line: 18, column: 45), SourceLocation(line: 18, column: 59)))
    }

    /// A catalog's values are held as long as the daemon runs: in one
    /// store of their texts, each key once for all its languages and a
    /// value's format only when it differs from its text, with no room to
    /// grow (an array grown by doubling holds up to twice its size).
    func testACatalogsValuesAreHeldInOneStoreOfTheirTextsWithoutRoomToGrow() throws {
        let keys = (0..<1_500).map { "key\($0)" }
        let texts = keys.map { ["Bird \($0)", "鳥 \($0)"] }
        let members = zip(keys, texts).map { key, text in
            #""\#(key)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(text[0])"}},"#
                + #" "ja": {"stringUnit": {"state": "translated", "value": "\#(text[1])"}}}}"#
        }
        let catalog = #"{"sourceLanguage": "en", "strings": {"# + members.joined(separator: ", ") + "}}"
        let reading = try XCTUnwrap(AppStringsFile.read(Array(catalog.utf8), path: "Localizable.xcstrings"))
        let storage = reading.storage
        XCTAssertEqual(storage.values, 3_000)
        XCTAssertLessThan(storage.valueCapacity, 3_000 + 16, "room for the values")
        let textBytes = keys.reduce(0) { $0 + $1.utf8.count } + texts.joined().reduce(0) { $0 + $1.utf8.count }
        XCTAssertEqual(storage.textBytes, textBytes, "each key once, each text once")
        XCTAssertLessThan(storage.textCapacity, textBytes + 64, "room for the texts")
        XCTAssertEqual(reading.entries.last, AppStrings.Entry(key: "key1499", language: "ja", value: reading.value(at: 2_999)))
        XCTAssertEqual(reading.value(at: 2_999).text, "鳥 key1499")
    }

    /// A value held in the store is given back as it was read: its format
    /// apart from its text when they differ, its range and its state.
    func testAValueIsGivenBackAsItWasRead() {
        var reading = AppStrings.FileReading(path: "Localizable.xcstrings")
        let range = SourceRange(SourceLocation(line: 70_000, column: 3), SourceLocation(line: 70_000, column: 12))
        let state = AppStrings.CatalogState(name: "new", range: range)
        reading.append(key: "files", language: "de", text: "3 Dateien", format: "%d Dateien", range: range, state: state)
        reading.append(key: "files", language: "en", text: "3 files", range: SourceRange(at: .start))
        reading.shrinkToFit()
        XCTAssertEqual(
            reading.entries,
            [
                AppStrings.Entry(
                    key: "files", language: "de",
                    value: AppStrings.Value(
                        text: "3 Dateien", format: "%d Dateien", path: reading.path, range: range, state: state)),
                AppStrings.Entry(
                    key: "files", language: "en",
                    value: AppStrings.Value(text: "3 files", path: reading.path, range: SourceRange(at: .start))),
            ])
        reading.append(key: "birds", language: "en", text: "birds", range: SourceRange(at: .start))
        XCTAssertEqual(reading.value(at: 2).text, "birds")
        XCTAssertEqual(reading.storage.textBytes, "files3 Dateien%d Dateien3 filesbirds".utf8.count)
    }

    func testCatalogSyntaxErrorAtItsPosition() throws {
        let reading = try XCTUnwrap(
            AppStringsFile.read(Array("{\"strings\": {\n  \"a\": {\"localizations\": }\n}}".utf8), path: "Localizable.xcstrings"))
        XCTAssertEqual(reading.entries, [])
        XCTAssertEqual(reading.diagnostics.map(\.id), [.jsonSyntax])
        XCTAssertEqual(reading.diagnostics.first?.location, SourceLocation(line: 2, column: 26))
    }

    func testCatalogOfTheWrongShapeIsAWarningNotACrash() throws {
        let reading = try XCTUnwrap(
            AppStringsFile.read(
                Array("{\"strings\": {\"a\": 3, \"b\": {\"localizations\": {\"de\": {}}}}}".utf8), path: "Localizable.xcstrings"))
        XCTAssertEqual(reading.entries, [])
        XCTAssertEqual(reading.diagnostics.map(\.id), [.wrongType, .wrongType])
    }

    /// A value whose `other` form holds only variations, `levels` deep, with
    /// no string unit at the bottom unless `value` is given.
    private static func nestedCatalog(levels: Int, value: String? = nil) -> String {
        var form = value.map { #"{"stringUnit": {"state": "translated", "value": "\#($0)"}}"# } ?? "{}"
        for _ in 0..<levels { form = #"{"variations": {"plural": {"one": {}, "other": \#(form)}}}"# }
        return #"{"sourceLanguage": "en", "strings": {"birds": {"localizations": {"en": \#(form)}}}}"#
    }

    func testDeepVariationsAreLookedIntoOnceEachAndWarnedAtTheEntry() throws {
        // Looking into `other` and then again into every form doubled the
        // work at each level: 2^40 looks here, which never finished.
        let work = WorkCounter()
        let bytes = Array(Self.nestedCatalog(levels: 40).utf8)
        let reading = try XCTUnwrap(AppStringsFile.read(bytes, path: "Localizable.xcstrings", work: work))
        XCTAssertEqual(reading.entries.map(\.value.text), ["birds"], "the key stands for itself, as the app shows it")
        XCTAssertEqual(reading.diagnostics.map(\.id), [.limitReached])
        XCTAssertEqual(reading.diagnostics.first?.severity, .warning)
        XCTAssertEqual(reading.diagnostics.first?.location, SourceLocation(line: 1, column: 66), "at the entry's language")
        let message = try XCTUnwrap(reading.diagnostics.first?.message)
        let depth = StringCatalogReader.maximumVariationDepth
        XCTAssertTrue(message.hasPrefix("the 'en' value of 'birds' nests variations deeper than \(depth) levels"), message)
        // One look per level followed, for the shown form and for the states.
        XCTAssertLessThanOrEqual(work.steps, 2 * (depth + 1))
    }

    func testVariationsWithinTheDepthAreReadWhateverTheirNesting() throws {
        let depth = StringCatalogReader.maximumVariationDepth
        func read(levels: Int) throws -> AppStrings.FileReading {
            let bytes = Array(Self.nestedCatalog(levels: levels, value: "%lld birds").utf8)
            return try XCTUnwrap(AppStringsFile.read(bytes, path: "Localizable.xcstrings"))
        }
        let reading = try read(levels: depth)
        XCTAssertEqual(reading.diagnostics, [])
        XCTAssertEqual(reading.entries.map(\.value.text), ["%lld birds"])
        let deeper = try read(levels: depth + 1)
        XCTAssertEqual(deeper.diagnostics.map(\.id), [.limitReached])
    }

    func testStringsDictionaryEntryShowsItsOtherFormAndCountsItsVariableAsItsType() throws {
        let reading = try XCTUnwrap(AppStringsFile.read(Array(Self.dictionary.utf8), path: "de.lproj/Localizable.stringsdict"))
        XCTAssertEqual(reading.diagnostics, [])
        let entry = try XCTUnwrap(reading.entries.first)
        XCTAssertEqual(
            [entry.key, entry.language, entry.value.text, entry.value.format], ["files-count", "de", "%d files in %@", "%d in %@"])
        XCTAssertEqual(entry.value.location, SourceLocation(line: 5, column: 2))
        XCTAssertEqual(StringsDictionaryReader.substitute("%2$#@files@, %1$@", asSpecifiers: true) { _ in "d" }, "%2$d, %1$@")
    }

    func testStringsDictionarySyntaxErrorAtItsLine() throws {
        let broken = Self.dictionary.replacingOccurrences(of: "<string>%d file</string>", with: "<string>%d file</strin>")
        let reading = try XCTUnwrap(AppStringsFile.read(Array(broken.utf8), path: "de.lproj/Localizable.stringsdict"))
        XCTAssertEqual(reading.diagnostics.map(\.id), [.propertyListSyntax])
        XCTAssertEqual(reading.diagnostics.first?.location.line, 16)
    }

    func testAStringsFileInUTF16BigEndianWithItsErrorAtItsPosition() throws {
        let text = "\"title-HelpView\" = \"ヘルプ\";\n\"broken\" \"x\";\n"
        let bytes: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let reading = try XCTUnwrap(AppStringsFile.read(bytes, path: "ja.lproj/Localizable.strings"))
        XCTAssertEqual(
            reading.entries.map { "\($0.language) \($0.key) \($0.value.text) \($0.value.location)" }, ["ja title-HelpView ヘルプ 1:1"])
        XCTAssertEqual(reading.diagnostics.map { "\($0.id.rawValue) \($0.location)" }, ["plist-syntax 2:10"])
    }

    func testOnlyTheLocalizableTableIsRead() {
        XCTAssertEqual(AppStringsFile.kind(of: "App/ja.lproj/Localizable.strings"), .strings)
        XCTAssertEqual(AppStringsFile.kind(of: "ja.lproj/Localizable.stringsdict"), .stringsDictionary)
        XCTAssertEqual(AppStringsFile.kind(of: "App/Localizable.xcstrings"), .catalog)
        XCTAssertNil(AppStringsFile.kind(of: "Localizable.strings"))
        XCTAssertNil(AppStringsFile.kind(of: "ja.lproj/InfoPlist.strings"))
    }

    // MARK: - Format specifiers

    func testFormatSpecifiersByArgument() {
        XCTAssertTrue(FormatSpecifiers("%d birds seen by %@").takesSameArguments(as: FormatSpecifiers("%2$@ saw %1$d birds")))
        XCTAssertFalse(FormatSpecifiers("%d birds").takesSameArguments(as: FormatSpecifiers("%@ birds")))
        XCTAssertFalse(FormatSpecifiers("%d birds").takesSameArguments(as: FormatSpecifiers("%ld birds")))
        XCTAssertTrue(FormatSpecifiers("%lld birds").takesSameArguments(as: FormatSpecifiers("%qd birds")))
        XCTAssertTrue(FormatSpecifiers("100%% sure").takesSameArguments(as: FormatSpecifiers("sicher")))
        XCTAssertFalse(FormatSpecifiers("%1$@ and %1$@").takesSameArguments(as: FormatSpecifiers("%@ and %@")))
        XCTAssertEqual(FormatSpecifiers("%2$@ %1$.2f").written, ["%1$.2f", "%2$@"])
        XCTAssertEqual(FormatSpecifiers("%*d").arguments.count, 2)
    }

    // MARK: - Check and titles

    private func strings(_ files: [String: String]) -> AppStrings {
        AppStrings(
            files: Dictionary(
                uniqueKeysWithValues: files.map { name, text in
                    let path = RelativePath(rawValue: name)
                    return (path, AppStringsFile.read(Array(text.utf8), path: path) ?? AppStrings.FileReading())
                }))
    }

    private func config(titles: [String: String]) -> GalleyConfig {
        var config = GalleyConfig()
        config.titles = titles
        for (index, path) in titles.keys.sorted().enumerated() {
            config.titleRanges[path] = SourceRange(at: SourceLocation(line: 3 + index, column: 20))
        }
        return config
    }

    func testEachProblemOnceAtItsEntry() {
        let strings = strings([
            "en.lproj/Localizable.strings": "\"title-HelpView\" = \"Help\";\n\"count\" = \"%d birds\";\n",
            "fr.lproj/Localizable.strings": "\"count\" = \"%@ oiseaux\";\n",
            "Localizable.xcstrings": Self.catalog,
        ])
        let found = AppStringsCheck.findings(strings, files: [], config: config(titles: ["*.lproj/Help.rtf": "title-HelpView"]))
        XCTAssertEqual(
            found.all.map { "\($0.id.rawValue) \($0.path):\($0.location)" },
            [
                "unfinished-translation Localizable.xcstrings:9:54",
                "format-mismatch fr.lproj/Localizable.strings:1:1",
                "unfinished-translation Localizable.xcstrings:18:45",
                "missing-translation galley.json:3:20",
            ])
        XCTAssertEqual(
            found.all[1].message,
            "format specifiers of 'count' differ between languages: '%@' in 'fr', '%d' in 'en' (en.lproj/Localizable.strings:2:1)")
        XCTAssertEqual(found.all[3].message, "'title-HelpView' has no value in 'fr': the app shows the key there")
        XCTAssertEqual(
            found.diagnostics(forKey: "title-HelpView", documentAt: "Help.rtf").map(\.id), [.unfinishedTranslation, .missingTranslation])
        XCTAssertEqual(found.diagnostics(forKey: "title-HelpView", documentAt: "fr.lproj/Help.rtf").map(\.id), [.missingTranslation])
        XCTAssertEqual(found.diagnostics(forKey: "title-HelpView", documentAt: "en.lproj/Help.rtf"), [])
    }

    func testATitleForOneLanguageIsCheckedInThatLanguageOnly() {
        let strings = strings([
            "en.lproj/Localizable.strings": "\"title-HelpView\" = \"Help\";\n",
            "ja.lproj/Localizable.strings": "\"other\" = \"他\";\n",
        ])
        let found = AppStringsCheck.findings(
            strings, files: [], config: config(titles: ["en.lproj/Help.rtf": "title-HelpView", "ja.lproj/Help.rtf": "title-HelpView"]))
        XCTAssertEqual(found.all.map { "\($0.id.rawValue) \($0.location)" }, ["missing-translation 4:20"])
    }

    func testATitleThatIsAKeyShowsItsValueInTheDocumentsLanguage() {
        let strings = strings([
            "Base.lproj/Localizable.strings": "\"title-HelpView\" = \"Help\";\n",
            "ja.lproj/Localizable.strings": "\"title-HelpView\" = \"ヘルプ\";\n",
            "fr.lproj/Localizable.strings": "\"autre\" = \"x\";\n",
        ])
        XCTAssertEqual(strings.localizedTitle("title-HelpView", documentAt: "ja.lproj/Help.rtf", configured: nil), "ヘルプ")
        XCTAssertEqual(strings.localizedTitle("title-HelpView", documentAt: "en.lproj/Help.rtf", configured: nil), "Help")
        XCTAssertEqual(strings.localizedTitle("title-HelpView", documentAt: "Help.rtf", configured: "ja"), "ヘルプ")
        XCTAssertNil(strings.localizedTitle("How to use", documentAt: "ja.lproj/Help.rtf", configured: nil))
        let catalog = self.strings(["Localizable.xcstrings": Self.catalog])
        XCTAssertEqual(catalog.localizedTitle("title-HelpView", documentAt: "Help.rtf", configured: nil), "Help")
        XCTAssertEqual(catalog.localizedTitle("title-HelpView", documentAt: "ja.lproj/Help.rtf", configured: nil), "ヘルプ")
        XCTAssertEqual(catalog.localizedTitle("title-HelpView", documentAt: "de.lproj/Help.rtf", configured: nil), "title-HelpView")
    }

    func testAStringsDictionaryComesBeforeAStringsFile() {
        let strings = strings([
            "de.lproj/Localizable.strings": "\"files-count\" = \"alt\";\n",
            "de.lproj/Localizable.stringsdict": Self.dictionary,
        ])
        XCTAssertEqual(strings.value(of: "files-count", in: "de")?.text, "%d files in %@")
    }

    func testTitlesByGroupApplyToEveryLocalisation() {
        let config = config(titles: ["*.lproj/Help.rtf": "title-HelpView", "ja.lproj/Help.rtf": "ヘルプ!"])
        XCTAssertEqual(DocumentNaming.configuredTitle(path: "en.lproj/Help.rtf", config: config), "title-HelpView")
        XCTAssertEqual(DocumentNaming.configuredTitle(path: "ja.lproj/Help.rtf", config: config), "ヘルプ!")
        XCTAssertNil(DocumentNaming.configuredTitle(path: "Help.rtf", config: config))
    }
}
