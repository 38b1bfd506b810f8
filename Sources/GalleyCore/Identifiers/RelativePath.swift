/// A path relative to the content folder, with `/`, and the rules every
/// part of Galley names files by.
package struct RelativePath: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The folder holding `path` ("" at the top).
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// `name` (relative, may hold `..`) resolved against `folder`; nil when
    /// it would leave the content folder.
    package static func joined(_ folder: String, _ name: String) -> String? {
        guard !name.hasBytePrefix("/") else { return nil }
        var components = folder.slashSeparatedParts
        for component in name.slashSeparatedParts {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// The file name without folders and extension, a fallback title.
    package static func baseName(_ path: String) -> String {
        let name = path.slashSeparatedParts.last ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Whether some component of `path` may end in `.EXTENSION` (lowercase
    /// ASCII), whatever its case: false is certain, true is to be checked
    /// with `hasExtension` on the components.
    package static func mayHaveExtension(_ path: String, _ lowercaseExtension: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: lowercaseExtension.utf8Start, count: lowercaseExtension.utf8CodeUnitCount)
        // Over the bytes in place: every file of the folder is asked this
        // several times at start-up, and slices of the UTF-8 view cost
        // more than a thousand instructions a path.
        var path = path
        return path.withUTF8 { bytes in
            var dot = 0
            while dot + wanted.count < bytes.count {
                // ASCII letters lowered with 0x20; nothing else can match a lowercase letter that way.
                if bytes[dot] == UInt8(ascii: "."), (0..<wanted.count).allSatisfy({ bytes[dot + 1 + $0] | 0x20 == wanted[$0] }) {
                    return true
                }
                dot += 1
            }
            return false
        }
    }

    /// Whether the last component of `path` ends in one of `extensions`
    /// (lowercase ASCII), whatever its case. Compared as bytes, as every
    /// path rule is: a combining mark after the dot must not hide or fake an
    /// extension. Every file of the folder is asked this several times at
    /// start-up: the extensions are constants and the path's is never made
    /// into a string.
    package static func hasExtension(_ path: String, in extensions: [StaticString]) -> Bool {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return false }
        let afterDot = bytes[bytes.index(after: dot)...]
        guard bytes[bytes.index(before: dot)] != UInt8(ascii: "/"), !afterDot.contains(UInt8(ascii: "/")) else { return false }
        let lowered = afterDot.lazy.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return extensions.contains { wanted in
            lowered.elementsEqual(UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
        }
    }
}
