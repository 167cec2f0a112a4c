import BoardProtocol
import FlightData
import Testing

/// `JSONBytesEncoder` writes the bytes `JSONValueEncoder`'s value serializes to, for every shape a
/// value takes: straight when the value encodes in order, through `JSONValueEncoder` otherwise.
@Suite struct JSONBytesEncoderTests {
    typealias F = ScheduleFixture
    typealias Value = JSONValueEncoderTests

    /// Both encoders' bytes of `value`, with each `nils`.
    static func check<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for nils in [JSONValueEncoder.Nils.null, .omitted] {
            let expected = try JSONValueEncoder(nils: nils).encode(value).bytes
            let bytes = try JSONBytesEncoder(nils: nils).encode(value)
            #expect(
                String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                sourceLocation: sourceLocation)
        }
    }

    @Test func valuesEncodedInOrder() throws {
        try Self.check(Value.Ordered())
        try Self.check(Value.Optionals())
        try Self.check(Value.Optionals(name: "n", count: 3, child: Value.Ordered(), kept: "k"))
        try Self.check(Value.Numbers())
        try Self.check([[1, 2], [], [3]])
        try Self.check([1, nil, 3])
        try Self.check([Value.Ordered(), Value.Ordered()])
        try Self.check(Value.Inline())
        try Self.check(Value.Nothing())
        try Self.check(["a": Value.Nothing()])
        try Self.check("top")
        try Self.check(String?.none)
        try Self.check(FlightStatus.boarding)
    }

    @Test(arguments: JSONRoundTripTests.strings)
    func stringsWithEscapes(_ text: String) throws {
        try Self.check(["text": text])
        try Self.check([text])
    }

    /// Nested containers, a key written twice and a super encoder are left to `JSONValueEncoder`.
    @Test func valuesEncodedOtherwise() throws {
        try Self.check(Value.Nested())
        try Self.check(Value.Twice())
        try Self.check(Value.Derived())
        // In an array, after and before values written straight.
        try Self.check([AnyEncodable(Value.Ordered()), AnyEncodable(Value.Twice()), AnyEncodable(Value.Ordered())])
    }

    @Test func theBytesAreAppendedToWhatIsThere() throws {
        var out = Array("prefix:".utf8)
        try JSONBytesEncoder().encode(Value.Twice(), into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"prefix:{"a":3,"b":2}"#)
    }

    @Test func anErrorLeavesTheBytesAsTheyWere() {
        var out = Array("kept".utf8)
        #expect(throws: EncodingError.self) { try JSONBytesEncoder().encode(["a": [UInt64.max]], into: &out) }
        #expect(out == Array("kept".utf8))
    }

    /// Writes itself one way (`JSONWritable`) and encodes another, so a test sees which was used.
    struct Marked: JSONWritable {
        var name: String?

        func writeJSON(into out: inout [UInt8]) { out += Array(#"{"written":true}"#.utf8) }
    }

    @Test func aJSONWritableValueWritesItselfWhenNilsAreNull() throws {
        #expect(try JSONBytesEncoder().encode([Marked()]) == Array(#"[{"written":true}]"#.utf8))
        // With `nils: .omitted`, which `writeJSON(into:)` does not follow, it is encoded.
        #expect(try JSONBytesEncoder(nils: .omitted).encode([Marked()]) == Array("[{}]".utf8))
    }
}

/// Any encodable value, for an array of values of different types.
struct AnyEncodable: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) { self.value = value }

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
