import XCTest

@testable import GalleyApp

final class CommandLineArgumentsTests: XCTestCase {
    func testServeOptions() throws {
        XCTAssertEqual(try CommandLineArguments.parse(["serve"]), .serve(ServeOptions()))
        var options = ServeOptions()
        options.directory = "content"
        options.port = 0
        options.host = "::1"
        options.openBrowser = true
        options.logLevel = .quiet
        XCTAssertEqual(try CommandLineArguments.parse(["serve", "content", "--port=0", "--host", "::1", "--open", "-q"]), .serve(options))
        options.logLevel = .verbose
        options.allowedHosts = ["a.example", "b.example"]
        XCTAssertEqual(
            try CommandLineArguments.parse([
                "serve", "-q", "--allow-host", "A.example", "content", "-p", "0", "--allow-host=b.example", "--host=::1", "--open", "-v",
            ]),
            .serve(options))
    }

    func testPollOption() throws {
        var options = ServeOptions()
        options.pollInterval = 1
        options.directory = "content"
        XCTAssertEqual(try CommandLineArguments.parse(["serve", "--poll", "content"]), .serve(options))
        options.pollInterval = 0.25
        XCTAssertEqual(try CommandLineArguments.parse(["serve", "content", "--poll=0.25"]), .serve(options))
        XCTAssertThrowsError(try CommandLineArguments.parse(["serve", "--poll=0"])) { error in
            XCTAssertEqual(error as? UsageError, .invalidValue(noun: "poll interval", given: "0", allowed: "seconds, 0.05–3600"))
        }
    }

    func testOtherCommands() throws {
        XCTAssertEqual(try CommandLineArguments.parse(["--version"]), .version)
        XCTAssertEqual(try CommandLineArguments.parse(["-V"]), .version)
        XCTAssertEqual(
            try CommandLineArguments.parse(["render", "a.json", "-o", "out.html"]), .render(paths: ["a.json"], output: "out.html"))
        XCTAssertEqual(try CommandLineArguments.parse(["render", "-", "a.rtf"]), .render(paths: ["-", "a.rtf"], output: nil))
        XCTAssertEqual(
            try CommandLineArguments.parse(["check", "a", "b", "--json"]),
            .check(paths: ["a", "b"], format: .json, strict: false, verbose: false))
        XCTAssertEqual(
            try CommandLineArguments.parse(["check", "a", "--format", "sarif", "--strict"]),
            .check(paths: ["a"], format: .sarif, strict: true, verbose: false))
        XCTAssertEqual(
            try CommandLineArguments.parse(["check", "a", "--json", "--format=github"]),
            .check(paths: ["a"], format: .github, strict: false, verbose: false),
            "the last of --json and --format wins")
        XCTAssertEqual(try CommandLineArguments.parse(["check", "a"]), .check(paths: ["a"], format: .text, strict: false, verbose: false))
        XCTAssertEqual(
            try CommandLineArguments.parse(["check", "a", "-v"]), .check(paths: ["a"], format: .text, strict: false, verbose: true))
        XCTAssertThrowsError(try CommandLineArguments.parse(["check", "a", "--format", "xml"]))
        XCTAssertEqual(try CommandLineArguments.parse(["completions", "zsh"]), .completions(.zsh))
        XCTAssertEqual(try CommandLineArguments.parse(["manual"]), .manual)
    }

    func testEveryCommandHasItsOwnHelp() throws {
        for spelling in ["--help", "-h", "help"] {
            XCTAssertEqual(try CommandLineArguments.parse([spelling]), .help(command: nil))
        }
        for command in CommandTable.commands {
            for spelling in ["--help", "-h"] {
                XCTAssertEqual(try CommandLineArguments.parse([command.name, spelling]), .help(command: command.name))
            }
            // Even after a missing operand: asking for help is not a mistake.
            XCTAssertEqual(try CommandLineArguments.parse([command.name, "--help"]), .help(command: command.name))
        }
    }

    func testUsageErrors() {
        let cases: [([String], String)] = [
            ([], "missing command"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["serve", "--port", "70000"], "invalid port '70000' (0–65535)"),
            (["serve", "--port", "4.5"], "invalid port '4.5' (0–65535)"),
            (["serve", "--port"], "option '--port' needs a value"),
            (["serve", "-p"], "option '-p' needs a value"),
            (["serve", "a", "b"], "serve takes one folder, got 'b' too"),
            (["serve", "--bogus"], "unknown option '--bogus'"),
            (["serve", "--bogus=1"], "unknown option '--bogus'"),
            (["serve", "--open=yes"], "option '--open' takes no value"),
            (["serve", "--editor", "vim"], "invalid editor command 'vim': it needs '{file}'"),
            (
                ["serve", "--lan", "--host", "0.0.0.0"],
                "--lan listens on every interface with a secret key; it cannot be combined with --host"
            ),
            (["check"], "check needs at least one PATH"),
            (["check", "--json=1", "a"], "option '--json' takes no value"),
            (["render"], "render needs a PATH"),
            (["render", "a", "-x"], "unknown option '-x'"),
            (["completions"], "completions needs a SHELL"),
            (["completions", "tcsh"], "invalid shell 'tcsh' (bash, zsh, fish)"),
            (["completions", "bash", "zsh"], "completions takes one shell, got 'zsh' too"),
            (["manual", "x"], "manual takes no operands, got 'x'"),
            (["diff"], "diff needs a revision"),
            (["diff", "HEAD", "a", "b"], "diff takes a revision and one path, got 'b' too"),
            (["render", "--since", "HEAD", "a", "b"], "render --since REV takes one content folder"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try CommandLineArguments.parse(arguments)) { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }
}

/// The table is the one source: each option in it parses into something,
/// and the help, man page and completions name each one.
final class CommandTableTests: XCTestCase {
    /// A value each kind accepts (`{file}` is also a valid editor command).
    private func sample(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let choices): choices[0]
        case .folder: "some-folder"
        case .file, .fileOrFolder: "some-file"
        case .number(let rule): rule.isInteger ? String(Int(rule.range.lowerBound)) : String(rule.range.upperBound)
        case .text: "{file}"
        }
    }

