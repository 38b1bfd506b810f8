/// Why a command's output file or folder (`render -o`, `diff -o`) was not written.
package enum OutputWriteError: Error, CustomStringConvertible, Sendable {
    /// The output folder, or a folder in it, is a symbolic link: it could lead anywhere, so nothing is written through it.
    case symbolicLink(path: String)
    /// Something other than a folder is where a folder must be.
    case notFolder(path: String)
    /// A name to write that is empty, `.`, `..`, absolute or holds a NUL: it would not stay beneath the output folder.
    case unsafeName(path: String)
    /// A system call failed (a full disk, no permission…).
    case failed(SystemCallError)

    package var description: String {
        switch self {
        case .symbolicLink(let path): "'\(path)' is a symbolic link; Galley writes only into real folders"
        case .notFolder(let path): "'\(path)' is not a folder"
        case .unsafeName(let path): "'\(path)' does not name a file beneath the output folder"
        case .failed(let error): "\(error)"
        }
    }
}
