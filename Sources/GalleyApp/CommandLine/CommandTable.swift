/// Every command and option of `galley`, in one place. Parsing
/// (`CommandLineArguments`), `--help` (`HelpText`), the man page
/// (`ManualPage`) and the shell completions (`ShellCompletion`) are read
/// from this table, so adding an option here is the whole of its surface.
enum CommandTable {
    static let help = OptionSpec(name: "--help", short: "-h", summary: "print the usage and exit")
    static let version = OptionSpec(name: "--version", short: "-V", summary: "print the version and exit")

    /// The options that stand in place of a command: `galley --help`, `galley --version`.
    static let globalOptions = [help, version]

    static let serve = CommandSpec(
        name: "serve",
        summary: "watch a content folder and serve a live preview",
        details: [
            "Watches DIR (default: the current folder) and serves a live preview on http://127.0.0.1:4400/. "
                + "It prints the URL on standard output once it accepts connections and logs one line per update on standard error. "
                + "SIGINT and SIGTERM answer every held poll and exit 0; SIGHUP reads galley.json again."
        ],
        operands: OperandSpec(
            placeholder: "DIR", kind: .folder, count: .optionalOne, noun: "folder", needed: ""),
        options: [
            OptionSpec(
                name: "--host", argument: .required(ValueSpec(placeholder: "ADDR", kind: .text)),
                summary: "listen on ADDR instead of 127.0.0.1; any other address serves other machines too (with a warning)",
                group: "address"),
            OptionSpec(
                name: "--lan",
                summary: "serve phones and other machines on the local network too: prints a URL with a secret key for each address "
                    + "of this machine, and the first as a QR code; nothing is served to another machine without that key",
                group: "address"),
            OptionSpec(
                name: "--port", short: "-p",
                argument: .required(
                    ValueSpec(
                        placeholder: "N",
                        kind: .number(NumberRule(range: 0...65535, isInteger: true, noun: "port", hint: "0–65535")))),
                summary: "listen on port N instead of 4400; 0 picks a free port"),
            OptionSpec(name: "--open", summary: "open the preview in the browser (xdg-open)"),
            OptionSpec(
                name: "--allow-host", argument: .required(ValueSpec(placeholder: "NAME", kind: .text)),
                summary: "also accept requests that name host NAME (for another --host)", repeats: true),
            OptionSpec(
                name: "--poll",
                argument: .optional(
                    ValueSpec(
                        placeholder: "SECONDS",
                        kind: .number(
                            NumberRule(
                                range: 0.05...3600, isInteger: false, noun: "poll interval", hint: "seconds, 0.05–3600"))),
                    fallback: "1"),
                summary: "compare files every SECONDS (default 1) instead of using inotify, "
                    + "for network and container mounts where inotify sees nothing"),
            OptionSpec(
                name: "--editor", argument: .required(ValueSpec(placeholder: "COMMAND", kind: .text)),
                summary:
                    "Alt/Ctrl-click on a block opens COMMAND with {file}, {line} and {column} filled in, e.g. 'code -g "
                    + "{file}:{line}:{column}'; it runs without a shell"
            ),
            OptionSpec(name: "--quiet", short: "-q", summary: "log only errors", group: "log"),
            OptionSpec(name: "--verbose", short: "-v", summary: "log every file event too", group: "log"),
        ]
    )

    static let render = CommandSpec(
        name: "render",
        summary: "write the preview of content files as HTML",
        details: [
            "Writes the preview of content files as one self-contained HTML page (images inlined), to standard output or to the file "
                + "given with -o. For a folder, writes a static site (an index and one page per document, images copied) to the folder "
                + "given with -o, which must not be inside the content folder."
        ],
        operands: OperandSpec(
            placeholder: "PATH", kind: .fileOrFolder, count: .oneOrMore, noun: "path", needed: "a PATH"),
        options: [
            OptionSpec(
                name: "--output", short: "-o", argument: .required(ValueSpec(placeholder: "OUT", kind: .fileOrFolder)),
                summary: "write to the file OUT, or for a folder the site to the folder OUT"),
            OptionSpec(
                name: "--since", argument: .required(ValueSpec(placeholder: "REV", kind: .text)),
                summary:
                    "for review: write the folder's changes since the git revision REV (or in the range A..B) as galley diff shows them: "
                    + "to standard output, or as a site in the folder OUT"
            ),
        ]
    )

