import Glibc

/// The address a request came from, as a numeric string.
package struct PeerAddress: Sendable, Equatable, Hashable {
    package var text: String
    /// 127.0.0.0/8, ::1 or an IPv4-mapped loopback address: this machine.
    package var isLoopback: Bool

    package init(text: String, isLoopback: Bool) {
        self.text = text
        self.isLoopback = isLoopback
    }

    package static let loopback = PeerAddress(text: "127.0.0.1", isLoopback: true)

    /// Reads a `sockaddr` of family AF_INET or AF_INET6; nil for anything else.
    package init?(_ address: UnsafePointer<sockaddr>) {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            var raw = ipv4.sin_addr
            guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
            isLoopback = UInt32(bigEndian: raw.s_addr) >> 24 == 127
        case AF_INET6:
            let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
            var raw = ipv6.sin6_addr
            guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
            let bytes = withUnsafeBytes(of: raw) { Array($0) }
            let isMappedIPv4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            isLoopback = bytes == [UInt8](repeating: 0, count: 15) + [1] || (isMappedIPv4 && bytes[12] == 127)
        default:
            return nil
        }
        text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
