/// A path from the file system's root, as the command line, the editor or
/// the system gives it; content is named by `RelativePath` once it is
/// known to be inside the content folder.
public struct AbsolutePath: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
