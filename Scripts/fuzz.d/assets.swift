// Fuzz target `assets`: an image file's header, read for its size (the
// catalog's Contents.json readers are the `catalog` target).
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let dimensions = ImageDimensions.read(bytes), dimensions.width < 0 || dimensions.height < 0 {
        fatalError("ORACLE: negative image size \(dimensions)")
    }
    return 0
}
