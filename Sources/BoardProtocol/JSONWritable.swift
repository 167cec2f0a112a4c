/// A value that writes its own JSON bytes: the same bytes its `encode(to:)` gives, without going
/// through `Encoder`'s containers.
///
/// Codable encoding costs a few generic calls a key (an existential container, unspecialized
/// generics); a flight is 22 keys, and the daemon writes one for every row of every search and
/// details reply and of every board it builds. So the documents it writes most conform:
/// `JSONBytesEncoder` writes them with `writeJSON(into:)`. Their keys are still written once, in
/// `CodingKeys`; the properties are listed again, in order, and `DocumentBytesTests` hold the
/// bytes to `JSONValueEncoder`'s for every flight of the fixture's days.
public protocol JSONWritable: Encodable {
    /// Appends the value's JSON to `out`.
    func writeJSON(into out: inout [UInt8])
}

/// Writes `value` with its own `writeJSON(into:)` when its type is `JSONWritable`; false when not.
///
/// The conformance is looked up from the type alone, and the value used where it is: casting the
/// value to `any JSONWritable` would copy each flight or change of a page into a box of its own.
func writeItself<Value>(_ value: Value, into out: inout [UInt8]) -> Bool {
    guard let writable = Value.self as? any JSONWritable.Type else { return false }
    func write<Writable: JSONWritable>(as _: Writable.Type) {
        // `Writable` is `Value`, found from it: the same memory, read as the type it is.
        withUnsafePointer(to: value) { pointer in
            pointer.withMemoryRebound(to: Writable.self, capacity: 1) { $0.pointee.writeJSON(into: &out) }
        }
    }
    write(as: writable)
    return true
}

/// Writes an object's keys and values, in the order given, as `JSONValueEncoder` writes them: a
/// nil optional as null, a nested value by its own `writeJSON(into:)` or else `JSONBytesEncoder`.
public struct JSONObjectWriter {
    var out: [UInt8] = []
    private var count = 0

    /// Writes an object to `out`: `{`, what `body` writes, `}`.
    public static func write(into out: inout [UInt8], _ body: (inout JSONObjectWriter) -> Void) {
        var writer = JSONObjectWriter()
        swap(&writer.out, &out)
        writer.out.append(UInt8(ascii: "{"))
        body(&writer)
        writer.out.append(UInt8(ascii: "}"))
        swap(&writer.out, &out)
    }

    /// `,"key":`, the comma only after the first key.
    private mutating func key(_ key: some CodingKey) {
        if count > 0 { out.append(UInt8(ascii: ",")) }
        count += 1
        JSON.writeString(key.stringValue, into: &out)
        out.append(UInt8(ascii: ":"))
    }

    public mutating func write(_ value: String, _ key: some CodingKey) {
        self.key(key)
        JSON.writeString(value, into: &out)
    }

    public mutating func write(_ value: Int, _ key: some CodingKey) {
        self.key(key)
        JSON.writeInteger(value, into: &out)
    }

    public mutating func write(_ value: Bool, _ key: some CodingKey) {
        self.key(key)
        JSON.bool(value).write(into: &out)
    }

    public mutating func write(_ value: Double, _ key: some CodingKey) {
        self.key(key)
        JSON.double(value).write(into: &out)
    }

    public mutating func write(_ value: String?, _ key: some CodingKey) {
        guard let value else { return writeNull(key) }
        write(value, key)
    }

    public mutating func write(_ value: Double?, _ key: some CodingKey) {
        guard let value else { return writeNull(key) }
        write(value, key)
    }

    /// A name the domain gives (a status, a direction): its raw value.
    public mutating func write<Name: RawRepresentable<String>>(_ value: Name, _ key: some CodingKey) {
        write(value.rawValue, key)
    }

    public mutating func write(_ values: [String], _ key: some CodingKey) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSON.writeString(value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    public mutating func write(_ value: (some WireDocument)?, _ key: some CodingKey) {
        guard let value else { return writeNull(key) }
        self.key(key)
        value.write(into: &out)
    }

    public mutating func write(_ values: [some WireDocument], _ key: some CodingKey) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            value.write(into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    public mutating func writeNull(_ key: some CodingKey) {
        self.key(key)
        JSON.null.write(into: &out)
    }
}
