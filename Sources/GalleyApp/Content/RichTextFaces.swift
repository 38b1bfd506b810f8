import GalleyCore
import GalleySystem

/// The faces that draw the fonts rich-text documents name, found as the
/// kinds' are (`TextFaces`: the app's own font files first, then this
/// machine's face of that name, Galley's stand-in, a look-alike), each
/// family once while the app's fonts stay the same, whichever document and
/// thread asks.
final class RichTextFaces: Sendable {
    /// The app's fonts the faces were found among.
    let bundledFaces: [BundledFonts.Face]
    private let bundled: BundledFonts
    private let known = Locked<[String: FontMetrics]>([:])
    /// Documents name their fonts freely, and an editor's buffer names a new
    /// one with each keystroke of a name: the families kept are bounded.
    static let mostFamiliesKept = 1_024

    init(bundled: BundledFonts) {
        self.bundled = bundled
        bundledFaces = bundled.faces
    }

    /// The metrics of the face that draws `family`.
    func metrics(forFamily family: String) -> FontMetrics {
        let key = family.lowercased()
        if let metrics = known.withLock({ $0[key] }) { return metrics }
        let faces = TextFaces(
            families: [family], bundled: bundled, fallbacks: SystemFonts.fallbacks, installed: SystemFonts.installed,
            metricsOfFile: SystemFonts.metrics(ofFile:index:))
        let metrics = faces.metrics(forFamily: family)
        known.withLock { known in
            if known.count >= Self.mostFamiliesKept { known.removeAll() }
            known[key] = metrics
        }
        return metrics
    }
}
