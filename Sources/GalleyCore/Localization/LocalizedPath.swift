/// Where a file sits among an app's localisations: files with the same name
/// in sibling `*.lproj` folders (`Resources/ja.lproj/data.json`,
/// `Resources/en.lproj/data.json`) are copies of one another.
package struct LocalizedPath: Hashable, Sendable {
    /// The same for every localisation of a file: its path with the
    /// language folder written `*.lproj`.
    package var group: String
    /// The folder's language as written (`ja`, `zh-Hans`, `Base`), with
    /// Xcode's underscore spelling of regions (`pt_BR`) as a hyphen.
    package var language: String

    /// The innermost `.lproj` folder of `path` (relative to the content
    /// folder); nil when the file is in none.
    package init?(_ path: String) {
        // Most paths are in no `.lproj` folder: told without splitting them
        // (every file of the folder is asked this several times at start-up).
        guard RelativePath.mayHaveExtension(path, "lproj") else { return nil }
        var components = path.splitAtSlashes(omittingEmptyParts: false)
        guard components.count >= 2,
            let index = components.dropLast().lastIndex(where: { RelativePath.hasExtension($0, in: ["lproj"]) })
        else { return nil }
        let folder = components[index]
        language = String(folder.dropLast(".lproj".count).map { $0 == "_" ? "-" : $0 })
        guard !language.isEmpty else { return nil }
        components[index] = "*.lproj"
        group = components.joined(separator: "/")
    }

    /// `Base.lproj` holds the development language's interface, not a language of its own.
    package var isBase: Bool { language.lowercased() == "base" }
}
