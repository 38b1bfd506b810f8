/// A path from the file system's root, as the command line, the editor or
/// the system gives it; content is named by `RelativePath` once it is
/// known to be inside the content folder.
package struct AbsolutePath: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }
}
