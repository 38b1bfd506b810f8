/// A usage mistake: reported with the usage text, exit status 64, in the
/// words `galley` has always used.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case missingCommand
    case unknownCommand(String)
    case unknownOption(String)
    case optionTakesNoValue(option: String)
    case optionNeedsValue(option: String)
    /// No operand where the command needs one: `needed` is what its table says it needs ("a PATH").
    case missingOperand(command: String, needed: String)
    /// An operand given to a command that takes none.
    case noOperands(command: String, given: String)
    /// One operand too many: `takes` is what the command takes ("one folder").
    case extraOperand(command: String, takes: String, given: String)
    /// A value out of its range or not among its choices; `allowed` says which are.
    case invalidValue(noun: String, given: String, allowed: String)
    /// `render --since REV` with more or fewer than one folder.
    case sinceTakesOneFolder
    /// `--lan` and `--host` together.
    case lanWithHost
    /// An `--editor` command with no `{file}` to open.
    case editorCommandWithoutFile(String)

    var description: String {
        switch self {
        case .missingCommand: "missing command"
        case .unknownCommand(let name): "unknown command '\(name)'"
        case .unknownOption(let name): "unknown option '\(name)'"
        case .optionTakesNoValue(let option): "option '\(option)' takes no value"
        case .optionNeedsValue(let option): "option '\(option)' needs a value"
        case .missingOperand(let command, let needed): "\(command) needs \(needed)"
        case .noOperands(let command, let given): "\(command) takes no operands, got '\(given)'"
        case .extraOperand(let command, let takes, let given): "\(command) takes \(takes), got '\(given)' too"
        case .invalidValue(let noun, let given, let allowed): "invalid \(noun) '\(given)' (\(allowed))"
        case .sinceTakesOneFolder: "render --since REV takes one content folder"
        case .lanWithHost: "--lan listens on every interface with a secret key; it cannot be combined with --host"
        case .editorCommandWithoutFile(let command): "invalid editor command '\(command)': it needs '{file}'"
        }
    }
}
