import Dispatch
import GalleySystem
import Glibc

/// Opens a URL in the user's browser without waiting for it. xdg-open's
/// own messages (a page of shell errors when there is no browser) are not
/// shown; when it fails, Galley says what failed and the URL to open.
enum BrowserOpener {
    /// Why the preview was not opened, from what starting or waiting for xdg-open said.
    enum Failure: Equatable, CustomStringConvertible {
        /// xdg-open could not be started (not installed, no room for a process).
        case cannotStart(errno: Int32)
        /// A signal stopped it.
        case signalled(Int32)
        /// It found no browser (its exit status 3).
        case noBrowser
        /// The browser it started failed (its exit status 4).
        case browserFailed
        /// Any other exit status but 0.
        case exited(Int32)

        /// The failure a wait status of xdg-open says, or nil for success.
        init?(waitStatus status: Int32) {
            guard status & 0x7F == 0 else {
                self = .signalled(status & 0x7F)
                return
            }
            switch (status >> 8) & 0xFF {
            case 0: return nil
            case 3: self = .noBrowser
            case 4: self = .browserFailed
            case let code: self = .exited(code)
            }
        }

        var description: String {
            switch self {
            case .cannotStart(let code): "cannot run xdg-open (\(String(cString: strerror(code))))"
            case .signalled(let signal): "xdg-open was stopped by signal \(signal)"
            case .noBrowser: "xdg-open found no browser to open the preview with (exit status 3)"
            case .browserFailed: "the browser that xdg-open started failed (exit status 4)"
            case .exited(let code): "xdg-open failed (exit status \(code))"
            }
        }
    }

    static func open(_ url: String) {
        let (child, status) = ProcessSignals.spawn(["xdg-open", url], silenced: true)
        guard status == 0 else { return warn(.cannotStart(errno: status), url) }
        DispatchQueue.global().async {
            var exitStatus: Int32 = 0
            guard (try? retryingOnInterrupt("waitpid", { waitpid(child, &exitStatus, 0) })) != nil else { return }
            if let failure = Failure(waitStatus: exitStatus) { warn(failure, url) }
        }
    }

    private static func warn(_ failure: Failure, _ url: String) {
        Console.error("galley: warning: --open: \(failure); open \(url) in a browser yourself")
    }
}
