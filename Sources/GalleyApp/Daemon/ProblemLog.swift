import GalleyCore
import GalleySystem

/// The terminal's account of the content's problems under `serve`: each new
/// error and warning once, when a change brings it (`DiagnosticLogBook`),
/// as a digest when there are many (`ProblemDigest`), and each symlink the
/// folder's walk skipped because it leads outside.
final class ProblemLog: Sendable {
    private let log: Log
    /// Where the author sees every problem when the log tells only some.
    private let seeAll: String
    private let sent = Locked(Told())

    private struct Told {
        var book = DiagnosticLogBook()
        var linksLeadingOutside: Set<String> = []
    }

    init(log: Log, seeAll: String) {
        self.log = log
        self.seeAll = seeAll
    }

    /// Prints the problems that `changed` documents show and no document showed before.
    func record(changed: [PublishedDocument], removed: [DocumentID]) {
        let appeared = sent.withLock { sent in
            for id in removed { sent.book.remove(document: id) }
            return changed.flatMap { document in
                sent.book.update(document: document.id, diagnostics: document.diagnostics.map(\.diagnostic))
            }
        }
        tell(appeared)
    }

    /// Problems shown even with `--quiet`, in the form editors and `galley check`
    /// use (`path:line:column: severity: message`): all of them when they are
    /// few, else a digest that says where to see the rest.
    private func tell(_ problems: [Diagnostic]) {
        guard !problems.isEmpty else { return }
        let digest = ProblemDigest(problems, seeAll: seeAll)
        if let heading = digest.heading { log.write(heading) }
        for problem in digest.shown { Console.error(TerminalText.shown(problem.formatted)) }
        if let remainder = digest.remainder { log.write(remainder) }
    }

    /// Prints each of `links` that the last walk did not skip already.
    func skipped(linksLeadingOutside links: [String]) {
        let new = sent.withLock { sent in
            let new = links.filter { !sent.linksLeadingOutside.contains($0) }
            sent.linksLeadingOutside = Set(links)
            return new
        }
        for link in new { log.warning(SkippedLink.leadsOutside.sentence(about: link)) }
    }
}