    static let diff = CommandSpec(
        name: "diff",
        summary: "show what changed in the content since a git revision",
        details: [
            "Renders the content as it is and as it was at the git revision REV (or at both ends of a range A..B, or from the merge base "
                + "of A and B to B with A...B; an end left out is HEAD), read through git without writing into the content folder, and "
                + "writes one self-contained HTML page to standard output or to the file given with -o: each document that changed, with "
                + "its added, removed and changed blocks marked, renamed files followed, and documents that appeared or disappeared. PATH "
                + "is the content folder (default: the current folder) or one file in it. The exit status is 1 when the folder is not in "
                + "a git work tree or the revision does not exist."
        ],
        operands: OperandSpec(
            placeholder: "REV [PATH]", kind: .text, count: .oneOrMore, noun: "path", needed: "a revision"),
        options: [
            OptionSpec(
                name: "--output", short: "-o", argument: .required(ValueSpec(placeholder: "FILE", kind: .file)),
                summary: "write the page to FILE instead of standard output")
        ]
    )

    static let check = CommandSpec(
        name: "check",
        summary: "print the diagnostics of content files",
        details: [
            "Reads content files or folders (galley.json too) and prints their diagnostics as path:line:column: severity: message, or in "
                + "the --format a CI tool reads. Each diagnostic has a stable id (such as unknown-tag or missing-image), a range and, "
                + "where Galley knows one, a fix.",
            "Exit status: " + CheckCommand.exitStatuses.joined(separator: "; ") + ".",
        ],
        operands: OperandSpec(
            placeholder: "PATH", kind: .fileOrFolder, count: .oneOrMore, noun: "path",
            needed: "at least one PATH"),
        options: [
            OptionSpec(
                name: "--format",
                argument: .required(ValueSpec(placeholder: "FORMAT", kind: .choice(CheckFormat.allCases.map(\.rawValue)))),
                summary:
                    "github (GitHub Actions annotations), json (every field: id, range, fix-its), sarif (SARIF 2.1.0) or text (the "
                    + "default)",
                group: "format"),
            OptionSpec(name: "--json", summary: "the same as --format json", group: "format"),
            OptionSpec(name: "--strict", summary: "warnings fail the check too (exit status 1)"),
            OptionSpec(
                name: "--verbose", short: "-v",
                summary: "also name each style font this machine draws with another face, and characters no font draws"),
        ]
    )

    static let lsp = CommandSpec(
        name: "lsp",
        summary: "a language server for editors, on standard input and output",
        details: [
            "Speaks the Language Server Protocol on standard input and output. Open buffers drive the preview as you type, without "
                + "saving: through the galley serve running for the file's folder (found through a socket in $XDG_RUNTIME_DIR/galley/), "
                + "or through a preview of its own on a free loopback port, whose URL it tells the editor. Diagnostics, quick fixes, "
                + "completion, hover and definition appear in the editor."
        ],
        operands: nil,
        options: []
    )

    static let completions = CommandSpec(
        name: "completions",
        summary: "print the shell completion script for SHELL",
        details: [
            "Prints the completion script for bash, zsh or fish on standard output. The Debian package installs all three; this command "
                + "is for other installs."
        ],
        operands: OperandSpec(
            placeholder: "SHELL", kind: .choice(ShellCompletion.Shell.allCases.map(\.rawValue)), count: .exactlyOne,
            noun: "shell", needed: "a SHELL"),
        options: []
    )

    static let manual = CommandSpec(
        name: "manual",
        summary: "print this manual page in man(7) format",
        details: ["Prints the galley(1) manual page in the man(7) format on standard output; the Debian package installs it."],
        operands: nil,
        options: []
    )

    static let commands = [serve, render, check, diff, lsp, completions, manual]

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
