/// One command's words sorted by its `CommandSpec`: every value has been
/// checked against its kind, so a number here is a valid number.
struct ParsedArguments {
    struct Occurrence {
        /// The option's long name, however it was spelt.
        var name: String
        var value: String?
    }

    /// Each option given, in the order given.
    var occurrences: [Occurrence] = []
    var operands: [String] = []

    func has(_ name: String) -> Bool {
        occurrences.contains { $0.name == name }
    }

    /// The value of the last `name` given.
    func value(_ name: String) -> String? {
        occurrences.last { $0.name == name }?.value
    }

    /// Every value of a repeated option.
    func values(_ name: String) -> [String] {
        occurrences.filter { $0.name == name }.compactMap(\.value)
    }

    /// Which option of a contradicting group came last.
    func last(of group: [String]) -> String? {
        occurrences.last { group.contains($0.name) }?.name
    }
}

/// Sorts a command's words by its spec and checks each value; the first
/// mistake is a `UsageError` in the words `galley` has always used.
enum ArgumentParser {
    enum Outcome {
        case parsed(ParsedArguments)
        case help
    }

    static func parse(_ words: [String], as command: CommandSpec) throws -> Outcome {
        var parsed = ParsedArguments()
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            guard word.hasPrefix("-"), word != "-" else {
                try addOperand(word, to: &parsed, of: command)
                continue
            }
            let (name, attached) = split(word)
            if CommandTable.help.spellings.contains(name), attached == nil { return .help }
            guard let option = command.options.first(where: { $0.spellings.contains(name) }) else {
                throw UsageError.unknownOption(name)
            }
            switch option.argument {
            case .none:
                guard attached == nil else { throw UsageError.optionTakesNoValue(option: name) }
                parsed.occurrences.append(.init(name: option.name, value: nil))
            case .required(let value):
                guard let text = attached ?? iterator.next() else {
                    throw UsageError.optionNeedsValue(option: name)
                }
                try check(text, is: value.kind, noun: value.placeholder.lowercased())
                parsed.occurrences.append(.init(name: option.name, value: text))
            case .optional(let value, let fallback):
                let text = attached ?? fallback
                try check(text, is: value.kind, noun: value.placeholder.lowercased())
                parsed.occurrences.append(.init(name: option.name, value: text))
            }
        }
        if parsed.operands.isEmpty, let operands = command.operands, operands.count != .optionalOne {
            throw UsageError.missingOperand(command: command.name, needed: operands.needed)
        }
        return .parsed(parsed)
    }

    /// `--name=value` is `--name` with `value` attached; short options take theirs as the next word.
    private static func split(_ word: String) -> (name: String, attached: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func addOperand(_ word: String, to parsed: inout ParsedArguments, of command: CommandSpec) throws {
        guard let operands = command.operands else {
            throw UsageError.noOperands(command: command.name, given: word)
        }
        if operands.count != .oneOrMore, !parsed.operands.isEmpty {
            throw UsageError.extraOperand(command: command.name, takes: "one " + operands.noun, given: word)
        }
        try check(word, is: operands.kind, noun: operands.noun)
        parsed.operands.append(word)
    }

    private static func check(_ text: String, is kind: ValueKind, noun: String) throws {
        switch kind {
        case .number(let rule):
            guard rule.value(of: text) != nil else {
                throw UsageError.invalidValue(noun: rule.noun, given: text, allowed: rule.hint)
            }
        case .choice(let choices):
            guard choices.contains(text) else {
                throw UsageError.invalidValue(noun: noun, given: text, allowed: choices.joined(separator: ", "))
            }
        case .folder, .file, .fileOrFolder, .text:
            break
        }
    }
}
