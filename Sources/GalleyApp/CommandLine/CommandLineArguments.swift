/// What the user asked for on the command line.
enum Command: Equatable {
    case serve(ServeOptions)
    case render(paths: [String], output: String?)
    case check(paths: [String], format: CheckFormat, strict: Bool, verbose: Bool)
    /// `galley diff REV [PATH]`, and `galley render --since REV PATH -o OUT` (`site`: OUT is a folder).
    case diff(revision: String, path: String, output: String?, site: Bool)
    case languageServer
    case completions(ShellCompletion.Shell)
    case manual
    /// `galley --help` (nil) or `galley COMMAND --help`.
    case help(command: String?)
    case version
}

struct ServeOptions: Equatable {
    var directory = "."
    var host = "127.0.0.1"
    var port: UInt16 = 4400
    var openBrowser = false
    var allowedHosts: [String] = []
    /// Serve other machines on the local network too, behind a secret key.
    var lan = false
    var logLevel = Log.Level.normal
    /// Seconds between polls when polling replaces inotify (`--poll`).
    var pollInterval: Double?
    /// The command that opens the author's editor at a file and line.
    var editorCommand: String?
}

/// Turns the words after `galley` into a `Command`, by the table in
/// `CommandTable`; this file only gives each command's values their types.
enum CommandLineArguments {
    static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else { throw UsageError.missingCommand }
        if first == "help" || CommandTable.help.spellings.contains(first) { return .help(command: nil) }
        if first == "version" || CommandTable.version.spellings.contains(first) { return .version }
        guard let spec = CommandTable.command(named: first) else {
            throw UsageError.unknownCommand(first)
        }
        switch try ArgumentParser.parse(Array(arguments.dropFirst()), as: spec) {
        case .help:
            return .help(command: spec.name)
        case .parsed(let parsed):
            return try command(spec.name, parsed)
        }
    }

    private static func command(_ name: String, _ parsed: ParsedArguments) throws -> Command {
        switch name {
        case CommandTable.serve.name: return .serve(try serveOptions(parsed))
        case CommandTable.render.name:
            guard let since = parsed.value("--since") else { return .render(paths: parsed.operands, output: parsed.value("--output")) }
            guard parsed.operands.count == 1 else { throw UsageError.sinceTakesOneFolder }
            let output = parsed.value("--output")
            return .diff(revision: since, path: parsed.operands[0], output: output, site: output != nil)
        case CommandTable.diff.name:
            guard parsed.operands.count <= 2 else {
                throw UsageError.extraOperand(command: name, takes: "a revision and one path", given: parsed.operands[2])
            }
            return .diff(
                revision: parsed.operands[0], path: parsed.operands.count == 2 ? parsed.operands[1] : ".", output: parsed.value("--output"),
                site: false)
        case CommandTable.check.name:
            let format =
                parsed.last(of: ["--json", "--format"]) == "--json"
                ? .json : parsed.value("--format").flatMap(CheckFormat.init(rawValue:)) ?? .text
            return .check(paths: parsed.operands, format: format, strict: parsed.has("--strict"), verbose: parsed.has("--verbose"))
        case CommandTable.completions.name:
            guard let shell = parsed.operands.first.flatMap(ShellCompletion.Shell.init(rawValue:)) else {
                throw UsageError.missingOperand(command: name, needed: CommandTable.completions.operands?.needed ?? "")
            }
            return .completions(shell)
        case CommandTable.manual.name: return .manual
        case CommandTable.lsp.name: return .languageServer
        default: throw UsageError.unknownCommand(name)
        }
    }

    private static func serveOptions(_ parsed: ParsedArguments) throws -> ServeOptions {
        var options = ServeOptions()
        options.directory = parsed.operands.first ?? options.directory
        options.host = parsed.value("--host") ?? options.host
        if let port = parsed.value("--port").flatMap({ UInt16($0) }) { options.port = port }
        options.openBrowser = parsed.has("--open")
        options.lan = parsed.has("--lan")
        if options.lan, parsed.has("--host") {
            throw UsageError.lanWithHost
        }
        options.allowedHosts = parsed.values("--allow-host").map { $0.lowercased() }
        options.pollInterval = parsed.value("--poll").flatMap { Double($0) }
        if let command = parsed.value("--editor") {
            guard EditorCommand(template: command) != nil else {
                throw UsageError.editorCommandWithoutFile(command)
            }
            options.editorCommand = command
        }
        switch parsed.last(of: ["--quiet", "--verbose"]) {
        case "--quiet": options.logLevel = .quiet
        case "--verbose": options.logLevel = .verbose
        default: break
        }
        return options
    }
}
