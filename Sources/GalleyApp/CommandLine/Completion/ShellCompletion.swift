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

    /// The commands offered after `galley `, each with its options and operands.
    static var commands: [CommandSpec] { CommandTable.commands }
}
