/// What breaks a binary property list's structure where the reader
/// stopped; the author's one-line reason is made from the case.
package enum BinaryPropertyListMistake: Equatable, Sendable, CustomStringConvertible {
    /// Too short, or no `bplist0` header.
    case notBinaryPropertyList
    case trailerSizes
    case trailerDoesNotFit
    case integerPastEnd
    case objectOutsideArea(index: Int)
    case objectContainsItself(index: Int)
    case unknownMarker(UInt8)
    case integerLongerThan8Bytes
    case realSize(bytes: Int)
    case dataPastEnd
    case stringPastEnd
    /// A dictionary key that is a value of another type, named as a message names it (`a number`).
    case keyNotString(type: String)
    case lengthNotInteger
    case lengthBeyondFile(UInt64)
    case referencesPastEnd
    case referenceOutOfRange(index: UInt64, objectCount: Int)

    package var description: String {
        switch self {
        case .notBinaryPropertyList: "not a binary property list (too short or no 'bplist0' header)"
        case .trailerSizes: "the trailer's offset or reference size is not 1 to 8 bytes"
        case .trailerDoesNotFit: "the trailer's object count, top object or offset table does not fit the file"
        case .integerPastEnd: "an integer runs past the end of the file"
        case .objectOutsideArea(let index): "object \(index) lies outside the object area"
        case .objectContainsItself(let index): "object \(index) contains itself"
        case .unknownMarker(let marker): "unknown object marker 0x\(String(marker, radix: 16))"
        case .integerLongerThan8Bytes: "integers of more than 8 bytes are not supported"
        case .realSize(let bytes): "reals of \(bytes) bytes are not supported"
        case .dataPastEnd: "data runs past the end of the file"
        case .stringPastEnd: "a string runs past the end of the file"
        case .keyNotString(let type): "a dictionary key is \(type), not a string"
        case .lengthNotInteger: "a length is not an integer object"
        case .lengthBeyondFile(let count): "a length of \(count) is longer than the file"
        case .referencesPastEnd: "a collection's references run past the end of the file"
        case .referenceOutOfRange(let index, let objectCount): "a reference to object \(index) of \(objectCount)"
        }
    }
}
