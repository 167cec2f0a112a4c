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
