import GalleyCore

/// The app's strings as the content folder holds them now: each strings
/// file's last reading, the strings they make together, and what
/// `AppStringsCheck` finds in them under the current `galley.json`.
struct AppStringsTracker {
    private var readings: [String: AppStrings.FileReading] = [:]
    private(set) var strings = AppStrings()
    private(set) var findings = AppStringsCheck.Findings()

    /// Reads the files at `paths` again (`contents` gives nil for one that
    /// is gone) and checks the strings under `config`, for an app localised
    /// into `contentLanguages`; returns whether the strings or the findings changed.
    mutating func update(_ paths: Set<String>, config: GalleyConfig, contentLanguages: Set<String>,
                         contents: (String) -> Result<[UInt8], Error>?) -> Bool {
        for path in paths {
            switch contents(path) {
            case nil:
                readings[path] = nil
            case .success(let bytes)?:
                readings[path] = AppStringsFile.read(bytes, path: path)
            case .failure(let error)?:
                readings[path] = AppStrings.FileReading(diagnostics: [
                    Diagnostic(path: path, id: .unreadableFile, at: .start, severity: .error, message: "cannot read '\(path)': \(error)"),
                ])
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
