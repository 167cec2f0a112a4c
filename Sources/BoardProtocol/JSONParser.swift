/// Why a line is not JSON.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "\(reason) at byte \(offset)" }
    /// Valid JSON, but a key repeated in an object (see `JSON.parse(_:rejectingDuplicateKeys:)`).
    public var isDuplicateKey: Bool { reason.hasSuffix("appears twice") }
}

extension JSON {
    /// The deepest nesting the parser accepts; deeper input is an error, not a stack overflow.
    public static let maxDepth = 64

    /// Parses one JSON value from UTF-8 bytes; invalid UTF-8 in strings is an error.
    ///
    /// A key repeated in an object keeps its last value, as most parsers do, unless
    /// `rejectingDuplicateKeys` makes it an error (for files people edit, such as the config).
    ///
    /// With `replacingControlCharacters`, every control character in a string or key (C0, DEL
    /// and C1, and the bidirectional controls: `Unicode.Scalar.isTerminalControl`, escaped or raw)
    /// becomes U+FFFD, so that no text read this way can move a terminal's cursor, retitle it, clear
    /// it, or show a line in another order than it holds. The client reads every line from the
    /// daemon so; the daemon reads requests as they are.
    public static func parse(
        _ bytes: some Collection<UInt8>, rejectingDuplicateKeys: Bool = false, replacingControlCharacters: Bool = false
    ) throws(JSONParseError) -> JSON {
        var parser = Parser(
            bytes: Array(bytes), rejectDuplicateKeys: rejectingDuplicateKeys,
            replaceControlCharacters: replacingControlCharacters)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected data after the value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSON { try parse(Array(text.utf8)) }

    struct Parser {
        let bytes: [UInt8]
        var rejectDuplicateKeys = false
        var replaceControlCharacters = false
        var index = 0

        func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(JSONParseError) -> JSON {
            guard index < bytes.count else { throw error("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character")
            }
        }

        mutating func literal(_ word: String) throws(JSONParseError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
            else { throw error("invalid literal") }
            index += expected.count
        }

        /// Containers count toward the depth, scalars do not: `maxDepth` arrays around a `1` parse.
        func checkDepth(_ depth: Int) throws(JSONParseError) {
            guard depth < JSON.maxDepth else { throw error("nesting deeper than \(JSON.maxDepth)") }
        }

        mutating func object(depth: Int) throws(JSONParseError) -> JSON {
            try checkDepth(depth)
            index += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(pairs)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let keyStart = index
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipSpace()
                let item = try value(depth: depth + 1)
                if let existing = pairs.firstIndex(where: { $0.0 == key }) {
                    if rejectDuplicateKeys { throw JSONParseError(offset: keyStart, reason: "the key \"\(key)\" appears twice") }
                    pairs[existing].1 = item  // the last duplicate wins, as in most parsers
                } else {
                    pairs.append((key, item))
                }
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(pairs)
                } else {
                    throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(JSONParseError) -> JSON {
            try checkDepth(depth)
            index += 1
            var items: [JSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    throw error("expected ',' or ']'")
                }
            }
        }

        mutating func string() throws(JSONParseError) -> String {
            index += 1
            // Most strings hold no escape and no byte to replace: they are validated straight from the
            // input. The first byte that needs a look hands the rest to the loop below.
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\""), let text = String(validating: bytes[start..<index], as: UTF8.self) {
                    index += 1
                    return text
                }
                let quoteOrEscape = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                // 0xC2, 0xD8 and 0xE2 lead the UTF-8 of the C1 and the bidirectional controls, which only a
                // parse that replaces them looks at (the daemon reads "–" and Arabic text straight through).
                let mayLeadControl = byte == 0xC2 || (replaceControlCharacters && (byte == 0xD8 || byte == 0xE2))
                guard !quoteOrEscape, byte >= 0x20, byte != 0x7F, !mayLeadControl else { break }
                index += 1
            }
            var out = Array(bytes[start..<index])
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): appendControl(0x08, to: &out)
                    case UInt8(ascii: "f"): appendControl(0x0C, to: &out)
                    case UInt8(ascii: "n"): appendControl(0x0A, to: &out)
                    case UInt8(ascii: "r"): appendControl(0x0D, to: &out)
                    case UInt8(ascii: "t"): appendControl(0x09, to: &out)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                bytes[index + 1] == UInt8(ascii: "u")
                            else { throw error("unpaired surrogate") }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                        if replaceControlCharacters && Unicode.Scalar.isTerminalControl(scalar) {
                            out.append(contentsOf: Self.replacementCharacter)
                        } else {
                            out.append(contentsOf: Array(String(Character(unicode)).utf8))
                        }
                    default: throw error("invalid escape")
                    }
                case 0..<0x20: throw error("control character in string")
                case 0x7F where replaceControlCharacters: out.append(contentsOf: Self.replacementCharacter)
                case _ where replaceControlCharacters && (byte == 0xC2 || byte == 0xD8 || byte == 0xE2):
                    // A C1 control (U+0080-U+009F) or a bidirectional control, raw in UTF-8.
                    let length = byte == 0xE2 ? 3 : 2
                    guard index + length - 1 <= bytes.count,
                        case let tail = bytes[index..<index + length - 1], tail.allSatisfy({ $0 & 0xC0 == 0x80 }),
                        Unicode.Scalar.isTerminalControl(
                            tail.reduce(UInt32(byte) & (length == 3 ? 0x0F : 0x1F)) { $0 << 6 | UInt32($1 & 0x3F) })
                    else {
                        out.append(byte)
                        break
                    }
                    index += length - 1
                    out.append(contentsOf: Self.replacementCharacter)
                default: out.append(byte)
                }
            }
        }

        /// U+FFFD in UTF-8: what a control character becomes when they are replaced.
        static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

        func appendControl(_ byte: UInt8, to out: inout [UInt8]) {
            if replaceControlCharacters { out.append(contentsOf: Self.replacementCharacter) } else { out.append(byte) }
        }

        mutating func hex4() throws(JSONParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: throw error("invalid \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func number() throws(JSONParseError) -> JSON {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            var isInteger = true
            func digits(_ p: inout Parser) -> Int {
                let s = p.index
                while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
                return p.index - s
            }
            let integerStart = index
            guard digits(&self) > 0 else { throw error("invalid number") }
            // RFC 8259: the integer part is 0 or starts with 1-9, so `01` is not JSON (nor an octal 1).
            guard bytes[integerStart] != UInt8(ascii: "0") || index - integerStart == 1 else {
                throw JSONParseError(offset: integerStart, reason: "leading zero in a number")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard digits(&self) > 0 else { throw error("invalid number") }
            }
            let digitsEnd = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw error("invalid number") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let i = Int(text) { return .int(i) }
            guard let d = Double(text), d.isFinite else { throw error("number out of range") }
            // Too small for a double (`1e-99999`) is out of range as too large is: read as 0, a config's
            // fraction became a seed of 0.
            guard d != 0 || !bytes[start..<digitsEnd].contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) })
            else { throw error("number out of range") }
            return .double(d)
        }
    }
}
