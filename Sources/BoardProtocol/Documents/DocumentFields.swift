/// Reading a document's fields from a reply: the pieces every document's `init(json:)` shares.
///
/// Decoding is lenient about extra keys and strict about the ones the client needs:
/// a missing or malformed field is a `WireError(.internal, ...)` naming it, never a crash.
extension JSON {
    /// A required field, read with `read`; a clear error when it is missing or of the wrong type.
    public func field<T>(_ key: String, _ read: (JSON) -> T?) throws(WireError) -> T {
        guard let value = self[key] else { throw WireError(.internal, "The daemon's reply has no \"\(key)\".") }
        guard let typed = read(value) else { throw WireError(.internal, "The daemon's reply has a malformed \"\(key)\".") }
        return typed
    }

    /// A required field naming a case of `Value` (a status, a direction, a tab); an unknown name is a clear error.
    public func field<Value: RawRepresentable<String>>(_ key: String, as _: Value.Type) throws(WireError) -> Value {
        let name = try field(key, \.string)
        guard let value = Value(rawValue: name) else {
            throw WireError(.internal, "The daemon's reply has an unknown \"\(key)\": \"\(name.prefix(64))\".")
        }
        return value
    }

    /// A required array field, each element decoded with `decode`.
    func field<Element>(_ key: String, each decode: (JSON) throws(WireError) -> Element) throws(WireError) -> [Element] {
        var elements: [Element] = []
        for item in try field(key, \.array) { elements.append(try decode(item)) }
        return elements
    }

    /// The fastest a simulated clock runs (`boardd --speed`); a reply claiming more is read as this.
    public static let maxClockSpeed = 1_000_000.0

    /// A clock speed from a reply, within 0...maxClockSpeed (1 when absent), so no arithmetic on it can overflow.
    public static func clockSpeed(_ value: JSON?) -> Double {
        min(max(value?.double ?? 1, 0), maxClockSpeed)
    }
}

/// Picks `HH:MM` out of an ISO-8601 time the daemon sent (already the airport's local time).
public func clockText(_ iso: String?) -> String {
    guard let iso, iso.count >= 16 else { return "--:--" }
    let start = iso.index(iso.startIndex, offsetBy: 11)
    return String(iso[start..<iso.index(start, offsetBy: 5)])
}
