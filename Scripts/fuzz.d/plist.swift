// Fuzz target `plist`: PropertyListReader on XML and binary property lists,
// every node's position checked, then the same bytes as a data file of items
// (DataFileReader, .propertyList) with every document rendered and checked.
import GalleyCore

private func walk(_ node: JSONNode, _ size: Int, depth: Int) {
    if node.offset < 0 || node.offset > size { fatalError("ORACLE: node offset \(node.offset) outside 0...\(size)") }
    if depth > PropertyListReader.maximumDepth + 1 { fatalError("ORACLE: depth \(depth) beyond maximumDepth") }
    switch node.value {
    case .array(let elements):
        for element in elements { walk(element, size, depth: depth + 1) }
    case .object(let members):
        for member in members {
            if member.keyOffset < 0 || member.keyOffset > size { fatalError("ORACLE: key offset \(member.keyOffset)") }
            walk(member.value, size, depth: depth + 1)
        }
    default:
        break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    switch PropertyListReader.parse(bytes) {
    case .success(let root):
        walk(root, size, depth: 0)
    case .failure(let error):
        if error.offset < 0 || error.offset > size { fatalError("ORACLE: error offset \(error.offset) outside 0...\(size)") }
    }
    checkDataFile(DataFileReader(schema: .seed, path: "Resources/fuzz.plist", syntax: .propertyList).read(bytes), inputSize: size)
    return 0
}
