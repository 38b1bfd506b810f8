/// Reads RTF documents (and the `TXT.rtf` of RTFD bundles) into the document model.
package enum RTFReader {
    /// Reads an RTF document. `path` is only a label for diagnostics;
    /// `converters` converts code pages other than UTF-8 and Windows Latin 1;
    /// `work`, when given, counts the steps taken.
    ///
    /// Never fails: malformed input yields what could be read plus diagnostics.
    package static func read(_ bytes: [UInt8], path: RelativePath, converters: (any CodePageConverting)? = nil, work: WorkCounter? = nil)
        -> (document: Document, diagnostics: [Diagnostic])
    {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = RTFParser(
                bytes: buffer, locator: SourceLocator(bytes, columns: .bytes), path: path, converters: converters, work: work)
            let result = parser.read()
            work?.add(parser.locator.bytesWalked)
            return result
        }
    }
}
