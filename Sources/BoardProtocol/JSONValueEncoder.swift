/// Encodes an `Encodable` value as the project's `JSON`: the `Encoder` that lets each document write
/// its keys once, in its struct.
///
/// An object's keys keep the order they are encoded in: a synthesized `encode(to:)` encodes the
/// properties in the order they are declared, so a document's bytes follow its struct. A key
/// encoded twice keeps its first place and takes its last value, as `JSON.parse` reads a repeated
/// key. A nil optional is written as `null`, through `encodeIfPresent` too: the contract lists every
/// key of a document, null when it holds nothing (`nils: .omitted` leaves such keys out, as
/// Foundation's `JSONEncoder` does). Numbers stay what they are encoded as: an `Int` is
/// `.int`, a `Double` `.double` (which the serializer writes without a fraction when it has none).
public struct JSONValueEncoder: Sendable {
    /// What a nil optional encoded with `encodeIfPresent` becomes.
    public enum Nils: Sendable {
        /// `"key":null`, as the contract writes a value that is absent.
        case null
        /// No key at all.
        case omitted
    }

    public var nils: Nils

    public init(nils: Nils = .null) { self.nils = nils }

    /// `value` as JSON; the error is the one `value`'s `encode(to:)` threw, or an `EncodingError` for
    /// an unsigned integer too large for `Int`.
    public func encode<Value: Encodable>(_ value: Value) throws -> JSON {
        if let json = primitiveJSON(value) { return json }
        let encoder = JSONValueEncoding(nils: nils, parent: nil, key: nil)
        try value.encode(to: encoder)
        return encoder.finish()
    }
}

/// The JSON of a string, a number or a bool, without an encoder: most of a document's values are
/// these, and going through `encode(to:)` would make an encoder and a container for each.
func primitiveJSON<Value: Encodable>(_ value: Value) -> JSON? {
    if Value.self == String.self { return .string(value as! String) }
    if Value.self == Int.self { return .int(value as! Int) }
    if Value.self == Bool.self { return .bool(value as! Bool) }
    if Value.self == Double.self { return .double(value as! Double) }
    return nil
}

/// An array's position as a coding key, for coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The `Encoder` one value is encoded with, and what it holds: a value, or the object or array its
/// containers fill (a class: its containers share it).
///
/// An object's values are final JSON as they are set, but for nested containers and super
/// encoders, which may be written to after the call that made them returns: each holds a place
/// (`pending`), filled in when the encoder finishes. Its coding path is kept as its parent and key,
/// and made into an array only when asked for (an error's context): most values never ask.
final class JSONValueEncoding: Encoder {
    enum Shape { case empty, value, object, array }

    let nils: JSONValueEncoder.Nils
    let parent: JSONValueEncoding?
    let key: (any CodingKey)?
    private(set) var shape = Shape.empty
    var value = JSON.null
    var pairs: [(String, JSON)] = []
    var items: [JSON] = []
    /// Places in `pairs` or `items` whose value another encoder gives when this one finishes.
    var pending: [(index: Int, encoder: JSONValueEncoding)] = []

