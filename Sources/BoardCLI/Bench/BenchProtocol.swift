import BoardProtocol
import BoardSystem

/// What the load tool speaks: board's JSON lines, or Redis's RESP for the side-by-side runs.
///
/// Both sides use the same client design: a request written whole, the reply
/// read to its end by counting bytes, nothing parsed beyond that.
enum BenchProtocol: Equatable {
    case board(method: String, params: String)
    /// Redis: GET `key` for requests, SUBSCRIBE/PUBLISH on `key` for fan-out.
    case resp(key: String)

    /// The request's bytes.
    var request: [UInt8] {
        switch self {
        case .board(let method, let params):
            return Array("{\"id\":1,\"method\":\"\(method)\",\"params\":\(params)}\n".utf8)
        case .resp(let key):
            return Self.command(["GET", key])
        }
    }

    /// A board request's line, with its id (the load tool's own requests; `--params` are sent as given).
    static func line(id: Int, _ request: some BoardRequest) -> [UInt8] { WireLine.line(WireRequest(id: id, request).json) }

    static func command(_ parts: [String]) -> [UInt8] { RESPCommand(parts).bytes }

    /// Why `reply` is no answer to measure, nil when it is one: board's error reply (its code and
    /// message), Redis's error, or Redis's nil for a key that is not set. Looked at once, before a run.
    func refusal(of reply: [UInt8]) -> String? {
        switch self {
        case .board:
            guard let json = try? JSON.parse(reply) else { return "the reply is not JSON" }
            guard let error = json["error"] else { return nil }
            let code = error["code"]?.string ?? "error"
            var message = error["message"]?.string ?? ""
            if message.hasSuffix(".") { message.removeLast() }  // the daemon's sentences end with one
            return "boardd answers \(code): \(message)".replacingControlCharacters()
        case .resp(let key):
            if reply.first == UInt8(ascii: "-") {
                let line = reply.dropFirst().prefix { $0 != UInt8(ascii: "\r") }.prefix(200)
                return "Redis answers \(String(decoding: line, as: UTF8.self))".replacingControlCharacters()
            }
            if reply.starts(with: Array("$-1\r\n".utf8)) { return "Redis has no key \(key)".replacingControlCharacters() }
            return nil
        }
    }
}

/// Finds where one reply ends in a growing buffer.
struct ReplyScanner {
    let protocolKind: BenchProtocol

    /// The length of the first complete reply in `bytes[from..<upTo]` (`upTo` the end unless given),
    /// or nil when it has not all arrived.
    func replyLength(_ bytes: [UInt8], from start: Int, upTo end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        switch protocolKind {
        case .board:
            return Self.lineLength(bytes, from: start, upTo: end)
        case .resp:
            return Self.respLength(bytes, from: start, upTo: end)
        }
    }

    /// A RESP value's length, by the framing `RESPParser` uses (`RESPScanner`: no value is built, nothing
    /// allocated for a bulk string or a flat array); nil until it has all arrived, or when it is not RESP.
    static func respLength(_ bytes: [UInt8], from start: Int, upTo end: Int) -> Int? {
        bytes.withUnsafeBytes { raw in (try? RESPScanner.length(of: raw, from: start, upTo: end)) ?? nil }
    }

    /// Up to and including the newline, found with memchr: as cheap as reading a RESP length.
    static func lineLength(_ bytes: [UInt8], from start: Int, upTo end: Int) -> Int? {
        bytes.withUnsafeBytes { raw in
            ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: UnsafeRawBufferPointer(rebasing: raw[..<end]), from: start)
                .map { $0 - start + 1 }
        }
    }
}
