/// The completion scripts `galley completions SHELL` prints, generated from
/// `CommandTable` so that they offer exactly what the parser accepts.
enum ShellCompletion {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion.script
        case .zsh: ZshCompletion.script
        case .fish: FishCompletion.script
        }
    }

    /// The commands offered after `galley `.
    static var listedCommands: [CommandSpec] {
        CommandTable.commands.filter { !$0.isHidden }
    }

    /// Every command a script knows the options and operands of: the hidden
    /// ones too, so `galley completions <Tab>` still offers the shells.
    static var commands: [CommandSpec] { CommandTable.commands }
}
