import Foundation

/// What the changes view of `galley serve` asks for (`/api/changes?since=REV`),
/// read from the query, and the HTTP status each failure is answered with.
struct ChangesRequest: Equatable {
    /// What a view with no `since` compares with: the last commit.
    static let defaultRevision = "HEAD"

    /// The revision as the page named it, shown in the page's headline.
    var revision: String

    /// A request that cannot be answered, with its status and the reason the page shows.
    struct Refusal: Error, Equatable {
        var status: Int
        var reason: String
    }

    /// The request for the `since` parameter; HEAD when it is missing or empty.
    /// A range is refused: the view's newer side is always the folder as it is now.
    static func read(since: String?) -> Result<ChangesRequest, Refusal> {
        let revision = since.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? defaultRevision
        if revision.contains("..") {
            return .failure(Refusal(status: 400, reason: "'\(revision)' is a range; the changes view compares one revision with the folder as it is now (galley diff compares ranges)"))
        }
        guard !revision.hasPrefix("-"), !revision.contains(where: { $0.isNewline || $0 == "\0" }) else {
            return .failure(Refusal(status: 400, reason: "'\(revision)' is not a revision"))
        }
        return .success(ChangesRequest(revision: revision))
    }

    /// How a failure of git is answered: what names nothing here is not
    /// found (a revision, or any history at all), what cannot be a revision
    /// is a bad request, and git failing is the server's.
    static func refusal(for error: GitHistory.GitError) -> Refusal {
        switch error.problem {
        case .notAWorkTree, .noSuchRevision: Refusal(status: 404, reason: error.description)
        case .notARevision: Refusal(status: 400, reason: error.description)
        case .gitFailed: Refusal(status: 500, reason: error.description)
        }
    }
}
