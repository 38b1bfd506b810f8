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
    /// Left out of `galley --help` and of command-name completion (still in the man page).
    var isHidden = false
}

/// The words after the options: `serve [DIR]`, `check PATH...`.
struct OperandSpec: Sendable {
    enum Count: Sendable { case optionalOne, exactlyOne, oneOrMore }

    var placeholder: String
    var kind: ValueKind
    var count: Count
    /// What one of them is, for "serve takes one folder, got 'b' too".
    var noun: String
    /// The usage error when there is none, e.g. "render needs a PATH".
    var missing: String
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
    /// Options with the same group contradict each other (`--quiet | --verbose`); the last one wins.
    var group: String?

    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }

    var value: ValueSpec? {
        switch argument {
        case .none: nil
        case .required(let value), .optional(let value, _): value
        }
    }
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
