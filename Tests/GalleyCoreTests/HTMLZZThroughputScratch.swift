import Foundation
import XCTest
@testable import GalleyCore

final class HTMLZZThroughputScratch: XCTestCase {
    func testThroughput() {
        let unit = "<h2>Section</h2>\n<p class=\"body\">Some <b>bold</b> and <a href=\"https://x.test/\">linked</a> text &amp; more, 日本語のテキスト.</p>\n<ul><li>one</li><li>two <i>three</i></li></ul>\n<table><tr><td>a</td><td style=\"color:red\">b</td></tr></table>\n"
        let bytes = Array(String(repeating: unit, count: 8_000).utf8)
        let start = Date()
        let result = HTMLDocumentReader.read(bytes, path: "big.html")
        let seconds = Date().timeIntervalSince(start)
        print("THROUGHPUT \(Double(bytes.count) / 1_000_000 / seconds) MB/s over \(bytes.count) bytes, \(result.document.blocks.count) blocks")
    }
}
