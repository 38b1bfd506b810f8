import GalleyCore

/// Which errors and warnings the daemon's log has told, so that `serve`
/// prints each problem once when it appears, however many documents show
/// it (`galley.json`'s are on every one), and again only after it went
/// away and came back.
struct DiagnosticLogBook {
    /// The problems each document shows, for documents that show any.
    private var byDocument: [DocumentID: Set<Diagnostic>] = [:]
    /// How many documents show each problem.
    private var showing: [Diagnostic: Int] = [:]

    /// Records what `document` shows now; returns the problems no document
    /// showed before, in the order given.
    mutating func update(document id: DocumentID, diagnostics: [Diagnostic]) -> [Diagnostic] {
        let now = Set(diagnostics.filter { $0.severity != .note })
        let before = byDocument[id] ?? []
        guard now != before else { return [] }
        for gone in before.subtracting(now) { forget(gone) }
        var appeared: [Diagnostic] = []
        for diagnostic in diagnostics where now.contains(diagnostic) && !before.contains(diagnostic) {
            let count = showing[diagnostic, default: 0]
            if count == 0, !appeared.contains(diagnostic) { appeared.append(diagnostic) }
            showing[diagnostic] = count + 1
        }
        byDocument[id] = now.isEmpty ? nil : now
        return appeared
    }

    mutating func remove(document id: DocumentID) {
        for gone in byDocument.removeValue(forKey: id) ?? [] { forget(gone) }
    }

    private mutating func forget(_ diagnostic: Diagnostic) {
        let count = showing[diagnostic, default: 1] - 1
        showing[diagnostic] = count > 0 ? count : nil
    }
}
