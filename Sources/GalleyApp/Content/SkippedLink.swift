/// Why a path in the content folder was not read, where Galley says so:
/// the terminal, the document list and `galley check`.
enum SkippedLink: String {
    /// A symlink whose target lies outside the content folder: Galley reads
    /// nothing beyond the folder, whatever leads there.
    case leadsOutside = "link-leads-outside"

    /// One line about `path` (relative to the content folder).
    func sentence(about path: String) -> String {
        switch self {
        case .leadsOutside: "skipped '\(path)': a symbolic link that leads outside the content folder, which Galley never reads"
        }
    }
}
