import GalleyCore

/// What the terminal is told of the problems one change brought (the
/// start-up's load, a save): each of them when they are few; else how many
/// of each identifier, the first few of each, and where to see them all.
/// A folder of 2,000 documents with a warning each, or one large file saved
/// before its images, would otherwise print thousands of lines and bury the
/// address and every later line.
struct ProblemDigest: Equatable {
    /// The most problems told in full for one change.
    static let mostShown = 20
    /// How many of each identifier are told in full when they are not all told.
    static let firstOfEach = 3

    /// The problems told in full: in the order given, or when cut short errors first, then by file and place.
    let shown: [Diagnostic]
    /// The line before them when some are not told: the count of each identifier; nil when all are told.
    let heading: String?
    /// The line after them when some are not told: how many, and where to see them; nil when all are told.
    let remainder: String?

    /// The digest of `problems`; `seeAll` says where every problem is listed (a command, the page).
    init(_ problems: [Diagnostic], seeAll: String) {
        guard problems.count > Self.mostShown else {
            shown = problems
            heading = nil
            remainder = nil
            return
        }
        // Errors first: a file that does not parse matters more than a thousand
        // warnings; then by file and place, so the first of each are the folder's first.
        func key(_ problem: Diagnostic) -> (Int, RelativePath, SourceLocation) {
            (problem.severity == .error ? 0 : 1, problem.path, problem.location)
        }
        let ordered = problems.sorted { key($0) < key($1) }
        var order: [DiagnosticID] = []
        var byIdentifier: [DiagnosticID: [Diagnostic]] = [:]
        for problem in ordered {
            if byIdentifier[problem.id] == nil { order.append(problem.id) }
            byIdentifier[problem.id, default: []].append(problem)
        }
        var shown: [Diagnostic] = []
        for id in order {
            let room = Self.mostShown - shown.count
            guard room > 0 else { break }
            shown += (byIdentifier[id] ?? []).prefix(min(room, Self.firstOfEach))
        }
        let errors = problems.count { $0.severity == .error }
        let counts = order.map { "\($0.rawValue) \(byIdentifier[$0]?.count ?? 0)" }.joined(separator: ", ")
        self.shown = shown
        heading =
            "\(problems.count) new problems (\(Self.counted(errors, "error")), \(Self.counted(problems.count - errors, "warning"))): "
            + "\(counts)"
        remainder = "\(problems.count - shown.count) more not shown here; \(seeAll)"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
