/// Reads RTF documents (and the `TXT.rtf` of RTFD bundles) into the document model.
public enum RTFReader {
    /// Reads an RTF document. `path` is only a label for diagnostics;
    /// `converters` keeps code-page converters open for later reads.
    ///
    /// Never fails: malformed input yields what could be read plus diagnostics.
    public static func read(_ bytes: [UInt8], path: String, converters: RTFConverterPool? = nil) -> (document: Document, diagnostics: [Diagnostic]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = RTFParser(bytes: buffer, locator: SourceLocator(bytes, columns: .bytes), path: path, converters: converters)
            return parser.read()
        }
    }
}
