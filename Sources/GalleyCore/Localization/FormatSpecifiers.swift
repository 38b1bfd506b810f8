/// The arguments a localised format string takes, as `String(format:)`
/// reads them: each `%…` specifier by the argument it consumes. Two
/// languages' values must take the same arguments in the same types, or the
/// app shows garbage or crashes (`%@` given an integer); their order may
/// differ when the translation numbers them (`%2$@ %1$d`).
package struct FormatSpecifiers: Equatable, Sendable {
    /// A specifier as written (`%1$@`, `%ld`) and what it reads.
    package struct Specifier: Equatable, Sendable {
        package var text: String
        package var type: ArgumentType
    }

    /// What an argument must be; length modifiers count (`%ld` reads a
    /// 64-bit integer, `%d` a 32-bit one).
    package struct ArgumentType: Hashable, Sendable {
        /// The conversion's class (`@`, `d`, `f`, `c`, `s`, `p`) after its length modifier (`l`, `ll`, `z`…).
        package var name: String
    }

    /// By argument number (1-based): unnumbered specifiers take the next
    /// argument, numbered ones the argument they name.
    package var arguments: [Int: Specifier]

    package init(_ format: String) {
        var arguments: [Int: Specifier] = [:]
        let scalars = Array(format.unicodeScalars)
        var index = 0
        var next = 1
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" {
                index += 1
                continue
            }
            var position: Int?
            var digits = index
            while digits < scalars.count, ("0"..."9").contains(scalars[digits]), (position ?? 0) < 1000 {
                position = (position ?? 0) * 10 + Int(scalars[digits].value - 48)
                digits += 1
            }
            if position != nil, digits < scalars.count, scalars[digits] == "$" {
                index = digits + 1
            } else {
                position = nil
            }
            // Flags, width and precision (`*` takes an argument of its own, an int).
            while index < scalars.count, "-+ #0'123456789.*".unicodeScalars.contains(scalars[index]) {
                if scalars[index] == "*" {
                    arguments[next] = Specifier(text: "*", type: ArgumentType(name: "d"))
                    next += 1
                }
                index += 1
            }
            var length = ""
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) {
                length.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, let conversion = Self.conversionClass(scalars[index]) else { continue }
            index += 1
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            let argument = position ?? next
            arguments[argument] = Specifier(text: text, type: ArgumentType(name: (length == "q" ? "ll" : length) + conversion))
            next = argument + 1
        }
        self.arguments = arguments
    }

    /// The specifiers in argument order, as written.
    package var written: [String] {
        arguments.keys.sorted().compactMap { arguments[$0]?.text }
    }

    /// Whether both read the same arguments in the same types.
    package func takesSameArguments(as other: FormatSpecifiers) -> Bool {
        arguments.mapValues(\.type) == other.arguments.mapValues(\.type)
    }

    private static func conversionClass(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "@": "@"
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": "d"
        case "f", "F", "e", "E", "g", "G", "a", "A": "f"
        case "c", "C": "c"
        case "s", "S": "s"
        case "p": "p"
        default: nil
        }
    }
}
