import GalleyCore

/// Why a file could not be drawn. Some reasons belong to the file and
/// hold until its bytes change; others to the moment (`isLasting`), and
/// asking again may succeed.
package enum PictureFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// libvips did not start: a broken install, the same for every file.
    case libvipsUnavailable
    /// More different pictures were waiting than the maker queues.
    case tooManyWaiting
    /// The file could not be read (it was gone, or replaced, for a moment).
    case unreadable
    /// The header refuses decoding: no known image, or a decompression bomb.
    case header(ImageHeaderProblem)
    /// Decoding takes more memory than pictures are given.
    case overDecodeBudget(bytes: Int)
    /// The decoder failed, in its own words.
    case decoder(complaint: String)
    /// The decoder failed on a file whose header this reader could not use either: the header's problem is the clearer.
    case decoderAfterHeader(ImageHeaderProblem, complaint: String)

    /// Whether the same bytes would fail again, so the failure may be kept and reported as the file's.
    package var isLasting: Bool {
        switch self {
        case .tooManyWaiting, .unreadable: false
        case .libvipsUnavailable, .header, .overDecodeBudget, .decoder, .decoderAfterHeader: true
        }
    }

    package var description: String {
        switch self {
        case .libvipsUnavailable: "libvips could not start"
        case .tooManyWaiting: "too many pictures are waiting to be drawn; try again"
        case .unreadable: "the file cannot be read"
        case .header(let problem): problem.description
        case .overDecodeBudget(let bytes): DecodeCost.refusal(bytes: bytes)
        case .decoder(let complaint): complaint
        case .decoderAfterHeader(let problem, let complaint): "\(problem) (\(complaint))"
        }
    }
}
