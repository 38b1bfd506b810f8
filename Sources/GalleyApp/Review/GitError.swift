import GalleySystem

/// Why the content folder's history cannot be read as asked. The
/// description names no absolute path (a page on another device reads it);
/// `detailed` adds what git said, for the author at the command line.
enum GitError: Error, Equatable, CustomStringConvertible {
    /// The content folder does not exist.
    case noFolder
    /// The content folder is outside any git work tree (or in one git refuses, such as a bare repository inside the content).
    case notAWorkTree(complaint: String)
    /// The work tree's git directory is not its own `.git` folder: a `.git`
    /// file or `core.worktree` can put the repository (and its configuration) anywhere.
    case foreignGitDirectory
    /// The text cannot be a revision.
    case notARevision(String)
    /// The text has `..` but not a revision on either side of it.
    case notARevisionOrRange(String)
    /// A revision that searches commit messages with a regular expression (`^{/…}`, `:/…`).
    case searchingRevision(String)
    /// A well-formed revision that names no commit here.
    case noSuchRevision(String)
    /// Two ends of `A...B` that share no history.
    case noCommonAncestor(String, String)
    /// git ran past its time limit and was stopped.
    case timedOut(step: GitStep, limit: Duration)
    /// git's answer, or the files of one revision, were larger than Galley reads.
    case tooLarge(step: GitStep, limit: Int)
    /// git itself failed (a tree it cannot read), in its own words.
    case gitFailed(step: GitStep, complaint: String)
    /// git could not be started (no git installed, no room for a process).
    case cannotRun(ChildProcess.Failure)
    /// A signal git did not ask for ended it.
    case signalled(step: GitStep, signal: Int32)
    /// The files of a revision could not be written where Galley unpacks them.
    case unpacking(ScratchFolder.Failure)

    var description: String {
        switch self {
        case .noFolder: "the content folder does not exist"
        case .notAWorkTree: "the content folder is not in a git work tree that Galley reads"
        case .foreignGitDirectory:
            "the content folder's git directory is not its work tree's own .git folder (a .git file or core.worktree points elsewhere); "
                + "Galley reads only a work tree's own .git"
        case .notARevision(let text): "'\(text)' is not a revision"
        case .notARevisionOrRange(let text): "'\(text)' is neither a revision nor a range A..B"
        case .searchingRevision(let text):
            "'\(text)' searches commit messages (^{/…} or :/…), which Galley does not ask git to do; name the commit another way"
        case .noSuchRevision(let text): "no revision '\(text)' in the content folder's git history"
        case .noCommonAncestor(let old, let new): "'\(old)' and '\(new)' have no common ancestor"
        case .timedOut(let step, let limit): "git \(step.rawValue) took longer than \(limit.components.seconds) seconds and was stopped"
        case .tooLarge(let step, let limit): "git \(step.rawValue) answered more than \(limit / 1024 / 1024) MiB, more than Galley reads"
        case .gitFailed(let step, _): "git \(step.rawValue) failed"
        case .cannotRun(let failure): failure.description
        case .signalled(let step, let signal): "git \(step.rawValue) was ended by signal \(signal)"
        case .unpacking(let failure): failure.description
        }
    }

    /// The description with git's own words, for the author.
    var detailed: String {
        switch self {
        case .notAWorkTree(let complaint), .gitFailed(_, let complaint):
            complaint.isEmpty ? description : description + " (git: \(complaint))"
        default:
            description
        }
    }
}
