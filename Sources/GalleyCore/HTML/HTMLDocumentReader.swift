/// Reads HTML documents into the document model, sanitised by construction:
/// only text, formatting, safe links, local or embedded images, lists and
/// tables survive; scripts, event handlers, forms and remote loads do not.
package enum HTMLDocumentReader {
    /// Reads an HTML document. `path` is only a label for diagnostics;
    /// `converters` converts a declared charset the core does not (`CodePageConverting`);
    /// `work`, when given, counts the steps taken.
    ///
    /// Never fails: malformed input yields what could be read plus diagnostics.
    package static func read(_ bytes: [UInt8], path: RelativePath, converters: (any CodePageConverting)? = nil, work: WorkCounter? = nil)
        -> (document: Document, diagnostics: [Diagnostic])
    {
        let decoded = HTMLSourceDecoder.decode(bytes, converters: converters)
        var builder = HTMLDocumentBuilder(path: path, source: decoded.utf8, work: work)
        for problem in decoded.problems { builder.diagnose(problem.id, .warning, problem.message, at: problem.offset) }
        var tokenizer = HTMLTokenizer(bytes: decoded.utf8, work: work)
        while true {
            let token = tokenizer.next()
            for problem in tokenizer.problems { builder.diagnose(problem.id, .warning, problem.message, at: problem.offset) }
            tokenizer.problems.removeAll()
            work?.add(1)
            builder.consume(token)
            if case .endOfInput = token { break }
        }
        let result = builder.finish()
        work?.add(builder.locator.bytesWalked)
        return result
    }
}
