/// A command as Redis reads it: an array of bulk strings, the command's name first.
///
/// Every argument is sent as a bulk string with its length, so no argument (a password,
/// a JSON document, bytes that are not text) is ever parsed or escaped by the server.
public struct RESPCommand: Hashable, Sendable {
    /// The arguments, the command's name first.
    public let parts: [[UInt8]]

    public init(_ parts: [[UInt8]]) {
        precondition(!parts.isEmpty, "a command has a name")
        self.parts = parts
    }

    public init(_ parts: [String]) { self.init(parts.map { Array($0.utf8) }) }

    public init(_ parts: String...) { self.init(parts) }

    /// The command's name in capitals (`XREAD`), what an error names: never its arguments,
    /// which may hold a password.
    public var name: String { String(decoding: parts[0], as: UTF8.self).uppercased() }

    /// The command's bytes.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    /// Appends the command's bytes: several commands appended to one buffer go out in one write (pipelining).
    public func encode(into out: inout [UInt8]) {
        out.reserveCapacity(out.count + 16 + parts.reduce(0) { $0 + $1.count + 16 })
        Self.appendHeader(UInt8(ascii: "*"), parts.count, to: &out)
        for part in parts {
            Self.appendHeader(UInt8(ascii: "$"), part.count, to: &out)
            out += part
            out += [13, 10]
        }
    }

    /// `*3\r\n` or `$5\r\n`: a type byte, a decimal count and CRLF.
    static func appendHeader(_ type: UInt8, _ count: Int, to out: inout [UInt8]) {
        out.append(type)
        var digits: [UInt8] = []
        var rest = count
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out += digits.reversed()
        out += [13, 10]
    }
}
