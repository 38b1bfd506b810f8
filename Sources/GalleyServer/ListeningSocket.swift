import GalleySystem
import Glibc

/// A TCP socket bound and listening, created by Galley rather than by
/// libmicrohttpd so that "port in use" comes back as a real errno.
package struct ListeningSocket: Sendable {
    package let descriptor: FileDescriptor
    package let host: String
    package let port: UInt16

    /// Binds `host` (an IPv4 or IPv6 literal) and `port` (0 picks a free one).
    package init(host: String, port: UInt16) throws {
        let subject = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var address4 = sockaddr_in()
        var address6 = sockaddr_in6()
        let isIPv6: Bool
        if inet_pton(AF_INET, host, &address4.sin_addr) == 1 {
            isIPv6 = false
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &address6.sin6_addr) == 1 {
            isIPv6 = true
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = port.bigEndian
        } else {
            throw SystemCallError(call: "inet_pton", path: host, errno: EINVAL)
        }
        let descriptor = FileDescriptor(
            rawValue: try retryingOnInterrupt("socket", path: subject) {
                socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
        do {
            var enable: Int32 = 1
            // Lets a restarted daemon take its port back from TIME_WAIT
            // connections; it does not allow two live listeners.
            setsockopt(descriptor.rawValue, SOL_SOCKET, SO_REUSEADDR, &enable, socklen_t(MemoryLayout<Int32>.size))
            if isIPv6 { setsockopt(descriptor.rawValue, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &enable, socklen_t(MemoryLayout<Int32>.size)) }
            try retryingOnInterrupt("bind", path: subject) {
                isIPv6
                    ? withUnsafePointer(to: &address6) { pointer in
                        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            bind(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                        }
                    }
                    : withUnsafePointer(to: &address4) { pointer in
                        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            bind(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
            }
            try retryingOnInterrupt("listen", path: subject) { listen(descriptor.rawValue, 1024) }
            var bound = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            try retryingOnInterrupt("getsockname", path: subject) {
                withUnsafeMutablePointer(to: &bound) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor.rawValue, $0, &length) }
                }
            }
            let boundPort = withUnsafePointer(to: &bound) { pointer in
                isIPv6
                    ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                    : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
            self.descriptor = descriptor
            self.host = host
            self.port = boundPort
        } catch {
            descriptor.close()
            throw error
        }
    }

    /// The origin a browser uses for this socket: `http://127.0.0.1:8080`.
    package var origin: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}
