/// The fonts installed on this machine, as fontconfig lists them
/// (`fc-list` with `formatArguments`): the names a page's `local()` can
/// ask Chromium for, and the files that hold them.
///
/// A value the shell fills from fontconfig's answer; taken from the
/// machine at start-up, never written down, because full names differ
/// between packages and versions ("Noto Sans CJK JP", not "… Regular").
package struct InstalledFonts: Sendable, Equatable {
    /// One face fontconfig knows.
    package struct Face: Sendable, Equatable {
        package var path: String
        /// Within a collection (`.ttc`).
        package var index: Int
        package var families: [String]
        /// The name `local()` matches.
        package var fullName: String
        /// 100–900.
        package var weight: Int
        package var isItalic: Bool

        package init(path: String, index: Int, families: [String], fullName: String, weight: Int, isItalic: Bool) {
            self.path = path
            self.index = index
            self.families = families
            self.fullName = fullName
            self.weight = weight
            self.isItalic = isItalic
        }
    }

    package var faces: [Face]

    package init(faces: [Face] = []) {
        self.faces = faces.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// The arguments to `fc-list` whose output `init(listing:)` reads: one
    /// face a line, fields separated by tabs.
    package static let formatArguments = ["--format", "%{file}\t%{index}\t%{family}\t%{fullname}\t%{weight}\t%{slant}\n"]

    /// Reads `fc-list`'s answer to `formatArguments`; lines it cannot read are skipped.
    package init(listing: String) {
        var faces: [Face] = []
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, !fields[0].isEmpty, let index = Int(fields[1]),
                let families = Self.values(fields[2]).nilIfEmpty, let fullName = Self.values(fields[3]).first,
                let weight = Double(fields[4]), let slant = Int(fields[5])
            else { continue }
            faces.append(
                Face(
                    path: fields[0], index: index, families: families, fullName: fullName,
                    weight: Self.cssWeight(fontconfigWeight: weight), isItalic: slant != 0))
        }
        self.init(faces: faces)
    }

    /// The face of `family` nearest to `weight` with the given slant, as
    /// CSS's font matching picks one; nil when no face has the family.
    package func face(family: String, weight: Int = 400, italic: Bool = false) -> Face? {
        let lowered = family.lowercased()
        return faces.filter { $0.isItalic == italic && $0.families.contains { $0.lowercased() == lowered } }
            .min { abs($0.weight - weight) < abs($1.weight - weight) }
    }

    /// Whether some face answers to `family`.
    package func has(family: String) -> Bool {
        let lowered = family.lowercased()
        return faces.contains { $0.families.contains { $0.lowercased() == lowered } }
    }

    /// fontconfig lists several values with commas (a family in several languages).
    private static func values(_ field: String) -> [String] {
        field.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }

    /// fontconfig's weight scale (80 regular, 200 bold; `fontconfig.h`) as CSS's.
    private static func cssWeight(fontconfigWeight weight: Double) -> Int {
        let table: [(Double, Int)] = [
            (0, 100), (40, 200), (50, 300), (80, 400), (100, 500), (180, 600), (200, 700), (205, 800), (210, 900),
        ]
        return table.min { abs($0.0 - weight) < abs($1.0 - weight) }?.1 ?? 400
    }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
