/// Converts text in a code page, numbered as Windows numbers them
/// (`RTFCodePage`), to UTF-8: a service of the system the reader runs on
/// (GalleySystem's converters use glibc's iconv), handed to the readers in
/// `ReadingContext`.
///
/// The core converts UTF-8, Windows Latin 1 and the Symbol font itself;
/// without a converter, text in any other code page is read as Windows Latin 1
/// and the reader says so.
package protocol CodePageConverting: Sendable {
    /// Appends the UTF-8 form of `bytes`, read in `codePage`, to `utf8`,
    /// with a replacement character for each byte that does not decode;
    /// false, with nothing appended, when there is no converter for `codePage`.
    func convert(_ bytes: UnsafeBufferPointer<UInt8>, codePage: Int, into utf8: inout [UInt8]) -> Bool
}
