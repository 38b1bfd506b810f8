import Foundation
import GalleyCore
import GalleySystem

/// This machine's fonts, asked of fontconfig once per process: the faces
/// Galley's stand-ins draw with, by the names `local()` finds, and the
/// metrics of the faces a page draws with, read from their own files.
enum SystemFonts {
    /// `fc-list`'s answer; empty where fontconfig is missing (the page then
    /// falls back to the browser's fonts, and the geometry to a common 1.2 em).
    static let installed = InstalledFonts(listing: fontconfigListing(InstalledFonts.formatArguments))

    /// The characters some installed face draws; unknown where fontconfig
    /// is missing, and then no character is said to be missing.
    static let coverage = CharacterCoverage(charsets: fontconfigListing(CharacterCoverage.formatArguments))

    /// What `fc-list` prints with `arguments`; empty when it cannot run.
    private static func fontconfigListing(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ""
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let fallbacks = FallbackFontFaces(installed: installed)

    /// What Galley reads from an installed face: its line height and its
    /// advance widths (for the kinds with a line limit, `LineLimitCheck`).
    private struct FaceFile {
        var metrics: FontMetrics?
        var widths: AdvanceWidths?
    }

    /// The metrics of an installed face.
    static func metrics(ofFile path: String, index: Int) -> FontMetrics? {
        face(path, index).metrics
    }

    /// The advance widths of an installed face.
    static func widths(ofFile path: String, index: Int) -> AdvanceWidths? {
        face(path, index).widths
    }

    /// A face's file read once for all it is asked (a CJK collection is 20 MB).
    private static func face(_ path: String, _ index: Int) -> FaceFile {
        let key = path + "#" + String(index)
        return cache.withLock { cache in
            if let known = cache[key] { return known }
            let bytes = try? FileDescriptor.readFile(path, limit: 64 << 20)
            let face = FaceFile(
                metrics: bytes.flatMap { FontMetrics.read($0, faceIndex: index) },
                widths: bytes.flatMap { AdvanceWidths.read($0, faceIndex: index) })
            cache[key] = face
            return face
        }
    }

    private static let cache = Locked<[String: FaceFile]>([:])

    /// How the fonts `schema`'s kinds name are drawn here, with the app's
    /// `bundled` fonts first; and Hiragino Sans, which every page falls
    /// back to for Japanese as iOS does.
    static func faces(for schema: ContentSchema, bundled: BundledFonts) -> TextFaces {
        TextFaces(
            families: schema.shownKinds.filter { $0.role == .text }.map(\.style.fontFamily) + [TextFaces.japaneseFamily], bundled: bundled,
            fallbacks: fallbacks, installed: installed, metricsOfFile: metrics(ofFile:index:))
    }
}
