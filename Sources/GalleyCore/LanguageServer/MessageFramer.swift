/// Splits the Language Server Protocol's byte stream into message bodies.
///
/// Each message is a header block (`Content-Length: N`, `\r\n` after each
/// header, an empty line) and N bytes of JSON. A header block without a
/// valid length, or with one above `maximumContentLength`, is refused: the
/// stream cannot be trusted past it, so the framer stops.
package struct MessageFramer: Sendable {
    package enum Event: Equatable, Sendable {
        /// One message body (not yet parsed).
        case message([UInt8])
        /// The stream broke the framing; nothing after it is read.
        case refused(FramingRefusal)
    }

    /// Larger bodies are refused before they are buffered.
    package static let maximumContentLength = 64 * 1024 * 1024
    /// A header block longer than this is refused, so a peer that never
    /// sends an empty line cannot grow the buffer.
    package static let maximumHeaderLength = 8 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    private var bodyLength: Int?
    package private(set) var refusal: FramingRefusal?

    package let maximumContentLength: Int

    package init(maximumContentLength: Int = MessageFramer.maximumContentLength) {
        self.maximumContentLength = maximumContentLength
    }

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        guard refusal == nil else { return }
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, a refusal, or nil when more bytes are needed.
    package mutating func next() -> Event? {
        if let refusal { return .refused(refusal) }
        if bodyLength == nil {
            guard let headerEnd = findHeaderEnd() else {
                let limit = MessageFramer.maximumHeaderLength
                if buffer.count - start > limit { return refuse(.headerTooLong(limit: limit)) }
                return nil
            }
            switch parseHeaders(buffer[start..<headerEnd]) {
            case .failure(let refusal): return refuse(refusal)
            case .success(let length):
                bodyLength = length
                start = headerEnd + 4
            }
        }
        guard let length = bodyLength, buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        bodyLength = nil
        compact()
        return .message(body)
    }

    private mutating func refuse(_ reason: FramingRefusal) -> Event {
        refusal = reason
        buffer = []
        start = 0
        return .refused(reason)
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
            start = 0
        } else if start > 64 * 1024 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Index of the `\r\n\r\n` that ends the header block.
    private func findHeaderEnd() -> Int? {
        var index = start
        let limit = min(buffer.count, start + MessageFramer.maximumHeaderLength + 4)
        while index + 3 < limit {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    private func parseHeaders(_ block: ArraySlice<UInt8>) -> Result<Int, FramingRefusal> {
        var length: Int?
        for line in block.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = line
            guard line.last == 0x0D || line.endIndex == block.endIndex else {
                return .failure(.lineNotEndedByCRLF)
            }
            if line.last == 0x0D { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.malformedHeaderLine)
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            guard name == "content-length" else { continue }
            guard length == nil else { return .failure(.repeatedContentLength) }
            guard !value.isEmpty, value.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value) else {
                return .failure(.invalidContentLength(String(value.prefix(40))))
            }
            guard number <= maximumContentLength else {
                return .failure(.contentTooLong(number, limit: maximumContentLength))
            }
            length = number
        }
        guard let length else { return .failure(.missingContentLength) }
        return .success(length)
    }
}
