// Fuzz target `json`: JSONReader.parse, then a walk of everything it built.
import GalleyCore

private func walk(_ node: JSONNode, _ size: Int, depth: Int) -> Int {
    if node.offset < 0 || node.offset > size { fatalError("ORACLE: node offset \(node.offset) outside 0...\(size)") }
    if depth > JSONReader.maximumDepth + 1 { fatalError("ORACLE: depth \(depth) beyond maximumDepth") }
    switch node.value {
    case .array(let elements):
        return elements.reduce(1) { $0 + walk($1, size, depth: depth + 1) }
    case .object(let members):
        return members.reduce(1) { total, member in
            if member.keyOffset < 0 || member.keyOffset > size { fatalError("ORACLE: key offset \(member.keyOffset)") }
            return total + walk(member.value, size, depth: depth + 1)
        }
    case .string(let text):
        return text.utf8.count
    default:
        return 1
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    switch JSONReader.parse(bytes) {
    case .success(let root):
        _ = walk(root, size, depth: 0)
    case .failure(let error):
        if error.offset < 0 || error.offset > size { fatalError("ORACLE: error offset \(error.offset) outside 0...\(size)") }
        _ = error.message
    }
    return 0
}
