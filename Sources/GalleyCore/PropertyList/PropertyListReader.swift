/// Reads a property list, XML or binary, into the same positioned tree the
/// JSON reader makes, so a `.plist` data file is read by the same rules as
/// a JSON one. Foundation's `PropertyListSerialization` forgets positions.
///
/// Dictionaries become objects, arrays arrays, strings strings, integers and
/// reals numbers, booleans booleans; dates become their ISO 8601 text and
/// data its Base64 text, as neither can hold an article's text.
package enum PropertyListReader {
    /// Deeper lists are refused instead of exhausting the stack.
    package static let maximumDepth = 512

    /// The most values one file may expand to (a binary list's shared
    /// objects counted at every reference): far more than any content file
    /// holds, far less than what exhausts memory.
    package static let maximumValues = 500_000

    /// The most bytes of text (strings, keys, dates, data as Base64) a file
    /// of `fileSize` bytes may expand to, a binary list's shared string
    /// counted at every reference: room for a writer's sharing of repeated
    /// keys and values, never for the thousands of copies of one long
    /// string that consumers would render one by one.
    package static func maximumExpandedBytes(fileSize: Int) -> Int {
        expansionFactor * fileSize + expansionAllowance
    }

    private static let expansionFactor = 8
    private static let expansionAllowance = 1 << 20

    package enum Form: Sendable, Equatable {
        case xml
        /// Positions are byte offsets of the objects.
        case binary
    }

    /// Whether `bytes` start as a binary property list does.
    package static func form(of bytes: [UInt8]) -> Form {
        bytes.starts(with: Array("bplist".utf8)) ? .binary : .xml
    }

    package static func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        switch form(of: bytes) {
        case .xml: XMLPropertyListReader.parse(bytes)
        case .binary: BinaryPropertyListReader.parse(bytes)
        }
    }
}