    init(nils: JSONValueEncoder.Nils, parent: JSONValueEncoding?, key: (any CodingKey)?) {
        self.nils = nils
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONValueEncoding? = self
        while let current = encoder, let key = current.key {
            path.append(key)
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The same object each time a keyed container is asked for, so a document can encode another's
    /// keys inline (a flight's details are the flight's keys and more).
    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        become(.object)
        return KeyedEncodingContainer(ObjectEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        become(.array)
        return ArrayEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { ValueEncodingContainer(encoder: self) }

    /// Starts holding an object or an array (or a value); what was there before, of another shape, is dropped.
    func become(_ new: Shape) {
        guard shape != new else { return }
        shape = new
        value = .null
        pairs = []
        items = []
        pending = []
        if new == .object { pairs.reserveCapacity(8) }
    }

    /// Sets `key`; a key already there keeps its place and takes the new value.
    func set(_ key: String, _ json: JSON) {
        let length = key.utf8.count
        if let index = pairs.firstIndex(where: { $0.0.utf8.count == length && $0.0 == key }) {
            pairs[index].1 = json
            pending.removeAll { $0.index == index }
        } else {
            pairs.append((key, json))
        }
    }

    /// A nested encoder whose value goes under `key` (or, without one, at the end of the array) when this one finishes.
    func nested(_ key: any CodingKey, name: String?) -> JSONValueEncoding {
        let nested = JSONValueEncoding(nils: nils, parent: self, key: key)
        if let name {
            set(name, .null)
            pending.append((pairs.firstIndex { $0.0 == name }!, nested))
        } else {
            pending.append((items.count, nested))
            items.append(.null)
        }
        return nested
    }

    /// What was encoded, the nested encoders' values in their places; an empty object when nothing was.
    func finish() -> JSON {
        switch shape {
        case .empty: return .object([])
        case .value: return value
        case .object:
            for (index, encoder) in pending { pairs[index].1 = encoder.finish() }
            return .object(pairs)
        case .array:
            for (index, encoder) in pending { items[index] = encoder.finish() }
            return .array(items)
        }
    }

    /// `value` encoded under `key`: a primitive at once, anything else by an encoder of its own.
    func encode<Value: Encodable>(_ value: Value, at key: any CodingKey) throws -> JSON {
        if let json = primitiveJSON(value) { return json }
        let encoder = JSONValueEncoding(nils: nils, parent: self, key: key)
        try value.encode(to: encoder)
        return encoder.finish()
    }

    /// Sets a single value.
    func set(value json: JSON) {
        become(.value)
        value = json
    }

    /// An integer of another width as `.int`; an unsigned one past `Int.max` is an error.
    func integer<Value: BinaryInteger>(_ value: Value, at key: (any CodingKey)?) throws -> JSON {
        guard let int = Int(exactly: value) else {
            let path = codingPath + (key.map { [$0] } ?? [])
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is too large for JSON."))
        }
        return .int(int)
    }
}

/// The keyed container: sets its encoder's keys.
struct ObjectEncodingContainer<Key: CodingKey>: NilsAsNullContainer {
    var writesNilsAsNull: Bool { encoder.nils == .null }
    let encoder: JSONValueEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) { encoder.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) { encoder.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) { encoder.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) { encoder.set(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) { encoder.set(key.stringValue, .double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) { encoder.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try set(integer: value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try set(integer: value, forKey: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        encoder.set(key.stringValue, try encoder.encode(value, at: key))
    }

    private func set<Value: BinaryInteger>(integer value: Value, forKey key: Key) throws {
        encoder.set(key.stringValue, try encoder.integer(value, at: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.nested(key, name: key.stringValue).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.nested(key, name: key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.nested(SuperKey.super, name: SuperKey.super.stringValue) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.nested(key, name: key.stringValue) }
}

/// `"super"`, the key `superEncoder()` and `superDecoder()` use.
enum SuperKey: String, CodingKey {
    case `super`
}

/// The unkeyed container: appends to its encoder's items.
struct ArrayEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.items.count }

    mutating func encodeNil() { encoder.items.append(.null) }
    mutating func encode(_ value: Bool) { encoder.items.append(.bool(value)) }
    mutating func encode(_ value: String) { encoder.items.append(.string(value)) }
    mutating func encode(_ value: Double) { encoder.items.append(.double(value)) }
    mutating func encode(_ value: Float) { encoder.items.append(.double(Double(value))) }
    mutating func encode(_ value: Int) { encoder.items.append(.int(value)) }
    mutating func encode(_ value: Int8) throws { try append(integer: value) }
    mutating func encode(_ value: Int16) throws { try append(integer: value) }
    mutating func encode(_ value: Int32) throws { try append(integer: value) }
    mutating func encode(_ value: Int64) throws { try append(integer: value) }
    mutating func encode(_ value: UInt) throws { try append(integer: value) }
    mutating func encode(_ value: UInt8) throws { try append(integer: value) }
    mutating func encode(_ value: UInt16) throws { try append(integer: value) }
    mutating func encode(_ value: UInt32) throws { try append(integer: value) }
    mutating func encode(_ value: UInt64) throws { try append(integer: value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.items.append(try encoder.encode(value, at: IndexKey(count)))
    }

    private func append<Value: BinaryInteger>(integer value: Value) throws {
        encoder.items.append(try encoder.integer(value, at: IndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nested(IndexKey(count), name: nil).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.nested(IndexKey(count), name: nil).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.nested(IndexKey(count), name: nil) }
}

/// The single-value container: sets its encoder's value.
struct ValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: JSONValueEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() { encoder.set(value: .null) }
    mutating func encode(_ value: Bool) { encoder.set(value: .bool(value)) }
    mutating func encode(_ value: String) { encoder.set(value: .string(value)) }
    mutating func encode(_ value: Double) { encoder.set(value: .double(value)) }
    mutating func encode(_ value: Float) { encoder.set(value: .double(Double(value))) }
    mutating func encode(_ value: Int) { encoder.set(value: .int(value)) }
    mutating func encode(_ value: Int8) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: Int16) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: Int32) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: Int64) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: UInt) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: UInt8) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: UInt16) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: UInt32) throws { encoder.set(value: try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: UInt64) throws { encoder.set(value: try encoder.integer(value, at: nil)) }

    /// A value encoded in place: it fills this same encoder, as Foundation's encoders do.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        if let json = primitiveJSON(value) {
            encoder.set(value: json)
        } else {
            try value.encode(to: encoder)
        }
    }
}
