/// A value with the version it was published as.
public struct Versioned<Value> {
    public var value: Value
    public var version: Int

    public init(_ value: Value, version: Int) {
        self.value = value
        self.version = version
    }
}

extension Versioned: Equatable where Value: Equatable {}
extension Versioned: Sendable where Value: Sendable {}
