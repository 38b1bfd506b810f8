import GalleySystem
import Glibc
import XCTest

/// Errors name the call, the path and errno, and the limits users can raise come with the way to raise them.
final class SystemCallErrorTests: XCTestCase {
    func testTheWatchLimitExplainsHowToRaiseIt() {
        let text = SystemCallError(call: "inotify_add_watch", path: "/x", errno: ENOSPC).description

        XCTAssertTrue(text.hasPrefix("inotify_add_watch(/x): No space left on device (errno 28)\n"), text)
        XCTAssertTrue(text.contains("fs.inotify.max_user_watches"), text)
        XCTAssertTrue(text.contains("`sudo sysctl fs.inotify.max_user_watches=524288`"), text)
        XCTAssertTrue(text.contains("/etc/sysctl.d/"), text)
    }

    func testTheInstanceLimitExplainsHowToRaiseIt() {
        let text = SystemCallError(call: "inotify_init1", path: nil, errno: EMFILE).description

        XCTAssertTrue(text.hasPrefix("inotify_init1(): Too many open files (errno 24)\n"), text)
        XCTAssertTrue(text.contains("`sudo sysctl fs.inotify.max_user_instances=1024`"), text)
        XCTAssertTrue(text.contains("ulimit -n"), text)
    }

    func testOtherErrorsAreOneLine() {
        XCTAssertEqual(
            SystemCallError(call: "opendir", path: "/x/y", errno: EACCES).description,
            "opendir(/x/y): Permission denied (errno 13)")
    }
}
