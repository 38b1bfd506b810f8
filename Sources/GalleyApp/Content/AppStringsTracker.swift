import GalleyCore

/// The app's strings as the content folder holds them now: each strings
/// file's last reading, the strings they make together, and what
/// `AppStringsCheck` finds in them under the current `galley.json`.
///
/// Reading a large strings file, and putting together and checking strings
/// that hold one, cost in proportion to that file: where the workspace can,
/// such an update runs aside (`SlowWork`), one at a time, and what changes
/// meanwhile is read by the next one.
struct AppStringsTracker: Sendable {
    private var readings: [RelativePath: AppStrings.FileReading] = [:]
    /// The strings files that were large when last read (`SourceCache.isLarge`).
    private var largeFiles: Set<RelativePath> = []
    private(set) var strings = AppStrings()
    private(set) var findings = AppStringsCheck.Findings()
    /// The ticket of the update out aside, if one is, and the files it reads.
    private var updateInBackground: Int?
    private var pathsInBackground: Set<RelativePath> = []
    private var lastTicket = 0
    /// What changed while an update was out: read by the next one.
    private var wanted: Set<RelativePath>?

    /// What `update` did.
    enum Outcome {
        /// The strings or the findings changed, or did not.
        case done(changed: Bool)
        /// The update is to run on the slow lane; `finish` takes it in.
        case background(Update)
        /// An update is out aside: this one follows it.
        case waiting
    }

    /// An update of the strings, ready to run anywhere; `run` fills in what it made.
    struct Update: Sendable {
        /// The strings files read again.
        let paths: Set<RelativePath>
        fileprivate let config: GalleyConfig
        fileprivate let contentLanguages: Set<String>
        fileprivate let source: SourceCache.FileSource
        fileprivate let ticket: Int
        /// The tracker to update; once run, updated.
        fileprivate var tracker: AppStringsTracker
        /// Once run: whether the strings or the findings changed.
        fileprivate var changed = false

        /// Reads the files and checks the strings again.
        func run() -> SlowWork.Done {
            var done = self
            done.changed = done.tracker.apply(paths, config: config, contentLanguages: contentLanguages, source: source)
            return .appStrings(done)
        }
    }

    /// Reads the files at `paths` again (`source` gives nil for one that is
    /// gone) and checks the strings under `config`, for an app localised
    /// into `contentLanguages`. With `readingInBackground`, an update that reads
    /// or holds a large file is handed back to run aside.
    mutating func update(
        _ paths: Set<RelativePath>, config: GalleyConfig, contentLanguages: Set<String>,
        source: SourceCache.FileSource, readingInBackground: Bool = false
    ) -> Outcome {
        if updateInBackground != nil {
            wanted = (wanted ?? []).union(paths)
            return .waiting
        }
        guard readingInBackground, !largeFiles.isEmpty || paths.contains(where: source.isLarge) else {
            return .done(changed: apply(paths, config: config, contentLanguages: contentLanguages, source: source))
        }
        lastTicket += 1
        updateInBackground = lastTicket
        pathsInBackground = paths
        // The update runs on a copy: until it is back, pages keep these strings.
        var tracker = self
        tracker.updateInBackground = nil
        tracker.wanted = nil
        return .background(
            Update(
                paths: paths, config: config, contentLanguages: contentLanguages, source: source, ticket: lastTicket,
                tracker: tracker))
    }

    /// Whether the strings file at `path` is read aside now, or waits for
    /// the update out to be back: what is known of it is not its latest.
    func isReadingInBackground(_ path: RelativePath) -> Bool {
        updateInBackground != nil && (pathsInBackground.contains(path) || wanted?.contains(path) == true)
    }

    /// Takes in an update that ran aside; returns whether the strings or the
    /// findings changed, and the files changed meanwhile, to update again.
    mutating func finish(_ update: Update) -> (changed: Bool, wanted: Set<RelativePath>?) {
        guard updateInBackground == update.ticket else { return (false, nil) }
        let wanted = self.wanted
        self = update.tracker
        return (update.changed, wanted)
    }

    /// Reads the files and checks the strings again, in place.
    private mutating func apply(
        _ paths: Set<RelativePath>, config: GalleyConfig, contentLanguages: Set<String>,
        source: SourceCache.FileSource
    ) -> Bool {
        for path in paths {
            switch source.existingContents(of: path) {
            case nil:
                readings[path] = nil
                largeFiles.remove(path)
            case .success(let bytes)?:
                readings[path] = AppStringsFile.read(bytes, path: path)
                if SourceCache.isLarge(size: bytes.count) { largeFiles.insert(path) } else { largeFiles.remove(path) }
            case .failure(let error)?:
                readings[path] = AppStrings.FileReading(
                    path: path,
                    diagnostics: [
                        Diagnostic(
                            path: path, id: .unreadableFile, at: .start, severity: .error,
                            message: "cannot read '\(path)': \(error)")
                    ])
                largeFiles.remove(path)
            }
        }
        let strings = paths.isEmpty ? self.strings : AppStrings(files: readings)
        let files = readings.keys.sorted().flatMap { readings[$0]?.diagnostics ?? [] }
        let findings = AppStringsCheck.findings(strings, files: files, config: config, contentLanguages: contentLanguages)
        let changed = strings != self.strings || findings != self.findings
        self.strings = strings
        self.findings = findings
        return changed
    }
}
