import GalleySystem

/// git run so that the repository it reads cannot make it run anything:
/// the content's repository is hostile input (a pull request, a cloned
/// project), and its `.git/config` can name programs for git to run.
///
/// Only plumbing that reads objects is run (`rev-parse`, `ls-tree`,
/// `cat-file --batch`, `diff-tree`, `merge-base`): none of it touches the
/// work tree, so no clean or smudge filter runs (no `-c` turns off a filter
/// whose name the repository chose); the overrides below turn off what
/// such a command could still start, and the environment it inherits is
/// cleared of git's own variables, which could point it at another
/// repository or program.
struct GitCommand {
    /// How long one git run may take before it is killed.
    var timeLimit: Duration
    /// The most output one run may write.
    var outputLimit = 64 * 1024 * 1024

    /// Overrides of the repository's configuration, on the command line where they win over it.
    static let safeConfiguration = [
        "core.fsmonitor=false",
        "core.hooksPath=/dev/null",
        // A folder holding HEAD, objects/ and refs/ is a repository by itself; committed inside the content, it is the attacker's.
        "safe.bareRepository=explicit",
        "core.pager=cat",
        // A partial clone would fetch a missing object, through a transport (and an ssh command) the repository names.
        "protocol.allow=never",
        "gc.auto=0",
        "maintenance.auto=false",
    ]

    /// The environment for git: this process's, without git's own variables
    /// (GIT_DIR, GIT_CONFIG_PARAMETERS, GIT_EXTERNAL_DIFF, …), never asking
    /// on the terminal, taking no lock it can do without, and in the C locale,
    /// whose messages Galley reads.
    static func environment(from inherited: [String]) -> [String] {
        let kept = inherited.filter { entry in
            let name = entry.prefix { $0 != "=" }
            return !name.hasPrefix("GIT_") && name != "LC_ALL" && name != "PAGER"
        }
        return kept + [
            "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "GIT_NO_REPLACE_OBJECTS=1", "GIT_PAGER=cat", "PAGER=cat", "LC_ALL=C",
        ]
    }

    /// What git said and did.
    struct Answer {
        var output: [UInt8]
        var status: Int32
        /// The first line of git's errors, which may name absolute paths: for
        /// the author at the command line, never for a page.
        var complaint: String

        var text: String { String(decoding: output, as: UTF8.self) }
        var succeeded: Bool { status == 0 }
    }

    /// Runs `git -C folder STEP ARGUMENTS` with `input` on its standard
    /// input; an answer when git ran to its end, successfully or not.
    func run(
        in folder: String, _ step: GitStep, _ arguments: [String], input: [UInt8] = [],
        outputLimit: Int? = nil
    ) throws(GitError) -> Answer {
        var child = ChildProcess(
            program: "git",
            arguments: ["--no-pager"] + Self.safeConfiguration.flatMap { ["-c", $0] } + ["-C", folder, step.rawValue] + arguments,
            environment: Self.environment(from: ChildProcess.currentEnvironment),
            timeLimit: timeLimit,
            outputLimit: outputLimit ?? self.outputLimit
        )
        child.input = input
        // An answer of known size (blobs asked by size) is read into room made for it once.
        child.expectedOutput = outputLimit ?? 0
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.Failure) {
            outcome = try child.run()
        } catch {
            throw .cannotRun(error)
        }
        let complaint = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        switch outcome.termination {
        case .exited(let status):
            return Answer(output: outcome.output, status: status, complaint: complaint)
        case .signalled(let signal):
            throw .signalled(step: step, signal: signal)
        case .timedOut:
            throw .timedOut(step: step, limit: timeLimit)
        case .outputTooLarge:
            throw .tooLarge(step: step, limit: child.outputLimit)
        }
    }
}
