import GalleyCore

/// Which errors and warnings the daemon's log has told, so that `serve`
/// prints each problem once when it appears, however many documents show
/// it (`galley.json`'s are on every one), and again only after it went
/// away and came back.
struct DiagnosticLogBook {
    /// The problems each document shows, each once, in the order it gives
    /// them, for documents that show any. A list, not a set: a document's next
    /// version mostly shows the same problems in the same order, which one
    /// comparison of the lists tells without hashing every problem again.
    private var byDocument: [DocumentID: [Diagnostic]] = [:]
    /// How many documents show each problem.
    private var showing: [Diagnostic: Int] = [:]

    /// Records what `document` shows now; returns the problems no document
    /// showed before, in the order given.
    mutating func update(document id: DocumentID, diagnostics: [Diagnostic]) -> [Diagnostic] {
        let before = byDocument[id] ?? []
        let shown = diagnostics.filter { $0.severity != .note }
        if shown == before { return [] }
        var now: [Diagnostic] = []
        var nowSet: Set<Diagnostic> = []
        for diagnostic in shown where nowSet.insert(diagnostic).inserted { now.append(diagnostic) }
        if now == before { return [] }
        let beforeSet = Set(before)
        for gone in before where !nowSet.contains(gone) { forget(gone) }
        var appeared: [Diagnostic] = []
        for diagnostic in now where !beforeSet.contains(diagnostic) {
            let count = showing[diagnostic, default: 0]
            if count == 0 { appeared.append(diagnostic) }
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
