/// The version of both programs, from one place.
public let boardVersion = "0.1.0"

/// The protocol's version this code speaks.
public let wireProtocolVersion = 1

/// The error codes of the wire protocol.
public enum WireErrorCode: String, Sendable, CaseIterable {
    case badRequest, unknownMethod, invalidParams, notFound, tooLarge, tooManyClients
    case protocolUnsupported, outsideWindow, clockNotSimulated, `internal`
}

/// An error reply: a code from the contract and a sentence for people.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: WireErrorCode
    public let message: String

    public init(_ code: WireErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public var json: JSON { ["code": .string(code.rawValue), "message": .string(message)] }
}

/// The methods of the wire protocol.
public enum WireMethod: String, Sendable, CaseIterable {
    case ping
    case boardGet = "board.get"
    case flightGet = "flight.get"
    case search
    case clockGet = "clock.get"
    case clockSet = "clock.set"
    case clockAdvance = "clock.advance"
    case boardWatch = "board.watch"
    /// Extensions beyond the contract's list: moving through a tab in the domain's order.
    case flightNext = "flight.next"
    case flightPrev = "flight.prev"
    case flightSoonest = "flight.soonest"
}

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
