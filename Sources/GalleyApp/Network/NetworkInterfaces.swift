import GalleyServer
import Glibc

/// This machine's addresses on its networks, for the URLs `serve --lan` prints.
enum NetworkInterfaces {
    /// IPv4 addresses of interfaces that are up, loopback excluded, in the
    /// kernel's order (the first is usually the main network's).
    static func lanAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, let address = entry.pointee.ifa_addr,
                let peer = PeerAddress(address), !peer.isLoopback,
                Int32(address.pointee.sa_family) == AF_INET
            else { continue }
            if !addresses.contains(peer.text) { addresses.append(peer.text) }
        }
        return addresses
    }
}
