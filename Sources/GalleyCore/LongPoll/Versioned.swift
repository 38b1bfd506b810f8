/// A value with the version it was published as.
package struct Versioned<Value> {
    package var value: Value
    package var version: Int

    package init(_ value: Value, version: Int) {
        self.value = value
        self.version = version
    }
}

extension Versioned: Equatable where Value: Equatable {}
extension Versioned: Sendable where Value: Sendable {}
