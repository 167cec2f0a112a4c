/// Building the server's lines.
public enum WireLine {
    public static func hello(server: String, instance: String) -> [UInt8] {
        line(["type": "hello", "protocol": .int(wireProtocolVersion), "server": .string(server), "instance": .string(instance)])
    }

    public static func result(id: JSON, _ result: JSON) -> [UInt8] { line(["id": id, "result": result]) }

    /// A reply whose result is already encoded: the bytes are spliced in, not re-encoded.
    public static func result(id: JSON, encoded: [UInt8]) -> [UInt8] { resultHeader(id: id) + encoded + closing }

    /// `{"id":N,"result":`, the start of a reply whose result follows already encoded.
    public static func resultHeader(id: JSON) -> [UInt8] {
        var out = Array("{\"id\":".utf8)
        id.write(into: &out)
        out.append(contentsOf: Array(",\"result\":".utf8))
        return out
    }

    /// `{"id":N,"event":"board","seq":S,"result":`, the start of a pushed board.
    public static func boardEventHeader(id: JSON, seq: Int) -> [UInt8] {
        var out = Array("{\"id\":".utf8)
        id.write(into: &out)
        out.append(contentsOf: Array(",\"event\":\"board\",\"seq\":\(seq),\"result\":".utf8))
        return out
    }

    /// What ends a line whose result was spliced in.
    public static let closing: [UInt8] = [UInt8(ascii: "}"), UInt8(ascii: "\n")]

    public static func error(id: JSON, _ error: WireError) -> [UInt8] { line(["id": id, "error": error.json]) }

    /// A pushed board: `{"id":N,"event":"board","seq":S,"result":{...}}`, the board already encoded.
    public static func boardEvent(id: JSON, seq: Int, encoded: [UInt8]) -> [UInt8] {
        boardEventHeader(id: id, seq: seq) + encoded + closing
    }

    public static func shutdown(reason: String) -> [UInt8] {
        line(["event": "shutdown", "reason": .string(reason)])
    }

    public static func line(_ value: JSON) -> [UInt8] {
        var out = value.bytes
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
