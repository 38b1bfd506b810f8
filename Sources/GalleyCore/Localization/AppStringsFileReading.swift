extension AppStrings {
    /// What one strings file holds: its values, and its own problems.
    ///
    /// The values' texts are held in one array of bytes, each key once, and
    /// each value in a fixed-size record of where its texts are: a large
    /// catalog's 90,000 values, each held as strings of its own, were two
    /// allocations apiece made while the file's parse tree was alive, and
    /// freed it left them scattered through the memory the tree had used,
    /// which the allocator could then neither give back nor reuse whole.
    package struct FileReading: Equatable, Sendable {
        /// The file the values are in.
        package private(set) var path: RelativePath
        /// A catalog's `sourceLanguage`: the language its keys are written in.
        package var sourceLanguage: String?
        package var diagnostics: [Diagnostic]
        /// Every key, text and format, one after another (a value whose
        /// format is its text, a key that is its own value, and the copies
        /// of a key in each language, are held once).
        private var texts: [UInt8] = []
        private var records: [Record] = []
        /// The languages of the values, in the order first met: records name them by position.
        private var languages: [String] = []
        private var languagePositions: [String: UInt32] = [:]
        /// The key last added, while values are added: a catalog adds each
        /// of its keys' values one after another, with the same string.
        private var lastKey: (key: String, span: Span)?

        /// Where one text is in `texts`.
        private struct Span: Equatable, Sendable {
            var start: UInt32
            var count: UInt32
        }

        /// One value as it is held.
        private struct Record: Equatable, Sendable {
            var key: Span
            var text: Span
            var format: Span
            var language: UInt32
            var range: HeldRange
            var state: StateBox?
        }

        package init(path: RelativePath = "", sourceLanguage: String? = nil, diagnostics: [Diagnostic] = []) {
            self.path = path
            self.sourceLanguage = sourceLanguage
            self.diagnostics = diagnostics
        }

        /// Adds the value of `key` in `language`: what the app shows, the text
        /// whose format specifiers count (when it differs), where the entry is
        /// and a state a translator must act on.
        package mutating func append(
            key: String, language: String, text: String, format: String? = nil, range: SourceRange, state: CatalogState? = nil
        ) {
            let keySpan = lastKey.flatMap { last in last.key == key ? last.span : nil } ?? hold(key)
            lastKey = (key, keySpan)
            // A catalog's key with no value in its source language is its own value there.
            let textSpan = text == key ? keySpan : hold(text)
            let formatSpan = format.map { format in format == text ? textSpan : hold(format) } ?? textSpan
            let languagePosition = languagePositions[language] ?? UInt32(languages.count)
            if languagePosition == languages.count {
                languages.append(language)
                languagePositions[language] = languagePosition
            }
            records.append(
                Record(
                    key: keySpan, text: textSpan, format: formatSpan, language: languagePosition, range: HeldRange(range),
                    state: state.map(StateBox.init)))
        }

        /// Room for `count` values more: a large file's grown by doubling
        /// were held up to twice their size for as long as the daemon runs.
        package mutating func reserveCapacity(values count: Int) {
            records.reserveCapacity(records.count + count)
        }

        /// The reading with no room to grow: what it holds is kept as long as the file does not change.
        package mutating func shrinkToFit() {
            lastKey = nil
            texts = texts.withoutSpareRoom
            records = records.withoutSpareRoom
        }

        /// How many values it holds.
        package var count: Int { records.count }

        /// What the readings hold, not how they were made.
        package static func == (first: FileReading, second: FileReading) -> Bool {
            first.path == second.path && first.sourceLanguage == second.sourceLanguage && first.diagnostics == second.diagnostics
                && first.texts == second.texts && first.records == second.records && first.languages == second.languages
        }

        /// The key of the value at `index`.
        package func key(at index: Int) -> String {
            String(decoding: text(records[index].key), as: UTF8.self)
        }

        /// The language of the value at `index`.
        package func language(at index: Int) -> String {
            languages[Int(records[index].language)]
        }

        /// Whether the values at two indices have one key, without making either.
        package func sameKey(_ first: Int, _ second: Int) -> Bool {
            records[first].key == records[second].key || text(records[first].key).elementsEqual(text(records[second].key))
        }

        /// The value at `index`.
        package func value(at index: Int) -> Value {
            let record = records[index]
            let text = String(decoding: self.text(record.text), as: UTF8.self)
            return Value(
                text: text, format: record.format == record.text ? nil : String(decoding: self.text(record.format), as: UTF8.self),
                path: path, range: record.range.sourceRange, state: record.state?.state)
        }

        /// Every value, as entries.
        package var entries: [Entry] {
            records.indices.map { Entry(key: key(at: $0), language: language(at: $0), value: value(at: $0)) }
        }

        /// What it holds and the room it has, in values and in bytes of text.
        var storage: (values: Int, valueCapacity: Int, textBytes: Int, textCapacity: Int) {
            (records.count, records.capacity, texts.count, texts.capacity)
        }

        private func text(_ span: Span) -> ArraySlice<UInt8> {
            texts[Int(span.start)..<Int(span.start + span.count)]
        }

        /// Adds `string`'s bytes to `texts`. A text that would take them past
        /// what a span can say is held empty: no file read (64 MB at most) comes near.
        private mutating func hold(_ string: String) -> Span {
            let start = texts.count
            let count = string.utf8.count
            guard start + count <= Int(UInt32.max) else { return Span(start: 0, count: 0) }
            texts.append(contentsOf: string.utf8)
            return Span(start: UInt32(start), count: UInt32(count))
        }
    }

    /// A state, held by reference: only a catalog's values have one.
    final class StateBox: Equatable, Sendable {
        let state: CatalogState

        init(_ state: CatalogState) {
            self.state = state
        }

        static func == (first: StateBox, second: StateBox) -> Bool {
            first.state == second.state
        }
    }

    /// A source range in half the room: no file read has lines or columns past 32 bits.
    struct HeldRange: Equatable, Sendable {
        private var startLine: UInt32
        private var startColumn: UInt32
        private var endLine: UInt32
        private var endColumn: UInt32

        init(_ range: SourceRange) {
            startLine = UInt32(clamping: range.start.line)
            startColumn = UInt32(clamping: range.start.column)
            endLine = UInt32(clamping: range.end.line)
            endColumn = UInt32(clamping: range.end.column)
        }

        var sourceRange: SourceRange {
            SourceRange(
                SourceLocation(line: Int(startLine), column: Int(startColumn)), SourceLocation(line: Int(endLine), column: Int(endColumn)))
        }
    }
}
