/// Reads a String Catalog (`Localizable.xcstrings`, JSON, as Xcode 15
/// writes it) through the JSON reader, so every value keeps its line and
/// column:
///
/// ```json
/// {"sourceLanguage": "en", "version": "1.0", "strings": {
///   "title-HelpView": {"localizations": {
///     "en": {"stringUnit": {"state": "translated", "value": "Help"}},
///     "ja": {"stringUnit": {"state": "needs_review", "value": "ヘルプ"}}}}}}
/// ```
///
/// A localisation may hold `variations` (`plural`, `device`: the `other`
/// form is shown, else the first) and `substitutions` (variables written
/// `%#@name@`, as in a `.stringsdict`). A key with no localisation in the
/// source language is its own value there, as Xcode builds it.
///
/// Variations nest (a device's form may hold plural variations); each form
/// is looked into once, and no deeper than `maximumVariationDepth`, with a
/// warning at the entry that goes deeper.
enum StringCatalogReader {
    /// How many levels of variations one value may nest: Xcode writes two
    /// (a device's forms each varied by plural), so this is room to spare.
    static let maximumVariationDepth = 8

    /// A walk through one localisation's variations: one work step for each
    /// set of variations looked into, and whether it met variations nested
    /// deeper than it follows.
    private struct VariationWalk {
        let work: WorkCounter?
        var tooDeep = false

        /// Whether variations at `depth` (1 for a value's own) are looked into.
        mutating func visit(depth: Int) -> Bool {
            work?.add(1)
            guard depth <= StringCatalogReader.maximumVariationDepth else {
                tooDeep = true
                return false
            }
            return true
        }
    }

    static func read(_ bytes: [UInt8], path: RelativePath, work: WorkCounter? = nil) -> AppStrings.FileReading {
        var locator = SourceLocator(bytes)
        let root: JSONNode
        switch JSONReader.parse(bytes) {
        case .failure(let error):
            return AppStrings.FileReading(
                path: path, diagnostics: [error.diagnostic(path: path) { locator.location(of: $0) }])
        case .success(let node): root = node
        }
        var reading = AppStrings.FileReading(path: path)
        func reject(_ node: JSONNode, _ message: String) {
            reading.diagnostics.append(
                Diagnostic(path: path, id: .wrongType, range: locator.range(of: node.headOffsets), severity: .warning, message: message))
        }
        guard root.objectValue != nil else {
            reject(root, "a string catalog is \(root.value.typeDescription), expected an object with 'strings'")
            return reading
        }
        let sourceLanguage = root.member("sourceLanguage")?.value.stringValue
        reading.sourceLanguage = sourceLanguage.flatMap { DocumentLanguage.isTag($0) ? $0 : nil }
        guard let stringsNode = root.member("strings")?.value else { return reading }
        guard let strings = stringsNode.objectValue else {
            reject(stringsNode, "'strings' is \(stringsNode.value.typeDescription), expected an object of keys")
            return reading
        }
        // Room for every value at once.
        reading.reserveCapacity(
            values: strings.reduce(0) { count, string in
                let languages = string.value.member("localizations")?.value.objectValue?.map(\.key) ?? []
                return count + languages.count + (reading.sourceLanguage.map(languages.contains) == false ? 1 : 0)
            })
        for string in strings {
            guard string.value.objectValue != nil else {
                reject(string.value, "'\(string.key)' is \(string.value.value.typeDescription), expected an object")
                continue
            }
            var hasSourceLanguage = false
            if let localizations = string.value.member("localizations")?.value.objectValue {
                for localization in localizations {
                    let range = locator.range(of: localization.keyOffsets)
                    var walk = VariationWalk(work: work)
                    let value = Self.value(of: localization.value, path: path, range: range, &walk, &locator)
                    // Named only in a warning: made for every one of a large catalog's values, it cost a tenth of reading it.
                    var entry: String { "the '\(localization.key)' value of '\(string.key)'" }
                    if walk.tooDeep {
                        let message =
                            entry + " nests variations deeper than \(Self.maximumVariationDepth) levels;"
                            + " the deeper ones are not read"
                        reading.diagnostics.append(
                            Diagnostic(path: path, id: .limitReached, range: range, severity: .warning, message: message)
                        )
                    }
                    guard let value else {
                        if !walk.tooDeep { reject(localization.value, entry + " has no 'stringUnit' with a 'value'") }
                        continue
                    }
                    if localization.key == reading.sourceLanguage { hasSourceLanguage = true }
                    reading.append(
                        key: string.key, language: localization.key, text: value.text, format: value.format, range: value.range,
                        state: value.state)
                }
            }
            if let sourceLanguage = reading.sourceLanguage, !hasSourceLanguage {
                reading.append(key: string.key, language: sourceLanguage, text: string.key, range: locator.range(of: string.keyOffsets))
            }
        }
        return reading
    }

