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
        header(id: id) { out in out += resultKey }
    }

    /// `{"id":N,"event":"board","seq":S,"result":`, the start of a pushed board.
    public static func boardEventHeader(id: JSON, seq: Int) -> [UInt8] {
        header(id: id) { out in
            out += boardEventSeq
            JSON.writeInteger(seq, into: &out)
            out += resultKey
        }
    }

    /// `{"id":N,"event":"board","seq":`, made once for a watch: each of its boards' headers is this, the
    /// board's seq and `,"result":` (`writeBoardEventHeader`).
    public static func boardEventPrefix(id: JSON) -> [UInt8] {
        header(id: id) { out in out += boardEventSeq }
    }

    /// Room `writeBoardEventHeader` needs beyond the prefix: a seq's digits and `,"result":`.
    public static let boardEventHeaderRoom = 32

    /// Writes the bytes `boardEventHeader` makes, from the watch's `boardEventPrefix`, into `buffer`
    /// (at least the prefix's count and `boardEventHeaderRoom` long), allocating nothing: a fan-out
    /// writes one for every watcher. Returns their count.
    public static func writeBoardEventHeader(prefix: [UInt8], seq: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(seq >= 0 && buffer.count >= prefix.count + boardEventHeaderRoom)
        return copy(resultKey, into: buffer, at: write(prefix, seq: seq, into: buffer))
    }

    /// `{"id":N,"event":"change","seq":S,"result":{"seq":S,`, the start of a pushed change whose
    /// other fields follow already encoded (`changeTail`), then `closing`.
    public static func changeEventHeader(id: JSON, seq: Int) -> [UInt8] {
        header(id: id) { out in
            out += changeEventSeq
            JSON.writeInteger(seq, into: &out)
            out += resultSeq
            JSON.writeInteger(seq, into: &out)
            out.append(UInt8(ascii: ","))
        }
    }

    /// `{"id":N,"event":"change","seq":`, made once for an `events.watch`: each of its changes' headers
    /// is this and what `writeChangeEventHeader` adds.
    public static func changeEventPrefix(id: JSON) -> [UInt8] {
        header(id: id) { out in out += changeEventSeq }
    }

    /// Room `writeChangeEventHeader` needs beyond the prefix: a seq's digits twice and `,"result":{"seq":`.
    public static let changeEventHeaderRoom = 64

    /// Writes the bytes `changeEventHeader` makes, from the subscription's `changeEventPrefix`, into
    /// `buffer` (at least the prefix's count and `changeEventHeaderRoom` long), allocating nothing: a
    /// fan-out writes one for every subscriber. Returns their count.
    public static func writeChangeEventHeader(prefix: [UInt8], seq: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(seq >= 0 && buffer.count >= prefix.count + changeEventHeaderRoom)
        let at = copy(resultSeq, into: buffer, at: write(prefix, seq: seq, into: buffer))
        let end = at + JSON.writeDigits(UInt(seq), into: UnsafeMutableRawBufferPointer(rebasing: buffer[at...]))
        buffer[end] = UInt8(ascii: ",")
        return end + 1
    }

    /// Writes an event's prefix and its seq at the start of `buffer`; returns where they end.
    private static func write(_ prefix: [UInt8], seq: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let at = copy(prefix, into: buffer, at: 0)
        return at + JSON.writeDigits(UInt(seq), into: UnsafeMutableRawBufferPointer(rebasing: buffer[at...]))
    }

    /// Copies `bytes` into `buffer` at `at`; returns where they end.
    public static func copy(_ bytes: [UInt8], into buffer: UnsafeMutableRawBufferPointer, at: Int) -> Int {
        bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[at...]).copyMemory(from: $0) }
        return at + bytes.count
    }

    /// `{"id":N` and what `rest` adds, in one array made once: a header is made for every reply and
    /// every pushed board or change, thousands to a clock move.
    private static func header(id: JSON, _ rest: (inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(80)
        out += idKey
        id.write(into: &out)
        rest(&out)
        return out
    }

    private static let idKey = Array(#"{"id":"#.utf8)
    private static let resultKey = Array(#","result":"#.utf8)
    private static let boardEventSeq = Array(#","event":"board","seq":"#.utf8)
    private static let changeEventSeq = Array(#","event":"change","seq":"#.utf8)
    private static let resultSeq = Array(#","result":{"seq":"#.utf8)

    /// A change's encoded fields after its `seq` (and its closing brace): encoded once, sent to every
    /// subscriber after its own `changeEventHeader`.
    public static func changeTail(_ change: ChangeDocument) -> [UInt8] {
        let bytes = change.numbered(0).bytes
        let head = Array("{\"seq\":0,".utf8)
        return Array(bytes.dropFirst(head.count))
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

    /// The end of an `events.watch` whose schedule a config reload replaced: `{"id":N,"event":"reloaded",...}`,
    /// then the connection closes; the client subscribes again, from its last change, as after a restart.
    public static func reloaded(id: JSON) -> [UInt8] { line(reloadedJSON(id: id)) }

    public static func reloadedJSON(id: JSON) -> JSON {
        [
            "id": id, "event": "reloaded",
            "reason": "the daemon's config was reloaded with another schedule: subscribe again, from the last change taken",
        ]
    }

    public static func line(_ value: JSON) -> [UInt8] {
        var out = value.bytes
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
