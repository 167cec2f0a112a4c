import BoardProtocol
import Testing

/// `JSONValueEncoder` and `JSONValueDecoder` on their own: key order, nesting, optionals, numbers,
/// strings, duplicate keys and the errors of a value that cannot be read.
@Suite struct JSONValueEncoderTests {
    /// Keys declared out of alphabetical order: they come out as declared.
    struct Ordered: Codable, Equatable {
        var zulu = 1
        var alpha = "a"
        var mike = true
        var golf = 2.5
    }

    @Test func keysComeInTheOrderTheyAreEncoded() throws {
        let json = try JSONValueEncoder().encode(Ordered())
        #expect(json.objectPairs?.map(\.0) == ["zulu", "alpha", "mike", "golf"])
        #expect(json.text == #"{"zulu":1,"alpha":"a","mike":true,"golf":2.5}"#)
    }

    /// A type that writes its keys by hand, nested containers among them.
    struct Nested: Encodable {
        enum Keys: String, CodingKey {
            case first, inner, list, last, deep
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("one", forKey: .first)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try container.encode(9, forKey: .last)
            // Written after the keys that follow them: they keep their own places.
            try inner.encode(1, forKey: .first)
            try list.encode("x")
            var item = list.nestedContainer(keyedBy: Keys.self)
            try item.encode(false, forKey: .deep)
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(1)
            try pair.encode(2)
            try inner.encode([3, 4], forKey: .list)
        }
    }

    @Test func nestedContainersKeepTheirPlaceWhenWrittenLater() throws {
        let json = try JSONValueEncoder().encode(Nested())
        #expect(json.text == #"{"first":"one","inner":{"first":1,"list":[3,4]},"list":["x",{"deep":false},[1,2]],"last":9}"#)
    }

    struct Optionals: Codable, Equatable {
        var name: String?
        var count: Int?
        var child: Ordered?
        var kept = "k"
    }

    @Test func aNilOptionalIsNullByDefault() throws {
        let json = try JSONValueEncoder().encode(Optionals())
        #expect(json.text == #"{"name":null,"count":null,"child":null,"kept":"k"}"#)
        #expect(try JSONValueDecoder().decode(Optionals.self, from: json) == Optionals())
    }

    @Test func aNilOptionalCanBeLeftOut() throws {
        let json = try JSONValueEncoder(nils: .omitted).encode(Optionals())
        #expect(json.text == #"{"kept":"k"}"#)
        #expect(try JSONValueDecoder().decode(Optionals.self, from: json) == Optionals())
    }

    @Test func presentOptionalsAreTheirValues() throws {
        let value = Optionals(name: "n", count: 3, child: Ordered(), kept: "k")
        let json = try JSONValueEncoder(nils: .omitted).encode(value)
        #expect(json.text == #"{"name":"n","count":3,"child":{"zulu":1,"alpha":"a","mike":true,"golf":2.5},"kept":"k"}"#)
        #expect(try JSONValueDecoder().decode(Optionals.self, from: json) == value)
    }

    @Test func arraysOfValuesObjectsArraysAndNils() throws {
        let strings = try JSONValueEncoder().encode(["a", "b"])
        #expect(strings == ["a", "b"])
        let objects = try JSONValueEncoder().encode([Ordered(), Ordered()])
        #expect(objects.array?.count == 2 && objects.array?[1]["alpha"] == "a")
        let grid = try JSONValueEncoder().encode([[1, 2], [], [3]])
        #expect(grid.text == "[[1,2],[],[3]]")
        let holes = try JSONValueEncoder(nils: .omitted).encode([1, nil, 3])
        #expect(holes.text == "[1,null,3]", "an array's nil is null whatever `nils` says")
        #expect(try JSONValueDecoder().decode([Int?].self, from: holes) == [1, nil, 3])
        #expect(try JSONValueDecoder().decode([[Int]].self, from: grid) == [[1, 2], [], [3]])
    }

    struct Numbers: Codable, Equatable {
        var int = -42
        var whole = 2.0
        var fraction = 0.25
        var small: Int8 = -8
        var unsigned: UInt16 = 65535
        var wide: Int64 = 9_007_199_254_740_993
        var float: Float = 1.5
    }

