import FlightData

/// Reading a document's fields from a reply: the pieces the documents' `init(from:)` share, and the
/// sentence a field that cannot be read gives.
///
/// Decoding is lenient about extra keys and strict about the ones the client needs:
/// a missing or malformed field is a `WireError(.internal, ...)` naming it, never a crash.
extension WireError {
    /// What `JSONValueDecoder` found wrong with a document read from `json`, in one sentence that
    /// names the field: missing (`has no "gate"`), of the wrong kind or null (`has a malformed
    /// "flights"`), or a name the client has no case for (`has an unknown "status": "lost"`). A
    /// field is named by its own key, wherever it is nested; an item of an array that is not what
    /// it should be names the array. A `WireError` a document threw itself is kept as it is.
    public init(reading error: any Error, in json: JSON) {
        switch error {
        case let error as WireError:
            self = error
        case DecodingError.keyNotFound(let key, _):
            self.init(.internal, "The daemon's reply has no \"\(key.stringValue)\".")
        case DecodingError.dataCorrupted(let context):
            let field = Self.field(context.codingPath)
            if let name = json.value(at: context.codingPath)?.string {
                self.init(.internal, "The daemon's reply has an unknown \"\(field)\": \"\(name.prefix(64))\".")
            } else {
                self.init(.internal, "The daemon's reply has a malformed \"\(field)\".")
            }
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            guard !context.codingPath.isEmpty else {
                self.init(.internal, "The daemon's reply is malformed.")
                return
            }
            self.init(.internal, "The daemon's reply has a malformed \"\(Self.field(context.codingPath))\".")
        default:
            self.init(.internal, "The daemon's reply is malformed: \(error).")
        }
    }

    /// The key a coding path ends in, past any array positions.
    private static func field(_ path: [any CodingKey]) -> String {
        path.last { $0.intValue == nil }?.stringValue ?? "result"
    }
}

extension JSON {
    /// The value a coding path leads to, when there is one.
    func value(at path: [any CodingKey]) -> JSON? {
        var value = self
        for key in path {
            if let index = key.intValue, let items = value.array, items.indices.contains(index) {
                value = items[index]
            } else if let next = value[key.stringValue] {
                value = next
            } else {
                return nil
            }
        }
        return value
    }
}

extension KeyedDecodingContainer {
    /// A bool with a default: false when absent or not a bool.
    func flag(_ key: Key) -> Bool { (try? decodeIfPresent(Bool.self, forKey: key)) ?? false }

    /// A clock speed, within 0...JSON.maxClockSpeed (1 when absent), so no arithmetic on it can overflow.
    func clockSpeed(_ key: Key) -> Double {
        min(max((try? decodeIfPresent(Double.self, forKey: key)) ?? 1, 0), JSON.maxClockSpeed)
    }

    /// A list of texts that a client can do without: empty when absent or not an array, and items
    /// that are not text left out.
    func texts(_ key: Key) -> [String] {
        guard var items = try? nestedUnkeyedContainer(forKey: key) else { return [] }
        var texts: [String] = []
        while !items.isAtEnd {
            if let text = try? items.decode(String.self) {
                texts.append(text)
            } else {
                _ = try? items.decode(Skipped.self)
            }
        }
        return texts
    }
}

/// Any value, read and dropped: what moves an unkeyed container past an item it does not want.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) {}
}

// The domain's names travel as their raw values; an unknown one is an error that names it.
extension Tab: Codable {}
extension Direction: Codable {}
extension FlightStatus: Codable {}
extension FlightChange.Kind: Codable {}

/// Reading a JSON value's fields by hand, for the client's own views of a reply (`EventChange`).
extension JSON {
    /// A required field, read with `read`; a clear error when it is missing or of the wrong type.
    public func field<T>(_ key: String, _ read: (JSON) -> T?) throws(WireError) -> T {
        guard let value = self[key] else { throw WireError(.internal, "The daemon's reply has no \"\(key)\".") }
        guard let typed = read(value) else { throw WireError(.internal, "The daemon's reply has a malformed \"\(key)\".") }
        return typed
    }

    /// The fastest a simulated clock runs (`boardd --speed`); a reply claiming more is read as this.
    public static let maxClockSpeed = 1_000_000.0
}

/// Picks `HH:MM` out of an ISO-8601 time the daemon sent (already the airport's local time).
public func clockText(_ iso: String?) -> String {
    guard let iso, iso.count >= 16 else { return "--:--" }
    let start = iso.index(iso.startIndex, offsetBy: 11)
    return String(iso[start..<iso.index(start, offsetBy: 5)])
}
