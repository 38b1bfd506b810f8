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

    /// A request that cannot be answered, with its status and the reason the page shows.
    struct Refusal: Error, Equatable {
        var status: Int
        var reason: String
    }

    /// The request for the `since` parameter; HEAD when it is missing or empty.
    /// A range is refused: the view's newer side is always the folder as it is now.
    /// A device may name only HEAD and the commits before it, or a commit by
    /// its id: a branch or tag name that exists would be answered differently
    /// from one that does not, and tell the device the repository's names.
    static func read(since: String?, asker: Asker = .thisMachine) -> Result<ChangesRequest, Refusal> {
        let revision = since.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? defaultRevision
        let request = ChangesRequest(revision: revision, asker: asker)
        if revision.contains("..") {
            let reason = "'\(revision)' is a range; the changes view compares one revision with the folder as it is now (galley diff compares ranges)"
            return .failure(request.refusal(status: 400, reason))
        }
        do throws(GitError) {
            try GitHistory.check(revision)
        } catch {
            return .failure(request.refusal(for: error))
        }
        guard asker == .thisMachine || isForDevices(revision) else { return .failure(request.notForDevice) }
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

    /// How a failure of git is answered: what names nothing here is not
    /// found (a revision, or any history at all), what cannot be a revision
    /// is a bad request, git too slow is a gateway's timeout, and git failing
    /// is the server's. A device gets the same answer for a revision that is
    /// not there as for one it may not ask for.
    func refusal(for error: GitError) -> Refusal {
        switch error {
        case .noFolder, .notAWorkTree, .foreignGitDirectory: refusal(status: 404, error.description)
        case .noSuchRevision: asker == .device ? notForDevice : refusal(status: 404, error.description)
        case .notARevision, .notARevisionOrRange, .searchingRevision, .noCommonAncestor: refusal(status: 400, error.description)
        case .timedOut: refusal(status: 504, error.description)
        case .tooLarge, .gitFailed: refusal(status: 500, error.description)
        }
    }

    /// What a device is told for a revision it may not ask for, or that is not there.
    private var notForDevice: Refusal {
        Refusal(status: 404, reason: "no revision '\(revision)' to compare with")
    }

    /// `reason` for this machine; for a device, a refusal of the revision is the same as its absence.
    private func refusal(status: Int, _ reason: String) -> Refusal {
        asker == .device && status == 400 ? notForDevice : Refusal(status: status, reason: reason)
    }
}
