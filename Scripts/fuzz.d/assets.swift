// Fuzz target `assets`: the two readers of asset-catalogue bytes, an
// imageset's Contents.json and an image file's header for its size.
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    _ = ImageSetContents.preferredFileName(bytes)
    if let dimensions = ImageDimensions.read(bytes), dimensions.width < 0 || dimensions.height < 0 {
        fatalError("ORACLE: negative image size \(dimensions)")
    }
    return 0
}
