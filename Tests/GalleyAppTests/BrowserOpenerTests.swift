import Glibc
import XCTest

@testable import GalleyApp

/// What xdg-open's wait status says: nothing for success, and each way it
/// fails as its own case, with its own advice.
final class BrowserOpenerTests: XCTestCase {
    func testEachWaitStatusIsItsOwnFailure() {
        XCTAssertNil(BrowserOpener.Failure(waitStatus: 0))
        XCTAssertEqual(BrowserOpener.Failure(waitStatus: 3 << 8), .noBrowser)
        XCTAssertEqual(BrowserOpener.Failure(waitStatus: 4 << 8), .browserFailed)
        XCTAssertEqual(BrowserOpener.Failure(waitStatus: 2 << 8), .exited(2))
        XCTAssertEqual(BrowserOpener.Failure(waitStatus: SIGKILL), .signalled(SIGKILL))
        XCTAssertEqual("\(BrowserOpener.Failure.cannotStart(errno: ENOENT))", "cannot run xdg-open (No such file or directory)")
    }
}
