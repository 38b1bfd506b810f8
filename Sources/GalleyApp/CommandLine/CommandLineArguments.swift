/// What the user asked for on the command line.
enum Command: Equatable {
    case serve(ServeOptions)
    case render(paths: [String], output: String?)
    case check(paths: [String], json: Bool)
    case languageServer
    case help
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

/// A usage mistake: reported with the usage text, exit status 64.
struct UsageError: Error, Equatable {
    var message: String
}

enum CommandLineArguments {
    static let usage = """
        usage: galley serve [DIR] [--host ADDR | --lan] [--port N] [--open] [--allow-host NAME]...
                          [--poll[=SECONDS]] [--editor COMMAND] [--quiet | --verbose]
               galley render PATH [-o FILE] | galley render DIR -o OUTDIR
               galley check PATH... [--json]
               galley lsp
               galley --help | --version

        serve   watch DIR (default: the current folder) and serve a live preview on
                http://127.0.0.1:4400/ (--port 0 picks a free port)
        render  write the preview of content files as one self-contained HTML page
                (to standard output, or to FILE with -o); for a folder, write a static
                site (an index and one page per document, images copied) to OUTDIR
                --poll compares files every SECONDS (default 1) instead of using
                inotify, for network and container mounts where inotify sees nothing
                --lan serves phones and other machines on the local network too: it
                prints a URL with a secret key and its QR code; nothing is served to
                another machine without that key
                --editor 'code -g {file}:{line}:{column}' lets Alt/Ctrl-click on a
                block open that file at that line ({file}, {line}, {column})
        check   print diagnostics as path:line:column: severity: message;
                exit status 1 when there is an error
        lsp     a language server on standard input and output, for editors: open
                buffers drive the preview (of a running galley serve, or its own)
        """

    static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else { throw UsageError(message: "missing command") }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help": return .help
        case "--version", "-V", "version": return .version
        case "serve": return .serve(try parseServe(rest))
        case "render": return try parseRender(rest)
        case "check": return try parseCheck(rest)
        case "lsp":
            // Editors start servers with `--stdio`; standard I/O is the only transport.
            guard rest.allSatisfy({ $0 == "--stdio" }) else { throw UsageError(message: "lsp takes no arguments besides --stdio") }
            return .languageServer
        default: throw UsageError(message: "unknown command '\(first)'")
        }
    }

    /// Splits `--name=value` into `--name value`.
    private static func normalise(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
            return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
        }
    }

    private static func parseServe(_ arguments: [String]) throws -> ServeOptions {
        var options = ServeOptions()
        var directory: String?
        var hostGiven = false
        // `--poll` takes its optional value only with '=', so `--poll DIR` stays unambiguous.
        var rest: [String] = []
        for argument in arguments {
            if argument == "--poll" {
                options.pollInterval = 1
            } else if argument.hasPrefix("--poll=") {
                let text = String(argument.dropFirst("--poll=".count))
                guard let seconds = Double(text), seconds >= 0.05, seconds <= 3600 else {
                    throw UsageError(message: "invalid poll interval '\(text)' (seconds, 0.05–3600)")
                }
                options.pollInterval = seconds
            } else {
                rest.append(argument)
            }
        }
        var iterator = normalise(rest).makeIterator()
        func value(for option: String) throws -> String {
            guard let value = iterator.next() else { throw UsageError(message: "option '\(option)' needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--host":
                options.host = try value(for: argument)
                hostGiven = true
            case "--lan": options.lan = true
            case "--port", "-p":
                let text = try value(for: argument)
                guard let port = UInt16(text) else { throw UsageError(message: "invalid port '\(text)' (0–65535)") }
                options.port = port
            case "--open": options.openBrowser = true
            case "--allow-host": options.allowedHosts.append(try value(for: argument).lowercased())
            case "--editor":
                let command = try value(for: argument)
                guard EditorCommand(template: command) != nil else {
                    throw UsageError(message: "invalid editor command '\(command)': it needs '{file}'")
                }
                options.editorCommand = command
            case "--quiet", "-q": options.logLevel = .quiet
            case "--verbose", "-v": options.logLevel = .verbose
            case "--help", "-h": throw UsageError(message: "")
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
                guard directory == nil else { throw UsageError(message: "serve takes one folder, got '\(argument)' too") }
                directory = argument
            }
        }
        options.directory = directory ?? "."
        if options.lan && hostGiven {
            throw UsageError(message: "--lan listens on every interface with a secret key; it cannot be combined with --host")
        }
        return options
    }

    private static func parseRender(_ arguments: [String]) throws -> Command {
        var paths: [String] = []
        var output: String?
        var iterator = normalise(arguments).makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "-o", "--output":
                guard let value = iterator.next() else { throw UsageError(message: "option '\(argument)' needs a value") }
                output = value
            default:
                if argument.hasPrefix("-"), argument != "-" { throw UsageError(message: "unknown option '\(argument)'") }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError(message: "render needs a PATH") }
        return .render(paths: paths, output: output)
    }

    private static func parseCheck(_ arguments: [String]) throws -> Command {
        var paths: [String] = []
        var json = false
        for argument in normalise(arguments) {
            if argument == "--json" {
                json = true
            } else if argument.hasPrefix("-") {
                throw UsageError(message: "unknown option '\(argument)'")
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError(message: "check needs at least one PATH") }
        return .check(paths: paths, json: json)
    }
}
