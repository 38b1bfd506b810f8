import Foundation

/// What the changes view of `galley serve` asks for (`/api/changes?since=REV`),
/// read from the query, and the HTTP status each failure is answered with.
struct ChangesRequest: Equatable {
    /// What a view with no `since` compares with: the last commit.
    static let defaultRevision = "HEAD"

    /// Who asks: the author's own machine, or a device on the local network.
    enum Asker: Equatable {
        case thisMachine
        case device
    }

    /// The revision as the page named it, shown in the page's headline.
    var revision: String
    var asker: Asker = .thisMachine

    /// A request that cannot be answered: the HTTP status and the reason the
    /// page shows are decided here, from the case, for every caller.
    enum Refusal: Error, Equatable {
        /// A range, where the view compares one revision with the folder as it is now.
        case range(revision: String)
        /// The history cannot be read as asked.
        case history(GitError)
        /// What a device is told for a revision it may not ask for, or that is not there.
        case notForDevice(revision: String)

        /// What names nothing here is not found (a revision, or any history
        /// at all), what cannot be a revision is a bad request, git too slow
        /// is a gateway's timeout, a daemon stopping is unavailable, and git
        /// failing is the server's.
        var status: Int {
            switch self {
            case .range: 400
            case .notForDevice: 404
            case .history(let error):
                switch error {
                case .noFolder, .notAWorkTree, .foreignGitDirectory, .noSuchRevision: 404
                case .notARevision, .notARevisionOrRange, .searchingRevision, .noCommonAncestor: 400
                case .timedOut: 504
                case .unpacking(.removed): 503
                case .tooLarge, .gitFailed, .cannotRun, .signalled, .unpacking: 500
                }
            }
        }

        /// Never what git said, which may name the author's paths: a page on another device reads it.
        var reason: String {
            switch self {
            case .range(let revision):
                "'\(revision)' is a range; the changes view compares one revision with the folder as it is now "
                    + "(galley diff compares ranges)"
            case .history(let error): error.description
            case .notForDevice(let revision): "no revision '\(revision)' to compare with"
            }
        }
    }

    /// The request for the `since` parameter; HEAD when it is missing or empty.
    /// A range is refused: the view's newer side is always the folder as it is now.
    /// A device may name only HEAD and the commits before it, or a commit by
    /// its id: a branch or tag name that exists would be answered differently
    /// from one that does not, and tell the device the repository's names.
    static func read(since: String?, asker: Asker = .thisMachine) -> Result<ChangesRequest, Refusal> {
        let revision = since.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? defaultRevision
        let request = ChangesRequest(revision: revision, asker: asker)
        if revision.contains("..") { return .failure(request.refused(.range(revision: revision))) }
        do throws(GitError) {
            try GitHistory.check(revision)
        } catch {
            return .failure(request.refusal(for: error))
        }
        guard asker == .thisMachine || isForDevices(revision) else { return .failure(.notForDevice(revision: revision)) }
        return .success(request)
    }

    /// HEAD, `@`, either followed by `~N` and `^N` steps, or a commit id (7 to 64 hex digits).
    static func isForDevices(_ revision: String) -> Bool {
        let bytes = Array(revision.utf8)
        if (7...64).contains(bytes.count), bytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) { return true }
        let name = revision.hasPrefix("HEAD") ? "HEAD" : revision.hasPrefix("@") ? "@" : nil
        guard let name else { return false }
        return revision.dropFirst(name.count).allSatisfy { $0 == "~" || $0 == "^" || $0.isASCII && $0.isNumber }
    }

    /// How a failure of git is answered; a device gets the same answer for
    /// a revision that is not there as for one it may not ask for.
    func refusal(for error: GitError) -> Refusal {
        if case .noSuchRevision = error, asker == .device { return .notForDevice(revision: revision) }
        return refused(.history(error))
    }

    /// `refusal` for this machine; for a device, a refusal of the revision is the same as its absence.
    private func refused(_ refusal: Refusal) -> Refusal {
        asker == .device && refusal.status == 400 ? .notForDevice(revision: revision) : refusal
    }
}
