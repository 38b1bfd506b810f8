/// Property lists, XML or binary: the same items as a JSON data file, as an
/// app loads them with `PropertyListDecoder`. One that holds no items (an
/// `Info.plist`) is not content.
struct PropertyListFormat: ContentFormat {
    let name = "plist"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        RelativePath.hasExtension(relativePath.rawValue, in: ["plist"]) ? ContentFile(file: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        DataFileFormat.documents(
            DataFileReader(schema: context.config.schema, path: file.sourcePath, syntax: .propertyList).read(bytes), of: file)
    }
}
