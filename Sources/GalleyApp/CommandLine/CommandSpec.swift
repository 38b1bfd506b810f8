/// The shape of the command line, as data: the table in `CommandTable`
/// is written with these types, and parsing, `--help`, the man page and the
/// shell completions are all read from it.
struct CommandSpec: Sendable {
    var name: String
    /// One line for `galley --help` and the completions' menus.
    var summary: String
    /// Paragraphs for `galley COMMAND --help` and the man page.
    var details: [String]
    var operands: OperandSpec?
    var options: [OptionSpec]

    /// The synopsis after `galley NAME`: the operand, then one bracket per
    /// option, except that neighbours of one group share one
    /// (`[--quiet | --verbose]`). `style` gives the fonts of help or roff.
    func synopsis(_ style: SynopsisStyle) -> [String] {
        var items: [String] = []
        if let operands {
            let placeholder = style.placeholder(operands.placeholder)
            switch operands.count {
            case .optionalOne: items.append("[\(placeholder)]")
            case .exactlyOne: items.append(placeholder)
            case .oneOrMore: items.append(placeholder + style.ellipsis)
            }
        }
        var groups: [[OptionSpec]] = []
        for option in options {
            if let group = option.group, let last = groups.last?.last, last.group == group {
                groups[groups.count - 1].append(option)
            } else {
                groups.append([option])
            }
        }
        for members in groups {
            let item = "[" + members.map { style.option($0.name) + $0.valueSuffix(style) }.joined(separator: " | ") + "]"
            items.append(item + (members[0].repeats ? style.ellipsis : ""))
        }
        return items
    }
}

/// The words after the options: `serve [DIR]`, `check PATH...`.
struct OperandSpec: Sendable {
    enum Count: Sendable { case optionalOne, exactlyOne, oneOrMore }

    var placeholder: String
    var kind: ValueKind
    var count: Count
    /// What one of them is, for "serve takes one folder, got 'b' too".
    var noun: String
    /// What the command needs when none is given, as in "render needs a PATH".
    var needed: String
}

struct OptionSpec: Sendable {
    /// How an option takes a value.
    enum Argument: Sendable {
        case none
        /// The next word, or the part after `=`.
        case required(ValueSpec)
        /// Only after `=` (`--poll=2`), so `--poll DIR` stays unambiguous; `fallback` otherwise.
        case optional(ValueSpec, fallback: String)
    }

    /// The long spelling with its dashes: `--port`.
    var name: String
    var short: String?
    var argument: Argument = .none
    var summary: String
    /// Given more than once, every value counts (`--allow-host`); otherwise the last one wins.
    var repeats = false
    /// Options with the same group contradict each other: the synopsis shows
    /// them as `[--quiet | --verbose]`, and the command decides whether the
    /// last one wins or it is a usage error (`--host` and `--lan`).
    var group: String?

    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }

    /// ` N` after an option that needs a value, `[=SECONDS]` after one that only takes it after `=`.
    func valueSuffix(_ style: SynopsisStyle) -> String {
        switch argument {
        case .none: ""
        case .required(let value): style.space + style.placeholder(value.placeholder)
        case .optional(let value, _): "[=" + style.placeholder(value.placeholder) + "]"
        }
    }

    var value: ValueSpec? {
        switch argument {
        case .none: nil
        case .required(let value), .optional(let value, _): value
        }
    }
}

/// How a synopsis is spelt: plain for `--help`, with fonts for the man page.
struct SynopsisStyle {
    var option: (String) -> String = { $0 }
    var placeholder: (String) -> String = { $0 }
    var ellipsis = "..."
    /// Between an option and its value.
    var space = " "
}

struct ValueSpec: Sendable {
    var placeholder: String
    var kind: ValueKind
}

/// What a value is: parsing checks it, completions offer it.
enum ValueKind: Sendable {
    case choice([String])
    case folder
    case file
    case fileOrFolder
    case number(NumberRule)
    case text
}

/// A number and its limits; `noun` and `hint` make the message
/// "invalid port 'x' (0–65535)".
struct NumberRule: Sendable {
    var range: ClosedRange<Double>
    var isInteger: Bool
    var noun: String
    var hint: String

    func value(of text: String) -> Double? {
        let number = isInteger ? Int(text).map(Double.init) : Double(text)
        guard let number, range.contains(number) else { return nil }
        return number
    }
}
