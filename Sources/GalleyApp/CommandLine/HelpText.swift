/// The `--help` texts, read from `CommandTable`.
enum HelpText {
    /// `galley --help`: every listed command's synopsis and what it does.
    static var overview: String {
        let listed = CommandTable.commands
        var lines: [String] = []
        for (index, command) in listed.enumerated() {
            lines += synopsis(of: command, lead: index == 0 ? "usage: " : "       ")
        }
        lines.append("       galley \(CommandTable.help.name) | \(CommandTable.version.name)")
        lines.append("       galley COMMAND \(CommandTable.help.name)")
        lines.append("")
        let nameWidth = listed.map(\.name.count).max() ?? 0
        for command in listed {
            let lead = "  " + command.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
            lines += TextLayout.wrap(command.summary, lead: lead, indent: lead.count)
        }
        lines.append("")
        lines.append("Run 'galley COMMAND \(CommandTable.help.name)' for a command's options, or see galley(1).")
        return lines.joined(separator: "\n")
    }

    /// `galley COMMAND --help`: its synopsis, what it does, and each option.
    static func usage(of command: CommandSpec) -> String {
        var lines = synopsis(of: command, lead: "usage: ")
        for paragraph in command.details {
            lines.append("")
            lines += TextLayout.wrap(paragraph)
        }
        let options = command.options + [CommandTable.help]
        let terms = options.map(term)
        let termWidth = min(terms.map(\.count).max() ?? 0, 24)
        lines.append("")
        lines.append("options:")
        for (option, term) in zip(options, terms) {
            let lead = "  " + term.padding(toLength: max(term.count, termWidth), withPad: " ", startingAt: 0) + "  "
            lines += TextLayout.wrap(option.summary, lead: lead, indent: termWidth + 4)
        }
        return lines.joined(separator: "\n")
    }

    /// `galley serve [DIR] [--host ADDR] …`, wrapped under its own first word.
    static func synopsis(of command: CommandSpec, lead: String) -> [String] {
        let start = lead + "galley " + command.name
        return TextLayout.wrap(words: [start] + command.synopsis(SynopsisStyle()), indent: start.count + 1)
    }

    /// `-p, --port N` as the option list shows it.
    static func term(_ option: OptionSpec) -> String {
        (option.short.map { "\($0), " } ?? "") + option.name + option.valueSuffix(SynopsisStyle())
    }
}
