import Foundation
import GalleyTestSupport
import XCTest

@testable import GalleyCore

/// The guarantees that make an author's HTML safe to show in the preview page:
/// whatever the file holds, the rendering runs no script, loads nothing remote
/// and submits nothing.
final class HTMLSanitisingTests: XCTestCase {
    private typealias Support = HTMLTestSupport

    private func hostileResult() throws -> (document: Document, diagnostics: [Diagnostic], html: String) {
        let url = GoldenFile.folder.appendingPathComponent("html/hostile.html")
        let bytes = [UInt8](try Data(contentsOf: url))
        let result = HTMLDocumentReader.read(bytes, path: "hostile.html")
        return (result.document, result.diagnostics, Support.rendered(result.document))
    }

    func testRenderingOfHostileFileHasNoScriptHandlersOrRemoteLoads() throws {
        let html = try hostileResult().html.lowercased()
        for forbidden in [
            "<script", "javascript:", "vbscript:", "<iframe", "<object", "<embed", "<svg", "<math", "<form",
            "<input", "<button", "<style", "<link", "<meta", "<base", "<video", "<audio", "<template",
            "evil.example", "expression(", "url(", "data:text", "data:image/svg", "file:",
        ] {
            XCTAssertFalse(html.contains(forbidden), "rendering contains '\(forbidden)'")
        }
        XCTAssertNil(html.firstMatch(of: try Regex(#"\son[a-z]+\s*="#)), "rendering has an event handler attribute")
        XCTAssertNil(html.firstMatch(of: try Regex(#"src="(?!data:image/(png|jpeg|gif|webp);)"#)), "rendering loads a non-embedded source")
        for script in [
            "document.cookie", "alert('body')", "alert('svg script')", "alert('math')", "alert('template')",
            "alert('comment')", "alert('cdata')", "alert(&#39;comment&#39;)", "alert(&#39;template&#39;)",
        ] {
            XCTAssertFalse(html.contains(script), "script text '\(script)' leaked into the rendering")
        }
    }

    func testHostileFileKeepsItsVisibleTextAndSafeLink() throws {
        let result = try hostileResult()
        let text = RTFTestSupport.plainText(result.document)
        for visible in ["Visible text", "js link", "mixed case", "safe link", "Press", "stays text", "attribute breakout", "End"] {
            XCTAssertTrue(text.contains(visible), "missing '\(visible)' in \(text)")
        }
        for invisible in [
            "frame fallback", "object fallback", "svg html", "template text", "noscript text",
            "display none text", "hidden attribute text", "video fallback", "typed",
        ] {
            XCTAssertFalse(text.contains(invisible), "'\(invisible)' should not be shown")
        }
        XCTAssertTrue(text.contains("<script>alert('escaped')</script>"))
        XCTAssertEqual(RTFTestSupport.links(result.document).map(\.target), ["https://example.com/"])
        XCTAssertEqual(RTFTestSupport.images(result.document).map(\.source), [.file("local.png")])
        XCTAssertEqual(result.document.title, "Hostile")
    }

    func testRefusedLoadsAreDiagnosed() throws {
        let messages = try hostileResult().diagnostics.map(\.message)
        XCTAssertTrue(messages.contains("remote image 'https://evil.example/pixel.gif' is not loaded"), "\(messages)")
        XCTAssertTrue(messages.contains("remote image '//evil.example/protocol-relative.png' is not loaded"))
        XCTAssertTrue(messages.contains("remote image '\\\\evil.example\\backslashes.png' is not loaded"))
        XCTAssertTrue(messages.contains("embedded image of type 'image/svg+xml' is not shown"))
        XCTAssertTrue(messages.contains { $0.hasPrefix("link 'javascript:alert('a')' is not kept") })
        XCTAssertTrue(messages.contains { $0.hasPrefix("image source 'file:///etc/passwd' is not loaded") })
    }

    func testLinksWithUnsafeSchemesKeepTheirTextWithoutALink() {
        for href in [
            "javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "vbscript:x", "data:text/html,x", "jav&#x0A;ascript:x",
        ] {
            let result = Support.read("<a href=\"\(href)\">text</a>")
            XCTAssertEqual(RTFTestSupport.plainText(result.document), "text")
            XCTAssertTrue(RTFTestSupport.links(result.document).isEmpty, href)
        }
    }

    func testTextThatLooksLikeMarkupIsEscapedInTheRendering() {
        let html = Support.rendered(Support.read("<p>&lt;img src=x onerror=alert(1)&gt; &amp;amp;</p>").document)
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp;amp;"), html)
    }
}
