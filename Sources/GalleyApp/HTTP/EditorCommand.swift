import Foundation
import GalleySystem
import Glibc

/// The author's editor command (`code -g {file}:{line}`), run without a shell
/// so that a file name can never become a second command.
struct EditorCommand: Sendable {
    private let arguments: [String]

    /// Splits `template` into arguments (single and double quotes group);
    /// nil when it is empty, unbalanced or names no `{file}`.
    init?(template: String) {
        var arguments: [String] = []
        var current = ""
        var quote: Character?
        var hasArgument = false
        for character in template {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                hasArgument = true
            } else if character == " " || character == "\t" {
                if hasArgument { arguments.append(current) }
                current = ""
                hasArgument = false
            } else {
                current.append(character)
                hasArgument = true
            }
        }
        if hasArgument { arguments.append(current) }
        guard quote == nil, !arguments.isEmpty, arguments.contains(where: { $0.contains("{file}") }) else { return nil }
        self.arguments = arguments
    }

    /// The arguments for one file and position.
    func arguments(file: String, line: Int, column: Int) -> [String] {
        arguments.map {
            $0.replacingOccurrences(of: "{file}", with: file)
                .replacingOccurrences(of: "{line}", with: String(line))
                .replacingOccurrences(of: "{column}", with: String(column))
        }
    }

    /// Starts the editor and does not wait for it.
    func launch(file: String, line: Int, column: Int) throws(SystemCallError) {
        let arguments = arguments(file: file, line: line, column: column)
        let (child, status) = ProcessSignals.spawn(arguments)
        guard status == 0 else { throw SystemCallError(call: "posix_spawn", path: arguments[0], errno: status) }
        // Reap it when it ends, so editors that exit leave no zombies.
        Thread.detachNewThread {
            var exitStatus: Int32 = 0
            waitpid(child, &exitStatus, 0)
        }
    }
}
