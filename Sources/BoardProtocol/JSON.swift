/// A JSON value with ordered objects, so the same value always encodes to the same bytes.
///
/// The wire format is ours end to end: a small parser with a depth limit (safe
/// on hostile input) and a serializer that writes keys in the order given.
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .double(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    // MARK: Reading

    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    public var isNull: Bool { self == .null }
    public var objectPairs: [(String, JSON)]? { if case .object(let o) = self { o } else { nil } }

    /// An integer, also from a double with no fraction.
    public var int: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: Int(d)
        default: nil
        }
    }

    public var double: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
}

// MARK: - Building

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }

    /// `.string`, or `.null` for nil.
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    public static func optional(_ value: Double?) -> JSON { value.map(JSON.double) ?? .null }
}

// MARK: - Serializing

extension JSON {
    /// Compact UTF-8 bytes, keys in order, no trailing newline.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return out
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `value` in decimal without making a string (every reply and pushed event has a few).
    public static func writeInteger(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let rest = value.magnitude
        guard rest >= 10 else { return out.append(UInt8(ascii: "0") + UInt8(rest)) }
        withUnsafeTemporaryAllocation(byteCount: 20, alignment: 1) { digits in
            let count = writeDigits(rest, into: digits)
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// Writes `value`'s decimal digits at the start of `buffer` (room for 20), allocating nothing;
    /// returns their count.
    public static func writeDigits(_ value: UInt, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        rest = value
        for place in stride(from: count - 1, through: 0, by: -1) {
            buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return count
    }

    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: Self.nullBytes)
        case .bool(let b): out.append(contentsOf: b ? Self.trueBytes : Self.falseBytes)
        case .int(let i): Self.writeInteger(i, into: &out)
        case .double(let d):
            if d.isFinite {
                if d == d.rounded(), abs(d) < 1e15 {
                    out.append(contentsOf: String(Int(d)).utf8)
                } else {
                    out.append(contentsOf: "\(d)".utf8)
                }
            } else {
                out.append(contentsOf: Self.nullBytes)
            }
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static let nullBytes = Array("null".utf8)
    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
    static let hexDigits = Array("0123456789abcdef".utf8)

    /// `s` as a JSON string. Every terminal control is escaped (`\u001b`, `\u0085`, `\u202e`), so
    /// that text a client sent (an id, a search, a method's name) never reaches another program's
    /// terminal as a control, however that program prints it.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        let start = out.count
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case 0xC2, 0xD8, 0xE2:
                // A C1 or bidirectional control may start here: the string again, a scalar at a time.
                out.removeSubrange(start...)
                return writeStringEscapingControls(s, into: &out)
            default: writeASCII(byte, into: &out)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeStringEscapingControls(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                writeASCII(UInt8(scalar.value), into: &out)
            } else if scalar.isTerminalControl {
                out.append(contentsOf: Array("\\u".utf8))
                for shift in [12, 8, 4, 0] { out.append(hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)]) }
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// One byte of a string: escaped when it is a quote, a backslash or a control, else as it is.
    @inline(__always)
    private static func writeASCII(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20, 0x7F:
            out.append(contentsOf: Array("\\u00".utf8))
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        default: out.append(byte)
        }
    }
}
