// Fuzz target `plist`: PropertyListReader on XML and binary property lists,
// every node's position checked and the tree's size held to the reader's
// bounds (a binary list's shared objects counted at every reference, as a
// consumer walks them), then the same bytes as a data file of items
// (DataFileReader, .propertyList) with every document rendered and checked.
import GalleyCore

/// The values and the bytes of text a tree holds, keys included.
private struct TreeSize {
    var values = 0
    var textBytes = 0
}

private func walk(_ node: JSONNode, _ size: Int, depth: Int, _ total: inout TreeSize) {
    if node.offset < 0 || node.offset > size { fatalError("ORACLE: node offset \(node.offset) outside 0...\(size)") }
    if depth > PropertyListReader.maximumDepth + 1 { fatalError("ORACLE: depth \(depth) beyond maximumDepth") }
    total.values += 1
    switch node.value {
    case .string(let text):
        total.textBytes += text.utf8.count
    case .array(let elements):
        for element in elements { walk(element, size, depth: depth + 1, &total) }
    case .object(let members):
        for member in members {
            if member.keyOffset < 0 || member.keyOffset > size { fatalError("ORACLE: key offset \(member.keyOffset)") }
            total.values += 1
            total.textBytes += member.key.utf8.count
            walk(member.value, size, depth: depth + 1, &total)
        }
    default:
        break
    }
    if total.values > PropertyListReader.maximumValues {
        fatalError("ORACLE: \(size) bytes expanded to more than \(PropertyListReader.maximumValues) values")
    }
    if total.textBytes > PropertyListReader.maximumExpandedBytes(fileSize: size) {
        fatalError("ORACLE: \(size) bytes expanded to \(total.textBytes) bytes of text")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    switch PropertyListReader.parse(bytes) {
    case .success(let root):
        var total = TreeSize()
        walk(root, size, depth: 0, &total)
    case .failure(let error):
        if error.offset < 0 || error.offset > size { fatalError("ORACLE: error offset \(error.offset) outside 0...\(size)") }
    }
    checkDataFile(DataFileReader(schema: .seed, path: "Resources/fuzz.plist", syntax: .propertyList).read(bytes), inputSize: size)
    return 0
}