    private func operands(of command: CommandSpec) -> [String] {
        guard let operands = command.operands, operands.count != .optionalOne else { return [] }
        return [sample(operands.kind)]
    }

    func testEveryOptionParsesAndChangesTheCommand() throws {
        for command in CommandTable.commands {
            let plain = try CommandLineArguments.parse([command.name] + operands(of: command))
            for option in command.options {
                for spelling in option.spellings {
                    var words = [spelling]
                    if case .required(let value) = option.argument { words.append(sample(value.kind)) }
                    let parsed = try CommandLineArguments.parse([command.name] + words + operands(of: command))
                    XCTAssertNotEqual(parsed, plain, "\(command.name) \(words) is parsed but not used")
                    if case .required(let value) = option.argument, spelling.hasPrefix("--") {
                        let attached = try CommandLineArguments.parse(
                            [command.name, spelling + "=" + sample(value.kind)] + operands(of: command))
                        XCTAssertEqual(attached, parsed, "\(command.name) \(spelling)=")
                    }
                    if let short = option.short {
                        let long = try CommandLineArguments.parse(
                            [command.name] + [option.name] + words.dropFirst() + operands(of: command))
                        XCTAssertEqual(parsed, long, "\(short) and \(option.name) differ")
                    }
                }
            }
        }
    }

    func testSpellingsAreUnique() {
        for command in CommandTable.commands {
            let spellings = (command.options + [CommandTable.help]).flatMap(\.spellings)
            XCTAssertEqual(Set(spellings).count, spellings.count, command.name)
        }
        XCTAssertEqual(Set(CommandTable.commands.map(\.name)).count, CommandTable.commands.count)
    }

    func testHelpComesFromTheTable() {
        let overview = HelpText.overview
        XCTAssertTrue(overview.hasPrefix("usage: galley serve [DIR] [--host ADDR"), overview)
        for command in CommandTable.commands {
            // Every command, completions and manual included (issue 25).
            XCTAssertTrue(overview.contains("galley \(command.name)"), command.name)
            let usage = HelpText.usage(of: command)
            XCTAssertTrue(usage.hasPrefix("usage: galley \(command.name)"), usage)
            for option in command.options + [CommandTable.help] {
                XCTAssertTrue(usage.contains(HelpText.term(option)), "\(command.name) --help lacks \(option.name)")
                let firstWords = option.summary.split(separator: " ").prefix(3).joined(separator: " ")
                XCTAssertTrue(usage.contains(firstWords), "\(command.name) --help lacks the summary of \(option.name)")
            }
            for line in usage.split(separator: "\n") where !line.contains("{file}:{line}") {
                XCTAssertLessThanOrEqual(line.count, TextLayout.width, String(line))
            }
        }
    }

    func testManualPageNamesEveryCommandAndOption() {
        let page = ManualPage.text
        for command in CommandTable.commands {
            XCTAssertTrue(page.contains(".SS \"galley \(command.name)\""), command.name)
            for option in command.options {
                let roff = "\\fB" + option.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                XCTAssertTrue(page.contains(roff), "the man page lacks \(option.name)")
            }
        }
        for section in ["SYNOPSIS", "DESCRIPTION", "COMMANDS", "CONFIGURATION", "ENVIRONMENT", "\"EXIT STATUS\"", "FILES", "EXAMPLES"] {
            XCTAssertTrue(page.contains(".SH \(section)\n"), section)
        }
        XCTAssertFalse(page.unicodeScalars.contains { !$0.isASCII }, "groff reads non-ASCII input only through preconv")
    }

    func testCompletionsOfferEveryCommandAndOption() {
        for shell in ShellCompletion.Shell.allCases {
            let script = ShellCompletion.script(for: shell)
            for command in CommandTable.commands {
                XCTAssertTrue(script.contains(command.name), "\(shell) lacks \(command.name)")
                for option in command.options {
                    let longName = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                    XCTAssertTrue(script.contains(longName), "\(shell) lacks \(option.name)")
                }
            }
        }
    }
}