    /// One localisation's value; nil when it gives none.
    private static func value(
        of localization: JSONNode, path: RelativePath, range: SourceRange, _ walk: inout VariationWalk,
        _ locator: inout SourceLocator
    ) -> AppStrings.Value? {
        guard let shown = shownUnit(of: localization, depth: 0, &walk) else { return nil }
        var variables: [String: (text: String, specifier: String)] = [:]
        for substitution in localization.member("substitutions")?.value.objectValue ?? [] {
            let text = shownUnit(of: substitution.value, depth: 1, &walk)?.member("value")?.value.stringValue ?? ""
            var specifier = substitution.value.member("formatSpecifier")?.value.stringValue ?? "@"
            if case .number(let number)? = substitution.value.member("argNum")?.value.value, number >= 1, number < 1000 {
                specifier = "\(Int(number))$" + specifier
            }
            variables[substitution.key] = (text, specifier)
        }
        guard let text = shown.member("value")?.value.stringValue else { return nil }
        // The state a translator must act on, when any form has one; else the shown form's.
        let units = localization.objectValue?.count == 1 ? [shown] : units(of: localization, depth: 0, &walk)
        let stateNode =
            units.lazy.compactMap { $0.member("state")?.value }.first { AppStrings.CatalogState.isUnfinished($0.stringValue ?? "") }
            ?? shown.member("state")?.value
        // Only a state a translator must act on is kept: nothing reads a
        // finished one, and a box for each of a large catalog's values was
        // megabytes held for nothing.
        let state = stateNode.flatMap { node in
            node.stringValue.flatMap { name in
                AppStrings.CatalogState.isUnfinished(name)
                    ? AppStrings.CatalogState(name: name, range: locator.range(of: node.headOffsets)) : nil
            }
        }
        let shownText = StringsDictionaryReader.substitute(text) { variables[$0]?.text }
        let format = StringsDictionaryReader.substitute(text, asSpecifiers: true) { variables[$0]?.specifier }
        // The same text is held once when the format adds nothing to it (most values).
        return AppStrings.Value(text: shownText, format: format == shownText ? nil : format, path: path, range: range, state: state)
    }

    /// The string unit shown: the localisation's own, else its `other`
    /// variation (else the first), looked for through nested variations.
    /// Each form is looked into once: `other` first, then the rest in order.
    private static func shownUnit(of node: JSONNode, depth: Int, _ walk: inout VariationWalk) -> JSONNode? {
        if let unit = node.member("stringUnit")?.value, unit.objectValue != nil { return unit }
        guard let kinds = node.member("variations")?.value.objectValue, walk.visit(depth: depth + 1) else { return nil }
        for kind in kinds {
            guard let forms = kind.value.objectValue else { continue }
            let other = forms.firstIndex { $0.key == "other" }
            if let other, let unit = shownUnit(of: forms[other].value, depth: depth + 1, &walk) { return unit }
            for index in forms.indices where index != other {
                if let unit = shownUnit(of: forms[index].value, depth: depth + 1, &walk) { return unit }
            }
        }
        return nil
    }

    /// Every string unit of a localisation, its variations' and
    /// substitutions' too, in file order.
    private static func units(of node: JSONNode, depth: Int, _ walk: inout VariationWalk) -> [JSONNode] {
        var found: [JSONNode] = []
        for member in node.objectValue ?? [] {
            switch member.key {
            case "stringUnit":
                found.append(member.value)
            case "variations" where walk.visit(depth: depth + 1):
                for kind in member.value.objectValue ?? [] {
                    for form in kind.value.objectValue ?? [] { found += units(of: form.value, depth: depth + 1, &walk) }
                }
            case "substitutions" where depth == 0:
                for substitution in member.value.objectValue ?? [] { found += units(of: substitution.value, depth: 1, &walk) }
            default:
                continue
            }
        }
        return found
    }
}
