import Foundation
import GalleyCore
import XCTest

/// The asset graph: names through group folders and namespaces, colour sets
/// in every notation, and the warnings an author gets.
final class AssetCatalogTests: XCTestCase {
    private let iPhone = PreviewDevice.forWidth(390).traits(appearance: .light)
    private let iPhoneDark = PreviewDevice.forWidth(390).traits(appearance: .dark)
    private let iPad = PreviewDevice.forWidth(820).traits(appearance: .light)
    private let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0,
    ]

    private static let corpus = SharedCorpus.folder.appendingPathComponent("xcassets")

    private func catalog(_ files: [String: String]) -> AssetCatalog {
        var catalog = AssetCatalog()
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasSuffix("Contents.json") {
                catalog.setContents(path, Array(text.utf8))
            } else {
                catalog.setFile(path, .examine(path: path, bytes: text == "png" ? png : Array(text.utf8)))
            }
        }
        return catalog
    }

    /// actool reads a set's `contents.json` in any case on the Mac's default
    /// disk; where two spellings stand side by side, the exact one is read.
    func testContentsJSONInAnyCaseIsReadAndTheExactSpellingWins() throws {
        var catalog = AssetCatalog()
        catalog.setFile("A.xcassets/star.imageset/s.png", .examine(path: "s.png", bytes: png))
        catalog.setFile("A.xcassets/star.imageset/t.png", .examine(path: "t.png", bytes: png))
        func names(_ file: String) -> [UInt8] { Array(#"{"images": [{"filename": "\#(file)", "idiom": "universal"}]}"#.utf8) }
        XCTAssertEqual(catalog.setContents("A.xcassets/star.imageset/contents.json", names("t.png")), ["star"])
        XCTAssertEqual(catalog.image(named: "star", for: iPhone)?.path, "A.xcassets/star.imageset/t.png")
        XCTAssertEqual(catalog.setContents("A.xcassets/star.imageset/Contents.json", names("s.png")), ["star"])
        XCTAssertEqual(catalog.image(named: "star", for: iPhone)?.path, "A.xcassets/star.imageset/s.png")
        XCTAssertEqual(catalog.setContents("A.xcassets/star.imageset/CONTENTS.JSON", names("t.png")), [])
        XCTAssertEqual(catalog.image(named: "star", for: iPhone)?.path, "A.xcassets/star.imageset/s.png")
        XCTAssertTrue(AssetCatalog.isContentsFile("contents.JSON"))
        XCTAssertFalse(AssetCatalog.isContentsFile("Contents.json5"))
        // The set's warnings point at the file that was read.
        var lower = AssetCatalog()
        lower.setContents("A.xcassets/gone.imageset/contents.json", names("g.png"))
        let problem = try XCTUnwrap(lower.problems(ofImage: "gone", for: iPhone).first)
        XCTAssertEqual(problem.path, "A.xcassets/gone.imageset/contents.json")
        XCTAssertEqual(lower.remove(under: "A.xcassets/gone.imageset"), ["gone"])
        XCTAssertFalse(lower.imageNames.contains("gone"))
    }

    /// A page resolves each image for every device and appearance it can
    /// simulate: the set's files are looked up once for all of them, and
    /// each device finds what it finds asked alone.
    func testEveryDeviceIsResolvedWithOneLookUpOfTheSetsFiles() {
        let catalog = catalog([
            "A.xcassets/bird.imageset/Contents.json": #"""
            {"images": [{"filename": "b1.png", "idiom": "universal", "scale": "1x"},
              {"filename": "b2.png", "idiom": "universal", "scale": "2x"},
              {"filename": "d2.png", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]},
              {"filename": "p.png", "idiom": "ipad", "scale": "2x"}, {"idiom": "universal", "scale": "3x"}]}
            """#,
            "A.xcassets/bird.imageset/b1.png": "png", "A.xcassets/bird.imageset/b2.png": "png",
            "A.xcassets/bird.imageset/d2.png": "png", "A.xcassets/bird.imageset/p.png": "png",
            "A.xcassets/Contents.json": #"{"info": {"version": 1}}"#,
        ])
        let devices = PreviewDevice.pageTraits.map(\.traits) + [iPhone, iPhoneDark, iPad]
        let work = WorkCounter()
        let resolved = catalog.images(named: "bird", for: devices, work: work)
        // Four entries name a file; the empty 3x slot names none.
        XCTAssertEqual(work.steps, 4)
        XCTAssertEqual(resolved, devices.map { catalog.image(named: "bird", for: $0) })
        XCTAssertEqual(resolved.suffix(3).map { $0?.path.lastSlashSeparatedPart }, ["b2.png", "d2.png", "p.png"])
        XCTAssertEqual(catalog.images(named: "nothing", for: devices, work: work), devices.map { _ in nil })
        XCTAssertEqual(work.steps, 4)
    }

    func testGroupsAndNamespaces() {
        let catalog = catalog([
            "A.xcassets/Contents.json": #"{"info": {"version": 1}}"#,
            "A.xcassets/Swipe Images/Contents.json": #"{"info": {"version": 1}}"#,
            "A.xcassets/Swipe Images/mark.imageset/Contents.json": #"{"images": [{"filename": "m.png", "idiom": "universal"}]}"#,
            "A.xcassets/Swipe Images/mark.imageset/m.png": "png",
            "A.xcassets/Icons/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "A.xcassets/Icons/star.imageset/Contents.json": #"{"images": [{"filename": "s.png", "idiom": "universal"}]}"#,
            "A.xcassets/Icons/star.imageset/s.png": "png",
            "photo.png": "png",
        ])
        XCTAssertEqual(catalog.image(named: "mark", for: iPhone)?.path, "A.xcassets/Swipe Images/mark.imageset/m.png")
        XCTAssertEqual(catalog.image(named: "Icons/star", for: iPhone)?.path, "A.xcassets/Icons/star.imageset/s.png")
        XCTAssertNil(catalog.image(named: "star", for: iPhone))
        XCTAssertEqual(catalog.image(named: "photo", for: iPhone)?.path, "photo.png")
        let missing = catalog.missingImage("Icons/stra", path: "a.json", at: SourceLocation(line: 3, column: 5), naming: nil)
        XCTAssertEqual(missing.message, "no image set or image file named 'Icons/stra'; did you mean 'Icons/star'?")
        XCTAssertEqual(missing.id, .missingImage)
        XCTAssertEqual(missing.range, SourceRange(at: SourceLocation(line: 3, column: 5)))
        XCTAssertEqual(missing.fixIts, [], "without the block's naming there is nothing to rewrite")
    }

    func testNamespaceChangeRenamesEverySetBelow() {
        var catalog = catalog([
            "A.xcassets/G/Contents.json": #"{}"#,
            "A.xcassets/G/x.imageset/Contents.json": #"{"images": [{"filename": "x.png", "idiom": "universal"}]}"#,
            "A.xcassets/G/x.imageset/x.png": "png",
        ])
        let changed = catalog.setContents("A.xcassets/G/Contents.json", Array(#"{"properties": {"provides-namespace": true}}"#.utf8))
        XCTAssertEqual(changed, ["x", "G/x"])
        XCTAssertNotNil(catalog.image(named: "G/x", for: iPhone))
    }

    func testRemovingContentsForgetsTheSetAndTheNamespace() {
        var catalog = catalog([
            "A.xcassets/G/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "A.xcassets/G/x.imageset/Contents.json": #"{"images": [{"filename": "x.png", "idiom": "universal"}]}"#,
            "A.xcassets/G/x.imageset/x.png": "png",
            "A.xcassets/y.imageset/Contents.json": #"{"images": [{"filename": "y.png", "idiom": "universal"}]}"#,
            "A.xcassets/y.imageset/y.png": "png",
        ])
        XCTAssertEqual(catalog.remove(under: "A.xcassets/y.imageset/Contents.json"), ["y"])
        XCTAssertNil(catalog.image(named: "y", for: iPhone))
        XCTAssertEqual(catalog.remove(under: "A.xcassets/G/Contents.json"), ["G/x", "x"])
        XCTAssertNotNil(catalog.image(named: "x", for: iPhone))
        _ = catalog.remove(under: "A.xcassets")
        XCTAssertEqual(catalog.imageNames, [])
    }

    func testTemplateAndScaleAndAppearance() {
        let catalog = catalog([
            "A.xcassets/t.imageset/Contents.json": #"""
            {"images": [{"filename": "a1.png", "idiom": "universal", "scale": "1x"}, {"filename": "a2.png", "idiom": "universal", \#
            "scale": "2x"},
             {"filename": "a3.png", "idiom": "universal", "scale": "3x"},
             {"filename": "d3.png", "idiom": "universal", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}],
             "properties": {"template-rendering-intent": "template"}}
            """#,
            "A.xcassets/t.imageset/a1.png": "png", "A.xcassets/t.imageset/a2.png": "png",
            "A.xcassets/t.imageset/a3.png": "png", "A.xcassets/t.imageset/d3.png": "png",
        ])
        XCTAssertEqual(catalog.image(named: "t", for: iPhone)?.path, "A.xcassets/t.imageset/a3.png")
        XCTAssertEqual(catalog.image(named: "t", for: iPad)?.path, "A.xcassets/t.imageset/a2.png")
        XCTAssertEqual(catalog.image(named: "t", for: iPhoneDark)?.path, "A.xcassets/t.imageset/d3.png")
        XCTAssertEqual(catalog.image(named: "t", for: iPhone)?.isTemplate, true)
    }

    func testWarningsAtTheirLines() {
        let catalog = catalog([
            "A.xcassets/psd.imageset/Contents.json": "{\"images\": [\n  {\"filename\": \"art.psd\", \"idiom\": \"universal\"}\n]}",
            "A.xcassets/psd.imageset/art.psd": "8BPS",
            "A.xcassets/gone.imageset/Contents.json":
                "{\"images\": [\n  {\"filename\": \"a.png\", \"idiom\": \"universal\", \"scale\": \"1x\"},\n  {\"filename\": \"b.png\", "
                + "\"idiom\": \"universal\", \"scale\": \"2x\"}\n]}",
            "A.xcassets/gone.imageset/a.png": "png",
            "A.xcassets/pad.imageset/Contents.json":
                "{\"images\": [\n  {\"filename\": \"p.png\", \"idiom\": \"ipad\", \"scale\": \"2x\"}\n]}",
            "A.xcassets/pad.imageset/p.png": "png",
            "A.xcassets/broken.imageset/Contents.json": "{\"images\": [\n  {\"filename\": \"b.png\", \"idiom\": \"universal\"}\n]}",
            "A.xcassets/broken.imageset/b.png": "not a png",
        ])
        XCTAssertEqual(
            catalog.problems(ofImage: "psd", for: iPhone).map(\.formatted),
            [
                "A.xcassets/psd.imageset/Contents.json:2:16: warning: 'art.psd' in image set 'psd' cannot be shown: a Photoshop document "
                    + "is not an image format Xcode puts into an app, and browsers cannot show it; export it as PNG, HEIC or PDF"
            ])
        XCTAssertNil(catalog.image(named: "psd", for: iPhone))
        XCTAssertEqual(
            catalog.problems(ofImage: "gone", for: iPhone).map(\.formatted),
            [
                "A.xcassets/gone.imageset/Contents.json:3:16: warning: image set 'gone' names 'b.png', which is not in 'gone.imageset'"
            ])
        XCTAssertEqual(catalog.image(named: "gone", for: iPhone)?.path, "A.xcassets/gone.imageset/a.png", "the files that exist still show")
        XCTAssertEqual(
            catalog.problems(ofImage: "pad", for: iPhone).map(\.formatted),
            [
                "A.xcassets/pad.imageset/Contents.json:2:16: warning: an iPhone would find no file in image set 'pad' (it has files for "
                    + "ipad only); showing 'p.png'"
            ])
        XCTAssertEqual(catalog.problems(ofImage: "pad", for: iPad), [])
        XCTAssertEqual(
            catalog.problems(ofImage: "broken", for: iPhone).map(\.message),
            [
                "'b.png' in image set 'broken' cannot be shown: it is not a readable PNG image (its header is damaged)"
            ])
        XCTAssertEqual(catalog.allProblems(for: iPhone).count, 4)
    }

    // MARK: - Colour sets

    private func color(_ json: String, _ traits: AssetTraits? = nil) -> String? {
        ColorSetContents.read(Array(json.utf8), path: "c.colorset/Contents.json").color(for: traits ?? iPhone)?.css
    }

    func testColourNotations() {
        func set(_ space: String, _ components: String) -> String {
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "\#(space)", "components": {\#(components)}}}]}"#
        }
        XCTAssertEqual(color(set("srgb", #""red": "0.800", "green": "0.400", "blue": "0.000", "alpha": "1.000""#)), "rgb(204 102 0 / 1)")
        XCTAssertEqual(color(set("srgb", #""red": "0xEE", "green": "0x6A", "blue": "0x08", "alpha": "0.500""#)), "rgb(238 106 8 / 0.5)")
        XCTAssertEqual(color(set("srgb", #""red": "244", "green": "158", "blue": "94", "alpha": "1.000""#)), "rgb(244 158 94 / 1)")
        XCTAssertEqual(color(set("srgb", #""red": 1, "green": 0.5, "blue": 0, "alpha": 1"#)), "rgb(255 128 0 / 1)")
        XCTAssertEqual(
            color(set("display-p3", #""red": "1.000", "green": "0.200", "blue": "0.100", "alpha": "1.000""#)),
            "color(display-p3 1 0.2 0.1 / 1)")
        XCTAssertEqual(
            color(set("extended-srgb", #""red": "1.100", "green": "-0.050", "blue": "0.000", "alpha": "1.000""#)),
            "color(srgb 1.1 -0.05 0 / 1)")
        XCTAssertEqual(color(set("gray-gamma-22", #""white": "0.900", "alpha": "1.000""#)), "rgb(230 230 230 / 1)")
        XCTAssertEqual(color(set("gray-gamma-22", #""white": "0xAA", "alpha": "1.000""#)), "rgb(171 171 171 / 1)")
        XCTAssertEqual(color(set("gray-gamma-22", #""white": "0.000", "alpha": "1.000""#)), "rgb(0 0 0 / 1)")
    }

    func testColourVariantsAndReferences() {
        let set = #"""
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", \#
            "alpha": "1.000"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"platform": "ios", \#
            "reference": "systemBlueColor"}},
              {"idiom": "universal", "appearances": [{"appearance": "contrast", "value": "high"}], "color": {"color-space": "srgb", \#
            "components": {"red": "0.500", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}
            ]}
            """#
        XCTAssertEqual(color(set), "rgb(255 0 0 / 1)")
        XCTAssertEqual(color(set, iPhoneDark), "rgb(10 132 255 / 1)")
        var high = iPhone
        high.contrast = .high
        XCTAssertEqual(color(set, high), "rgb(128 0 0 / 1)")
        XCTAssertEqual(
            color(#"{"colors": [{"idiom": "universal", "color": {"platform": "universal", "reference": "systemBlueColor"}}]}"#),
            "rgb(0 122 255 / 1)")
        let unknown = ColorSetContents.read(
            Array(#"{"colors": [{"idiom": "universal", "color": {"reference": "fancyColor"}}]}"#.utf8), path: "c.colorset/Contents.json")
        XCTAssertEqual(unknown.diagnostics.map(\.message), ["unknown system colour 'fancyColor'"])
    }

    func testColourNameWithDidYouMean() {
        let catalog = catalog([
            "A.xcassets/Brand.colorset/Contents.json":
                #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "#
                + #""0", "alpha": "1.000"}}}]}"#
        ])
        XCTAssertTrue(catalog.hasColorSet(named: "Brand"))
        let range = SourceRange(SourceLocation(line: 2, column: 12), SourceLocation(line: 2, column: 19))
        let unknown = catalog.unknownColor("Brnad", path: "galley.json", range: range)
        XCTAssertEqual(
            unknown.message, "unknown colour 'Brnad': no colour set of that name, and no SwiftUI colour or '#rrggbb'; did you mean 'Brand'?"
        )
        XCTAssertEqual(unknown.id, .unknownColor)
        XCTAssertEqual(unknown.fixIts, [.replacing(range, with: "\"Brand\"", message: "Change 'Brnad' to 'Brand'")])
    }

    // MARK: - The real catalogs

    func testEveryCorpusSetResolves() throws {
        _ = try SharedCorpus.require("xcassets")
        var catalogs: [String: AssetCatalog] = [:]
        let enumerator = FileManager.default.enumerator(atPath: Self.corpus.path)
        var colorSets: [String] = []
        var imageSets: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let components = relative.split(separator: "/").map(String.init)
            guard let catalogIndex = components.firstIndex(where: { $0.hasSuffix(".xcassets") }), components.count > catalogIndex + 1 else {
                continue
            }
            let app = components[0]
            let url = Self.corpus.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try [UInt8](Data(contentsOf: url))
            if relative.hasSuffix("/Contents.json") {
                catalogs[app, default: AssetCatalog()].setContents(relative, bytes)
                if relative.hasSuffix(".colorset/Contents.json") { colorSets.append(relative) }
                if relative.hasSuffix(".imageset/Contents.json") { imageSets.append(relative) }
            } else {
                catalogs[app, default: AssetCatalog()].setFile(relative, .examine(path: relative, bytes: bytes))
            }
        }
        XCTAssertGreaterThanOrEqual(imageSets.count, 15)
        XCTAssertGreaterThanOrEqual(colorSets.count, 8)
        for (app, catalog) in catalogs {
            for name in catalog.imageNames {
                for page in PreviewDevice.pageTraits {
                    XCTAssertNotNil(catalog.image(named: name, for: page.traits), "\(app): \(name) for \(page.key)")
                }
                XCTAssertEqual(
                    catalog.problems(ofImage: name, for: iPhone).filter { !$0.message.contains("would find no file") }, [],
                    "\(app): \(name)")
            }
            for name in catalog.colorNames {
                for page in PreviewDevice.pageTraits {
                    XCTAssertNotNil(catalog.color(named: name, for: page.traits), "\(app): colour \(name) for \(page.key)")
                }
            }
            XCTAssertEqual(catalog.allProblems(for: iPhone).filter { !$0.message.contains("would find no file") }.map(\.formatted), [], app)
        }
        XCTAssertNotNil(catalogs["sample-backyard-birds"]?.image(named: "Bird Food/Golden Acorn", for: iPhone))
        XCTAssertNotNil(catalogs["netnewswire"]?.image(named: "swipeMarkRead", for: iPhone))
        XCTAssertEqual(
            catalogs["netnewswire"]?.image(named: "accountFeedbin", for: iPhoneDark)?.path.hasSuffix("feedbin-logo-filled-1.pdf"), true)
        XCTAssertEqual(
            catalogs["1password-extension"]?.image(named: "onepassword-extension", for: iPhone)?.path.hasSuffix("@3x~compact.png"), true)
        XCTAssertEqual(
            catalogs["1password-extension"]?.image(named: "onepassword-extension", for: iPad)?.path.hasSuffix("@2x~regular.png"), true)
        XCTAssertEqual(catalogs["ello-ios"]?.image(named: "openInSafari", for: iPad)?.path.hasSuffix("safari@2x~iPad.png"), true)
        XCTAssertEqual(catalogs["ello-ios"]?.image(named: "openInSafari", for: iPhone)?.path.hasSuffix("safari@3x.png"), true)
        XCTAssertEqual(catalogs["fluentui-apple"]?.colorNames.contains("Colors/DemoPrimaryColor"), true)
        XCTAssertEqual(catalogs["netnewswire"]?.color(named: "secondaryAccentColor", for: iPhone)?.css, "rgb(8 106 238 / 1)")
        XCTAssertEqual(catalogs["netnewswire"]?.color(named: "secondaryAccentColor", for: iPhoneDark)?.css, "rgb(94 158 244 / 1)")
    }
}
