extension AbsolutePath {
    /// The file at `path` in this folder.
    func joined(_ path: RelativePath) -> AbsolutePath {
        AbsolutePath(rawValue: rawValue.slashJoined(path.rawValue))
    }
}
