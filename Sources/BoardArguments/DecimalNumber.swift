/// A number as people write one on a command line: digits, a fraction after a point, an exponent
/// (`2`, `0.5`, `.5`, `1e3`).
///
/// `Double(_:)` reads more than that: `0x10` as 16, `inf`, `nan`, `infinity`. A flag that takes
/// `--speed 0x10` and runs at 16x has read what nobody meant, so those are refused here, and so is
/// a number too small for a double (`1e-400`), which it reads as 0.
public enum DecimalNumber {
    /// The number `text` writes, nil when it is not one in decimal or a double cannot hold it.
    public static func value(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func digits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        let significand = bytes[..<index]
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count, let value = Double(text), value.isFinite else { return nil }
        guard value != 0 || significand.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }) else { return nil }
        return value
    }
}
