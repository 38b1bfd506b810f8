/// Reads a `Localizable.stringsdict`: a property list (XML, or binary as a
/// build leaves it) of keys, each a dictionary whose
/// `NSStringLocalizedFormatKey` is the format (`%#@files@ in %@`) and whose
/// other members are its variables (`files`: a plural rule with a value
/// type and the forms `one`, `other`…).
///
/// A key's value is its format with each variable written as its `other`
/// form (else its first); its format specifiers are the format's, each
/// variable as the specifier of its value type (`%d`).
enum StringsDictionaryReader {
    static func read(_ bytes: [UInt8], path: RelativePath, language: String) -> AppStrings.FileReading {
        var locator = SourceLocator(bytes)
        let root: JSONNode
        switch PropertyListReader.parse(bytes) {
        case .failure(let error):
            return AppStrings.FileReading(
                path: path,
                diagnostics: [error.diagnostic(path: path, id: .propertyListSyntax) { locator.location(of: $0) }])
        case .success(let node): root = node
        }
        var reading = AppStrings.FileReading(path: path)
        func reject(_ node: JSONNode, _ message: String) {
            reading.diagnostics.append(
                Diagnostic(path: path, id: .wrongType, range: locator.range(of: node.headOffsets), severity: .warning, message: message))
        }
        guard let members = root.objectValue else {
            reject(root, "a strings dictionary is \(root.value.typeDescription), expected a dictionary of keys")
            return reading
        }
        for member in members {
            guard let rule = member.value.objectValue else {
                reject(
                    member.value,
                    "'\(member.key)' is \(member.value.value.typeDescription), expected a dictionary with 'NSStringLocalizedFormatKey'")
                continue
            }
            guard let formatNode = rule.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value, let format = formatNode.stringValue
            else {
                reject(member.value, "'\(member.key)' has no 'NSStringLocalizedFormatKey' string")
                continue
            }
            var variables: [String: (text: String, specifier: String)] = [:]
            for variable in rule where variable.key != "NSStringLocalizedFormatKey" {
                guard let forms = variable.value.objectValue else { continue }
                let type = forms.first { $0.key == "NSStringFormatValueTypeKey" }?.value.stringValue ?? "@"
                let texts = forms.filter { !$0.key.hasPrefix("NSString") }.compactMap { form in
                    form.value.stringValue.map { (form.key, $0) }
                }
                let shown = texts.first { $0.0 == "other" }?.1 ?? texts.first?.1 ?? ""
                variables[variable.key] = (shown, type)
            }
            reading.append(
                key: member.key, language: language, text: Self.substitute(format) { variables[$0]?.text },
                format: Self.substitute(format, asSpecifiers: true) { variables[$0]?.specifier },
                range: locator.range(of: member.keyOffsets))
        }
        return reading
    }

    /// `format` with each variable reference (`%#@name@`, `%1$#@name@`)
    /// replaced by what `replacement` gives for it: a text, or with
    /// `asSpecifiers` a conversion (`d`, `lld`) that becomes a specifier with
    /// the reference's number (unless it names its own, `1$d`). Unknown references stay as written.
    static func substitute(_ format: String, asSpecifiers: Bool = false, _ replacement: (String) -> String?) -> String {
        // Most values have no variable: a byte scan settles it.
        guard format.utf8.contains(UInt8(ascii: "#")) else { return format }
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[percent...]
            var cursor = rest.index(after: rest.startIndex)
            let digitsStart = cursor
            while cursor < rest.endIndex, rest[cursor].isASCII, rest[cursor].isNumber { cursor = rest.index(after: cursor) }
            var number = ""
            if cursor > digitsStart, cursor < rest.endIndex, rest[cursor] == "$" {
                number = String(rest[digitsStart..<cursor]) + "$"
                cursor = rest.index(after: cursor)
            } else {
                cursor = digitsStart
            }
            if rest[cursor...].hasPrefix("#@"), let close = rest[rest.index(cursor, offsetBy: 2)...].firstIndex(of: "@") {
                let name = String(rest[rest.index(cursor, offsetBy: 2)..<close])
                if let replaced = replacement(name) {
                    result += asSpecifiers ? "%" + (replaced.contains("$") ? "" : number) + replaced : replaced
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            // Not a variable: the percent sign and what follows stay as written.
            result += "%"
            rest = rest[rest.index(after: rest.startIndex)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
