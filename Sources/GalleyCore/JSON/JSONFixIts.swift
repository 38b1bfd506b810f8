extension FixIt {
    /// Renames an object's key where it is written (`range`, quotes
    /// included): `"colr"` → `"color"`.
    static func renamingKey(_ key: String, at range: SourceRange, to name: String) -> FixIt {
        .replacing(range, with: JSONEscaping.sourceQuoted(name), message: "Change '\(key)' to '\(name)'")
    }
}
