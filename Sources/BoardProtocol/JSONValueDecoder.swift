/// Decodes a `Decodable` value from the project's `JSON`: the `Decoder` documents read replies with.
///
/// Errors are `DecodingError`s with the coding path of the value at fault, as Foundation's are: a
/// missing key is `keyNotFound`, null where a value is required `valueNotFound`, a value of another
/// kind `typeMismatch`. Keys are read from the object as it was parsed (`JSON.parse` keeps one
/// entry for a repeated key: the first place, the last value); a key in a hand-built object with
/// two entries reads as the first, as `JSON`'s subscript does. Keys the type does not ask for are
/// ignored.
///
/// One rule is the protocol's own: `decodeIfPresent` of a string, number or bool reads a value of
/// another kind as absent, not as an error, as the client has always read the optional fields of
/// a reply (a field it can do without never stops it reading the rest). Integers are read from a
/// number with no fraction, `3.0` too, as `JSON.int` reads them.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<Value: Decodable>(_: Value.Type, from json: JSON) throws -> Value {
        try JSONValueDecoding(json, codingPath: []).decode(Value.self)
    }
}

/// The `Decoder` for one value.
struct JSONValueDecoding: Decoder {
    let json: JSON
    let codingPath: [any CodingKey]

    init(_ json: JSON, codingPath: [any CodingKey]) {
        self.json = json
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let pairs) = json else { throw mismatch([String: JSON].self, json, codingPath) }
        return KeyedDecodingContainer(ObjectDecodingContainer<Key>(pairs: pairs, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = json else { throw mismatch([JSON].self, json, codingPath) }
        return ArrayDecodingContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    /// This decoder's value as `Value`: a primitive read straight from the JSON, anything else by its `init(from:)`.
    func decode<Value: Decodable>(_: Value.Type) throws -> Value {
        if Value.self == String.self { return try scalar(\.string, as: String.self) as! Value }
        if Value.self == Int.self { return try scalar(\.int, as: Int.self) as! Value }
        if Value.self == Bool.self { return try scalar(\.bool, as: Bool.self) as! Value }
        if Value.self == Double.self { return try scalar(\.double, as: Double.self) as! Value }
        return try Value(from: self)
    }

    /// `read(json)`, or the error that says why it is not a `Value`.
    func scalar<Value>(_ read: (JSON) -> Value?, as _: Value.Type) throws -> Value {
        guard let value = read(json) else { throw mismatch(Value.self, json, codingPath) }
        return value
    }

    func integer<Value: BinaryInteger>(_: Value.Type) throws -> Value {
        guard let value = json.int.flatMap(Value.init(exactly:)) else { throw mismatch(Value.self, json, codingPath) }
        return value
    }
}

extension JSONValueDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { json == .null }
    func decode(_: Bool.Type) throws -> Bool { try scalar(\.bool, as: Bool.self) }
    func decode(_: String.Type) throws -> String { try scalar(\.string, as: String.self) }
    func decode(_: Double.Type) throws -> Double { try scalar(\.double, as: Double.self) }
    func decode(_: Float.Type) throws -> Float { Float(try scalar(\.double, as: Double.self)) }
    func decode(_: Int.Type) throws -> Int { try scalar(\.int, as: Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
}

/// The error for `json` where a `Value` was expected: `valueNotFound` for null, else `typeMismatch`.
func mismatch<Value>(_: Value.Type, _ json: JSON, _ codingPath: [any CodingKey]) -> DecodingError {
    let found: String
    switch json {
    case .null: found = "null"
    case .bool: found = "a bool"
    case .int, .double: found = "a number"
    case .string: found = "a string"
    case .array: found = "an array"
    case .object: found = "an object"
    }
    let context = DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(Value.self) but found \(found).")
    return json == .null ? .valueNotFound(Value.self, context) : .typeMismatch(Value.self, context)
}

/// The keyed container: an object's pairs, looked up by key.
struct ObjectDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pairs: [(String, JSON)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { pairs.compactMap { Key(stringValue: $0.0) } }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    /// The value under `key`, the first entry when a hand-built object has two.
    func value(_ key: Key) -> JSON? {
        let name = key.stringValue
        return pairs.first { $0.0 == name }?.1
    }

    /// The decoder of the value under `key`; `keyNotFound` when there is none.
    func decoder(_ key: Key) throws -> JSONValueDecoding {
        guard let json = value(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return JSONValueDecoding(json, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(Bool.self) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(String.self) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(Double.self) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(Float.self) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(Int.self) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(Int8.self) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(Int16.self) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(Int32.self) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(Int64.self) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(UInt.self) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(UInt8.self) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(UInt16.self) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(UInt32.self) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(UInt64.self) }
    func decode<Value: Decodable>(_: Value.Type, forKey key: Key) throws -> Value { try decoder(key).decode(Value.self) }

    // An optional string, number or bool of another kind reads as absent (the protocol's rule, above).
    func decodeIfPresent(_: Bool.Type, forKey key: Key) -> Bool? { value(key)?.bool }
    func decodeIfPresent(_: String.Type, forKey key: Key) -> String? { value(key)?.string }
    func decodeIfPresent(_: Double.Type, forKey key: Key) -> Double? { value(key)?.double }
    func decodeIfPresent(_: Float.Type, forKey key: Key) -> Float? { value(key)?.double.map(Float.init) }
    func decodeIfPresent(_: Int.Type, forKey key: Key) -> Int? { value(key)?.int }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) -> Int8? { integer(key) }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) -> Int16? { integer(key) }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) -> Int32? { integer(key) }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) -> Int64? { integer(key) }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) -> UInt? { integer(key) }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) -> UInt8? { integer(key) }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) -> UInt16? { integer(key) }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) -> UInt32? { integer(key) }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) -> UInt64? { integer(key) }

    /// Any other optional: nil when absent or null, else read as strictly as a required value.
    func decodeIfPresent<Value: Decodable>(_: Value.Type, forKey key: Key) throws -> Value? {
        guard let json = value(key), json != .null else { return nil }
        return try JSONValueDecoding(json, codingPath: codingPath + [key]).decode(Value.self)
    }

    private func integer<Value: BinaryInteger>(_ key: Key) -> Value? { value(key)?.int.flatMap(Value.init(exactly:)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    /// The value under `"super"`, null when there is none (as Foundation's decoder gives it).
    func superDecoder() -> any Decoder {
        let json = pairs.first { $0.0 == SuperKey.super.stringValue }?.1 ?? .null
        return JSONValueDecoding(json, codingPath: codingPath + [SuperKey.super])
    }

    func superDecoder(forKey key: Key) -> any Decoder {
        JSONValueDecoding(value(key) ?? .null, codingPath: codingPath + [key])
    }
}

/// The unkeyed container: an array's items, read in turn.
struct ArrayDecodingContainer: UnkeyedDecodingContainer {
    let items: [JSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSON], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder of the next item; `valueNotFound` past the end. The index moves on only once the
    /// item is read, as Foundation's decoder does, so a failed read can be retried as another type.
    func next<Value>(_: Value.Type) throws -> JSONValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Value.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "The array has ended."))
        }
        return JSONValueDecoding(items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func read<Value: Decodable>(_: Value.Type) throws -> Value {
        let value = try next(Value.self).decode(Value.self)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(JSON.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try read(Bool.self) }
    mutating func decode(_: String.Type) throws -> String { try read(String.self) }
    mutating func decode(_: Double.Type) throws -> Double { try read(Double.self) }
    mutating func decode(_: Float.Type) throws -> Float { try read(Float.self) }
    mutating func decode(_: Int.Type) throws -> Int { try read(Int.self) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try read(Int8.self) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try read(Int16.self) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try read(Int32.self) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try read(Int64.self) }
    mutating func decode(_: UInt.Type) throws -> UInt { try read(UInt.self) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try read(UInt8.self) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try read(UInt16.self) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try read(UInt32.self) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try read(UInt64.self) }
    mutating func decode<Value: Decodable>(_: Value.Type) throws -> Value { try read(Value.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try next([String: JSON].self).container(keyedBy: NestedKey.self)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next([JSON].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next(JSON.self)
        currentIndex += 1
        return decoder
    }
}
