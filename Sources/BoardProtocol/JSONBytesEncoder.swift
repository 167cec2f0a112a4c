/// Encodes an `Encodable` straight to the bytes of its JSON: what `JSONValueEncoder` makes,
/// serialized, without making the value. The daemon writes the replies it encodes per request with
/// it (a flight's details, a search, a page of events) and its cached boards' rows.
///
/// It writes as the value encodes, so it relies on the order a synthesized `encode(to:)` keeps:
/// a value's keys one after another, each nested value finished before the next. A value encoded
/// any other way (a nested container or a super encoder, a key written twice, a container used
/// after another took its place, a value that asks for its coding path, which this encoder does
/// not keep) is encoded again with `JSONValueEncoder` and serialized, so the bytes are the same
/// either way; only the time differs. An error is `JSONValueEncoder`'s too, with its coding path.
/// A `JSONWritable` value writes itself (with `nils: .null`, the only way it writes nils).
public struct JSONBytesEncoder: Sendable {
    public var nils: JSONValueEncoder.Nils

    public init(nils: JSONValueEncoder.Nils = .null) { self.nils = nils }

    public func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try encode(value, into: &out)
        return out
    }

    /// Appends `value`'s bytes to `out`; on an error, `out` is left as it was.
    public func encode<Value: Encodable>(_ value: Value, into out: inout [UInt8]) throws {
        let start = out.count
        let writer = JSONByteWriting(nils: nils)
        swap(&writer.out, &out)
        defer { swap(&writer.out, &out) }
        do {
            try writer.write(value)
        } catch {
            writer.giveUp()
        }
        if writer.outOfOrder {
            writer.out.removeSubrange(start...)
            try JSONValueEncoder(nils: nils).encode(value).write(into: &writer.out)
        }
    }
}

/// The `Encoder` that writes bytes: one for a whole value, however deep, with the containers open
/// around the value being encoded.
final class JSONByteWriting: Encoder {
    /// A value written in a way this writer does not follow: `JSONValueEncoder` encodes it instead.
    struct OutOfOrder: Error {}

    /// An open object or array: how many items it has, and where its keys begin in `keys`.
    struct Open {
        let isObject: Bool
        let serial: Int
        var count = 0
        let keysStart: Int
    }

    let nils: JSONValueEncoder.Nils
    var out: [UInt8] = []
    var open: [Open] = []
    /// The keys of the open objects, outermost first, to notice a key written twice.
    var keys: [String] = []
    /// Numbers each container opened, so a container used after it closed is noticed.
    var serial = 0
    /// The value being encoded: its own container is `open[level]`, its bytes begin at `out[start]`.
    var level = 0
    var start = 0
    var outOfOrder = false

    init(nils: JSONValueEncoder.Nils) { self.nils = nils }