    @Test func numbersKeepTheirKind() throws {
        let json = try JSONValueEncoder().encode(Numbers())
        #expect(Kind(json["int"]!) == .int)
        #expect(Kind(json["whole"]!) == .double)
        #expect(Kind(json["small"]!) == .int && Kind(json["wide"]!) == .int)
        #expect(
            json.text
                == #"{"int":-42,"whole":2,"fraction":0.25,"small":-8,"unsigned":65535,"wide":9007199254740993,"float":1.5}"#)
        #expect(try JSONValueDecoder().decode(Numbers.self, from: try JSON.parse(json.bytes)) == Numbers())
    }

    @Test func anUnsignedIntegerPastIntMaxIsAnError() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([UInt64.max]) }
    }

    @Test func anIntegerReadsFromAWholeDoubleButNotAFraction() throws {
        #expect(try JSONValueDecoder().decode(Int.self, from: .double(3)) == 3)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: .double(3.5)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int8.self, from: 300) }
        #expect(try JSONValueDecoder().decode(Double.self, from: 3) == 3)
    }

    @Test(arguments: JSONRoundTripTests.strings)
    func stringsAreEscapedAsTheSerializerEscapesThem(_ text: String) throws {
        let json = try JSONValueEncoder().encode(["text": text])
        #expect(json.bytes == JSON.object([("text", .string(text))]).bytes)
        #expect(try JSONValueDecoder().decode([String: String].self, from: try JSON.parse(json.bytes)) == ["text": text])
    }

    /// Writes one key twice, as a careless `encode(to:)` might.
    struct Twice: Encodable {
        enum Keys: String, CodingKey {
            case a, b
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode(3, forKey: .a)
        }
    }

    @Test func aKeyEncodedTwiceKeepsItsPlaceAndTakesTheLastValue() throws {
        #expect(try JSONValueEncoder().encode(Twice()).text == #"{"a":3,"b":2}"#)
    }

    /// A value that writes the keys of another into its own object, as a flight's details do.
    struct Inline: Encodable {
        enum Keys: String, CodingKey {
            case before, after
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(0, forKey: .before)
            try Ordered().encode(to: encoder)
            try container.encode(9, forKey: .after)
        }
    }

    @Test func aValueCanEncodeAnothersKeysInline() throws {
        let json = try JSONValueEncoder().encode(Inline())
        #expect(json.text == #"{"before":0,"zulu":1,"alpha":"a","mike":true,"golf":2.5,"after":9}"#)
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        #expect(try JSONValueEncoder().encode(Nothing()) == [:])
        #expect(try JSONValueEncoder().encode(["a": Nothing()]).text == #"{"a":{}}"#)
    }

    @Test func singleValuesAtTheTop() throws {
        #expect(try JSONValueEncoder().encode("top") == "top")
        #expect(try JSONValueEncoder().encode(7) == 7)
        #expect(try JSONValueEncoder().encode(String?.none) == .null)
    }

    class Base: Codable {
        var base = 1
    }

    final class Derived: Base {
        var own = 2

        enum Keys: String, CodingKey {
            case own
        }

        override init() { super.init() }

        required init(from decoder: any Decoder) throws {
            own = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .own)
            try super.init(from: try decoder.container(keyedBy: Keys.self).superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(own, forKey: .own)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func aSuperclassEncodesUnderSuper() throws {
        let derived = Derived()
        derived.base = 5
        let json = try JSONValueEncoder().encode(derived)
        #expect(json.text == #"{"own":2,"super":{"base":5}}"#)
        let decoded = try JSONValueDecoder().decode(Derived.self, from: json)
        #expect(decoded.base == 5 && decoded.own == 2)
    }
}

@Suite struct JSONValueDecoderTests {
    struct Flight: Decodable, Equatable {
        struct Bag: Decodable, Equatable {
            var belt: Int
        }

        var id: Int
        var gate: String
        var bags: [Bag]
        var remark: String?
        var progress: Double?
        var bag: Bag?
    }

    static let flight: JSON = [
        "id": 7, "gate": "A1", "bags": [["belt": 3]], "remark": "late", "progress": .double(0.5), "bag": nil,
    ]

    @Test func aValueDecodesAndExtraKeysAreIgnored() throws {
        let flight = try JSONValueDecoder().decode(Flight.self, from: Self.flight.setting("extra", [1, 2]))
        #expect(flight == Flight(id: 7, gate: "A1", bags: [.init(belt: 3)], remark: "late", progress: 0.5, bag: nil))
    }

    /// The last key of the error's coding path, and the kind of error.
    static func failure(_ json: JSON) -> (kind: String, path: [String])? {
        do {
            _ = try JSONValueDecoder().decode(Flight.self, from: json)
            return nil
        } catch DecodingError.keyNotFound(let key, let context) {
            return ("keyNotFound", (context.codingPath + [key]).map(\.stringValue))
        } catch DecodingError.typeMismatch(_, let context) {
            return ("typeMismatch", context.codingPath.map(\.stringValue))
        } catch DecodingError.valueNotFound(_, let context) {
            return ("valueNotFound", context.codingPath.map(\.stringValue))
        } catch {
            return ("\(error)", [])
        }
    }

    @Test func aMissingKeyIsKeyNotFoundWithItsPath() throws {
        let failure = try #require(Self.failure(Self.flight.removing("gate")))
        #expect(failure.kind == "keyNotFound" && failure.path == ["gate"])
        let bags: JSON = [["belt": 3], ["weight": 2]]
        let nested = try #require(Self.failure(Self.flight.setting("bags", bags)))
        #expect(nested.kind == "keyNotFound" && nested.path == ["bags", "Index 1", "belt"])
    }

    @Test func aValueOfTheWrongKindIsATypeMismatch() throws {
        let failure = try #require(Self.failure(Self.flight.setting("id", "seven")))
        #expect(failure.kind == "typeMismatch" && failure.path == ["id"])
        let notAnArray = try #require(Self.failure(Self.flight.setting("bags", ["belt": 3])))
        #expect(notAnArray.kind == "typeMismatch" && notAnArray.path == ["bags"])
        let top = try #require(Self.failure([1, 2]))
        #expect(top.kind == "typeMismatch" && top.path.isEmpty)
    }

    @Test func nullWhereAValueIsRequiredIsValueNotFound() throws {
        let failure = try #require(Self.failure(Self.flight.setting("gate", nil)))
        #expect(failure.kind == "valueNotFound" && failure.path == ["gate"])
    }

    @Test func anOptionalScalarOfAnotherKindReadsAsAbsent() throws {
        let flight = try JSONValueDecoder().decode(
            Flight.self, from: Self.flight.setting("remark", 5).setting("progress", "half"))
        #expect(flight.remark == nil && flight.progress == nil)
    }

    @Test func anOptionalObjectIsReadStrictly() throws {
        #expect(try JSONValueDecoder().decode(Flight.self, from: Self.flight.setting("bag", ["belt": 1])).bag?.belt == 1)
        let failure = try #require(Self.failure(Self.flight.setting("bag", ["weight": 1])))
        #expect(failure.kind == "keyNotFound" && failure.path == ["bag", "belt"])
        #expect(Self.failure(Self.flight.setting("bag", "big"))?.kind == "typeMismatch")
    }

    @Test func aRepeatedKeyReadsAsTheParserKeptIt() throws {
        // The parser keeps a repeated key's first place and its last value.
        let parsed = try JSON.parse(#"{"id":1,"gate":"A1","bags":[],"id":2}"#)
        #expect(try JSONValueDecoder().decode(Flight.self, from: parsed).id == 2)
        // A hand-built object with two entries reads the first, as `JSON`'s subscript does.
        let built = JSON.object([("id", 1), ("gate", "A1"), ("bags", []), ("id", 2)])
        #expect(try JSONValueDecoder().decode(Flight.self, from: built).id == built["id"]?.int)
    }

    @Test func anArrayCanBeReadAgainAfterAFailedItem() throws {
        struct Texts: Decodable {
            var texts: [String] = []

            init(from decoder: any Decoder) throws {
                var items = try decoder.unkeyedContainer()
                #expect(items.count == 3)
                while !items.isAtEnd {
                    if let text = try? items.decode(String.self) {
                        texts.append(text)
                    } else {
                        #expect(try items.decode(Int.self) == 2)
                    }
                }
                #expect(throws: DecodingError.self) { try items.decode(String.self) }
            }
        }
        #expect(try JSONValueDecoder().decode(Texts.self, from: ["a", 2, "c"]).texts == ["a", "c"])
    }
}
