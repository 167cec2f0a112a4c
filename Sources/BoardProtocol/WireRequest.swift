/// One request line: `{"id":N,"method":"...","params":{...}}`.
public struct WireRequest: Sendable {
    public let id: JSON
    public let method: String
    public let params: JSON

    public init(id: Int, method: WireMethod, params: JSON = [:]) {
        self.id = .int(id)
        self.method = method.rawValue
        self.params = params
    }

    /// Reads a request line. A line that is not a request is a `badRequest` error; its id is kept when it has one.
    public static func parse(_ line: [UInt8]) -> Result<WireRequest, RejectedRequest> {
        if let plain = scanPlain(line) { return .success(plain) }
        let value: JSON
        do {
            value = try JSON.parse(line)
        } catch {
            return .failure(
                RejectedRequest(id: .null, error: WireError(.badRequest, "The request is not valid JSON (\(error)).")))
        }
        guard value.objectPairs != nil else {
            return .failure(RejectedRequest(id: .null, error: WireError(.badRequest, "A request must be a JSON object.")))
        }
        let id = value["id"] ?? .null
        switch id {
        case .int, .string, .null: break
        default:
            return .failure(
                RejectedRequest(id: .null, error: WireError(.badRequest, "The request id must be an integer or a string.")))
        }
        guard let method = value["method"]?.string else {
            return .failure(RejectedRequest(id: id, error: WireError(.badRequest, "The request has no \"method\" string.")))
        }
        let params = value["params"] ?? [:]
        guard params.objectPairs != nil else {
            return .failure(RejectedRequest(id: id, error: WireError(.invalidParams, "\"params\" must be an object.")))
        }
        return .success(WireRequest(rawID: id, method: method, params: params))
    }

    /// The common shape, read in place without building a JSON tree: `{"id":N,"method":"M"}` or
    /// `{"id":N,"method":"M","params":{}}`, no spaces, N a plain non-negative integer, M letters and
    /// dots. Anything else is nil, and goes through the full parser; either way the request is the same.
    static func scanPlain(_ line: [UInt8]) -> WireRequest? {
        line.withUnsafeBufferPointer { bytes -> WireRequest? in
            var at = 0
            func expect(_ text: StaticString) -> Bool {
                let count = text.utf8CodeUnitCount
                guard at + count <= bytes.count else { return false }
                let start = text.utf8Start
                for offset in 0..<count where bytes[at + offset] != start[offset] { return false }
                at += count
                return true
            }
            guard expect(#"{"id":"#) else { return nil }
            let digitsStart = at
            var id = 0
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
                id = id * 10 + Int(bytes[at] &- UInt8(ascii: "0"))
                at += 1
                if at - digitsStart > 15 { return nil }
            }
            let digits = at - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
            guard expect(#","method":""#) else { return nil }
            let nameStart = at
            while at < bytes.count, bytes[at] == UInt8(ascii: ".") || (bytes[at] | 0x20 >= 0x61 && bytes[at] | 0x20 <= 0x7a) {
                at += 1
            }
            let nameEnd = at
            guard nameEnd > nameStart, expect("\"") else { return nil }
            guard expect("}") || (expect(#","params":{}}"#)) else { return nil }
            guard at == bytes.count else { return nil }
            let method = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            return WireRequest(rawID: .int(id), method: method, params: Self.noParams)
        }
    }

    static let noParams: JSON = [:]

    init(rawID: JSON, method: String, params: JSON) {
        self.id = rawID
        self.method = method
        self.params = params
    }

    public var json: JSON { ["id": id, "method": .string(method), "params": params] }
}

/// A line that could not be read as a request, with the id to answer to when it had one.
public struct RejectedRequest: Error, Sendable {
    public let id: JSON
    public let error: WireError
}