    /// Not kept: a value that asks is encoded by `JSONValueEncoder`, which keeps it.
    var codingPath: [any CodingKey] {
        giveUp()
        return []
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BytesObjectContainer<Key>(writer: self, serial: openContainer(object: true), depth: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BytesArrayContainer(writer: self, serial: openContainer(object: false), depth: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BytesValueContainer(writer: self, level: level, start: start)
    }

    /// The value's own container: opened now, or the one it opened before (a value writes another's
    /// keys inline by handing it its encoder). Returns its serial, or -1 when the value already wrote
    /// something else.
    func openContainer(object: Bool) -> Int {
        if open.count == level + 1, open[level].isObject == object { return open[level].serial }
        guard !outOfOrder, open.count == level, out.count == start else { return giveUp() }
        serial += 1
        open.append(Open(isObject: object, serial: serial, keysStart: keys.count))
        out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return serial
    }

    /// Notes that the value is written out of order, for `JSONValueEncoder` to encode; -1 for a container's serial.
    @discardableResult
    func giveUp() -> Int {
        outOfOrder = true
        return -1
    }

    /// Writes the comma before the next item of the container `serial` at `depth`, which must be the
    /// innermost one open.
    func beginItem(depth: Int, serial: Int) throws {
        guard !outOfOrder, open.count == depth + 1, open[depth].serial == serial else {
            giveUp()
            throw OutOfOrder()
        }
        if open[depth].count > 0 { out.append(UInt8(ascii: ",")) }
        open[depth].count += 1
    }

    /// Writes `,"key":` in the object `serial` at `depth`; a key it already holds is out of order.
    func beginKey(_ key: String, depth: Int, serial: Int) throws {
        try beginItem(depth: depth, serial: serial)
        let length = key.utf8.count
        for index in open[depth].keysStart..<keys.count where keys[index].utf8.count == length && keys[index] == key {
            giveUp()
            throw OutOfOrder()
        }
        keys.append(key)
        JSON.writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// Writes `value` where the bytes are (after a key, a comma or nothing), closing what it opens.
    func write<Value: Encodable>(_ value: Value) throws {
        if let json = primitiveJSON(value) { return json.write(into: &out) }
        if nils == .null, writeItself(value, into: &out) { return }
        let outer = (level: level, start: start)
        level = open.count
        start = out.count
        defer { (level, start) = outer }
        try value.encode(to: self)
        if open.count == level + 1 {
            let closed = open.removeLast()
            keys.removeSubrange(closed.keysStart...)
            out.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        } else if open.count != level {
            giveUp()
        } else if out.count == start {
            out.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])  // nothing encoded: an empty object
        }
    }

    /// An integer of another width as `Int`; one that does not fit is `JSONValueEncoder`'s to refuse.
    func integer<Value: BinaryInteger>(_ value: Value) throws -> JSON {
        guard let int = Int(exactly: value) else {
            giveUp()
            throw OutOfOrder()
        }
        return .int(int)
    }
}

/// The keyed container: writes each key and its value in turn.
struct BytesObjectContainer<Key: CodingKey>: NilsAsNullContainer {
    var writesNilsAsNull: Bool { writer.nils == .null }
    let writer: JSONByteWriting
    let serial: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try put(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(.bool(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(.string(value), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(.double(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(.double(Double(value)), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(.int(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(integer: value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(integer: value, forKey: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try writer.beginKey(key.stringValue, depth: depth, serial: serial)
        try writer.write(value)
    }

    private func put(_ json: JSON, forKey key: Key) throws {
        try writer.beginKey(key.stringValue, depth: depth, serial: serial)
        json.write(into: &writer.out)
    }

    private func put<Value: BinaryInteger>(integer value: Value, forKey key: Key) throws {
        try put(try writer.integer(value), forKey: key)
    }

    // Nested containers and super encoders are left to `JSONValueEncoder`.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(BytesObjectContainer<NestedKey>(writer: writer, serial: writer.giveUp(), depth: depth))
    }

    mutating func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer {
        BytesArrayContainer(writer: writer, serial: writer.giveUp(), depth: depth)
    }

    mutating func superEncoder() -> any Encoder {
        writer.giveUp()
        return writer
    }

    mutating func superEncoder(forKey _: Key) -> any Encoder {
        writer.giveUp()
        return writer
    }
}

/// The unkeyed container: writes each item in turn.
struct BytesArrayContainer: UnkeyedEncodingContainer {
    let writer: JSONByteWriting
    let serial: Int
    let depth: Int

    var codingPath: [any CodingKey] { writer.codingPath }
    var count: Int { writer.open.indices.contains(depth) ? writer.open[depth].count : 0 }

    mutating func encodeNil() throws { try put(.null) }
    mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
    mutating func encode(_ value: String) throws { try put(.string(value)) }
    mutating func encode(_ value: Double) throws { try put(.double(value)) }
    mutating func encode(_ value: Float) throws { try put(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { try put(.int(value)) }
    mutating func encode(_ value: Int8) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int16) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int32) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int64) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt8) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt16) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt32) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt64) throws { try put(try writer.integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try writer.beginItem(depth: depth, serial: serial)
        try writer.write(value)
    }

    private func put(_ json: JSON) throws {
        try writer.beginItem(depth: depth, serial: serial)
        json.write(into: &writer.out)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(BytesObjectContainer<NestedKey>(writer: writer, serial: writer.giveUp(), depth: depth))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        BytesArrayContainer(writer: writer, serial: writer.giveUp(), depth: depth)
    }

    mutating func superEncoder() -> any Encoder {
        writer.giveUp()
        return writer
    }
}

/// The single-value container: writes the value's one value, where its bytes begin.
struct BytesValueContainer: SingleValueEncodingContainer {
    let writer: JSONByteWriting
    let level: Int
    let start: Int

    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws { try put(.null) }
    mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
    mutating func encode(_ value: String) throws { try put(.string(value)) }
    mutating func encode(_ value: Double) throws { try put(.double(value)) }
    mutating func encode(_ value: Float) throws { try put(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { try put(.int(value)) }
    mutating func encode(_ value: Int8) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int16) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int32) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: Int64) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt8) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt16) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt32) throws { try put(try writer.integer(value)) }
    mutating func encode(_ value: UInt64) throws { try put(try writer.integer(value)) }

    /// A value encoded in place, as `JSONValueEncoder` does: its containers are this value's.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        if let json = primitiveJSON(value) { return try put(json) }
        try checkUnwritten()
        try value.encode(to: writer)
    }

    /// The value must be where its bytes begin, with nothing written yet.
    private func checkUnwritten() throws {
        guard !writer.outOfOrder, writer.level == level, writer.open.count == level, writer.out.count == start else {
            writer.giveUp()
            throw JSONByteWriting.OutOfOrder()
        }
    }

    private func put(_ json: JSON) throws {
        try checkUnwritten()
        json.write(into: &writer.out)
    }
}
