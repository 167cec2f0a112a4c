import BoardProtocol
import BoardSystem
import Testing

/// A JSON value's case, so tests can tell `.int(1)` from `.double(1)` (which `==` treats as equal).
enum Kind: Equatable, Sendable {
    case null, bool, int, double, string, array, object

    init(_ value: JSON) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }
}

/// Bytes with a name, so a table of hostile inputs reads well in the test report.
struct Input: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]

    init(_ name: String, _ bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    init(_ text: String) {
        self.name = text.isEmpty ? "(empty)" : text
        self.bytes = Array(text.utf8)
    }

    var testDescription: String { name }
}

@Suite struct JSONRoundTripTests {
    static let strings = [
        "",
        "plain",
        "quote \" backslash \\ slash /",
        "line\nfeed\rreturn\ttab",
        "controls \u{0}\u{1}\u{8}\u{C}\u{1F} and delete \u{7F}",
        "café naïve Straße",
        "日本語のテキスト",
        "flight 🛫 ✈️ 🛬",
        "edge of unicode \u{10FFFF} and \u{FFFD}",
        "mixed \"é\"\n🛫\\",
    ]

    @Test(arguments: strings)
    func stringSurvivesSerializeAndParse(_ text: String) throws {
        let bytes = JSON.string(text).bytes
        let parsed = try JSON.parse(bytes)
        #expect(parsed.string == text)
        #expect(parsed.bytes == bytes)
    }

    @Test(arguments: [
        (#""\u00e9""#, "é"),
        (#""\u00E9""#, "é"),
        (#""\uD83D\uDEEB""#, "🛫"),
        (#""\ud83d\udeeb""#, "🛫"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""\uD800\uDC00""#, "\u{10000}"),
        (#""\u0000""#, "\u{0}"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""a\u0041\u00e9\u65e5z""#, "aAé日z"),
    ])
    func escapesDecode(_ source: String, _ expected: String) throws {
        #expect(try JSON.parse(source).string == expected)
    }

    @Test func serializerEscapesWhatMustBeEscapedAndNothingElse() {
        #expect(JSON.string("a\"b\\c").text == #""a\"b\\c""#)
        #expect(JSON.string("\n\r\t").text == #""\n\r\t""#)
        #expect(JSON.string("\u{0}\u{1}\u{8}\u{1F}\u{7F}").text == #""\u0000\u0001\u0008\u001f\u007f""#)
        #expect(JSON.string("/").text == #""/""#)
        // Non-ASCII goes out as raw UTF-8, not as \u escapes.
        #expect(JSON.string("é🛫").bytes == [0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x9B, 0xAB, 0x22])
    }

    @Test(arguments: [
        ("0", Kind.int, 0.0),
        ("-0", .int, 0),
        ("7", .int, 7),
        ("123", .int, 123),
        ("-45", .int, -45),
        ("10", .int, 10),
        ("100", .int, 100),
        ("1.5", .double, 1.5),
        ("-0.25", .double, -0.25),
        ("0.1", .double, 0.1),
        ("0.05", .double, 0.05),
        ("1e3", .double, 1000),
        ("1E3", .double, 1000),
        ("2e-2", .double, 0.02),
        ("1.5e+2", .double, 150),
        ("-1.25E-1", .double, -0.125),
        ("0e0", .double, 0),
        ("1e05", .double, 100_000),
        ("9223372036854775808", .double, 9.223372036854775808e18),
        ("1.7976931348623157e308", .double, 1.7976931348623157e308),
    ])
    func numbersParse(_ source: String, _ kind: Kind, _ value: Double) throws {
        let parsed = try JSON.parse(source)
        #expect(Kind(parsed) == kind)
        #expect(parsed.double == value)
    }

    /// A number a double cannot hold is out of range, too small as too large: `1e-99999` was read as 0,
    /// and a config's fraction of a seed became the seed 0. Zero written any way is still zero.
    @Test func aNumberTooSmallForADoubleIsOutOfRangeAsATooLargeOneIs() throws {
        for text in ["1e-99999", "-1e-400", "0." + String(repeating: "0", count: 60_000) + "1", "1e400"] {
            #expect(throws: JSONParseError.self, "\(text.prefix(20))") { try JSON.parse(text) }
        }
        for text in ["0e0", "0.000", "-0.0", "0e-99999", "4.9e-324"] {
            #expect(try JSON.parse(text).double != nil, "\(text)")
        }
    }

    /// Integers are written digit by digit, not through a string: the same text as Swift's own.
    @Test func integersAreWrittenAsSwiftWritesThem() {
        var values = [0, 1, -1, 9, 10, -10, 99, 100, 1_234_567_890, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        while power <= Int.max / 10 {
            values += [power - 1, power, power + 1, -power]
            power *= 10
        }
        var random = SystemRandomNumberGenerator()
        values += (0..<1000).map { _ in Int.random(in: .min ... .max, using: &random) }
        for value in values {
            var out: [UInt8] = [UInt8(ascii: "x")]
            JSON.writeInteger(value, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == "x\(value)")
        }
    }

    @Test func integersKeepTheirFullRange() throws {
        #expect(try JSON.parse("9223372036854775807") == .int(Int.max))
        #expect(try JSON.parse("-9223372036854775808") == .int(Int.min))
        for i in [0, 1, -1, 42, -9_999_999, Int.max, Int.min] {
            let parsed = try JSON.parse(JSON.int(i).bytes)
            #expect(Kind(parsed) == .int)
            #expect(parsed.int == i)
        }
    }

    @Test(arguments: [
        0.1, -2.5, 1.5, 1e-7, 123_456_789.125, 1e15, 1e16, 1e300, -1e-300, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
        3.0, -0.0,
    ])
    func doublesRoundTripExactly(_ value: Double) throws {
        let text = JSON.double(value).text
        let parsed = try JSON.parse(text)
        #expect(parsed.double == value, "\(value) was written as \(text)")
    }

    @Test func wholeDoublesAreWrittenAsIntegers() {
        #expect(JSON.double(2).text == "2")
        #expect(JSON.double(-40).text == "-40")
        #expect(JSON.double(0).text == "0")
        #expect(JSON.double(1.5).text == "1.5")
    }

    @Test func nonFiniteDoublesAreWrittenAsNull() {
        #expect(JSON.double(.nan).text == "null")
        #expect(JSON.double(.infinity).text == "null")
        #expect(JSON.double(-.infinity).text == "null")
    }

    @Test func nestedValuesRoundTrip() throws {
        let value: JSON = [
            "schema": 1,
            "empty": [:],
            "list": [1, "two", .double(3.5), nil, true, false, [], [[["deep"]]]],
            "nested": ["a": ["b": ["c": "é\n🛫"]], "n": -7],
            "unicode key ✈️": "\u{1}",
        ]
        let bytes = value.bytes
        let parsed = try JSON.parse(bytes)
        #expect(parsed == value)
        #expect(parsed.bytes == bytes)
        #expect(parsed["nested"]?["a"]?["b"]?["c"]?.string == "é\n🛫")
        #expect(parsed["list"]?.array?.count == 8)
    }

    @Test func whitespaceAroundTokensIsAllowed() throws {
        let parsed = try JSON.parse(" \t\r\n{ \"a\" : [ 1 , 2 ] ,\n\"b\":{ } }\n ")
        #expect(parsed == ["a": [1, 2], "b": [:]])
    }

    @Test(arguments: ["null", "true", "false", "\"s\"", "0", "-1", "[]", "{}"])
    func scalarsAndEmptyContainersAtTopLevel(_ source: String) throws {
        #expect(try JSON.parse(source).text == source)
    }
}

@Suite struct JSONRejectionTests {
    static let malformed: [Input] = [
        Input(""),
        Input("   "),
        Input("{} x"),
        Input("{}{}"),
        Input("1 2"),
        Input("[1]]"),
        Input("truex"),
        Input("nullnull"),
        Input("tru"),
        Input("nul"),
        Input("True"),
        Input("[1,]"),
        Input("[,1]"),
        Input("[1 2]"),
        Input(#"{"a":1,}"#),
        Input(#"{"a" 1}"#),
        Input(#"{"a":}"#),
        Input(#"{"a":1 "b":2}"#),
        Input("{a:1}"),
        Input("{'a':1}"),
        Input("{1:1}"),
        Input("["),
        Input(#"{"a""#),
        Input(#"{"a":1"#),
        Input("]"),
        Input("-"),
        Input("+1"),
        Input(".5"),
        Input("1."),
        Input("1.e3"),
        Input("1e"),
        Input("1e+"),
        Input("0x10"),
        Input("NaN"),
        Input("Infinity"),
        Input("-Infinity"),
        Input("1e400"),
        Input("-1e400"),
        Input("\u{FEFF}{}"),
        Input("/* comment */ {}"),
    ]

    @Test(arguments: malformed)
    func malformedInputThrows(_ input: Input) {
        #expect(throws: JSONParseError.self) { try JSON.parse(input.bytes) }
    }

    /// RFC 8259: `int = zero / ( digit1-9 *DIGIT )`; a leading zero is not JSON.
    @Test(arguments: ["01", "00", "-01", "-00", "007", "01.5", "00e1", "[01]", #"{"id":01}"#])
    func leadingZerosAreRejected(_ source: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(source) }
    }

    static let badStrings: [Input] = [
        Input(#"""#),
        Input(#""abc"#),
        Input(#""abc\"#),
        Input(#""abc\""#),
        Input(#"["abc]"#),
        Input(#""\x41""#),
        Input(#""\'""#),
        Input(#""\a""#),
        Input(#""\U0041""#),
        Input(#""\u12""#),
        Input(#""\u12G4""#),
        Input(#""\u""#),
        Input(#""\uD800""#),
        Input(#""\uD800x""#),
        Input(#""\uD800\n""#),
        Input(#""\uD800\u0041""#),
        Input(#""\uD800\uD800""#),
        Input(#""\uDC00""#),
        Input(#""\uDFFF\uD800""#),
        Input("'single'"),
    ]

    @Test(arguments: badStrings)
    func badStringsAndEscapesThrow(_ input: Input) {
        #expect(throws: JSONParseError.self) { try JSON.parse(input.bytes) }
    }

    static let invalidUTF8: [Input] = [
        Input("0xFF", [0xFF]),
        Input("0xFE", [0xFE]),
        Input("lone continuation 0x80", [0x80]),
        Input("overlong slash C0 AF", [0xC0, 0xAF]),
        Input("overlong NUL C0 80", [0xC0, 0x80]),
        Input("overlong E0 80 AF", [0xE0, 0x80, 0xAF]),
        Input("encoded surrogate ED A0 80", [0xED, 0xA0, 0x80]),
        Input("past U+10FFFF F4 90 80 80", [0xF4, 0x90, 0x80, 0x80]),
        Input("F5 lead byte", [0xF5, 0x80, 0x80, 0x80]),
        Input("truncated E2 82", [0xE2, 0x82]),
        Input("truncated F0 9F 9B", [0xF0, 0x9F, 0x9B]),
        Input("lead byte then ASCII C3 41", [0xC3, 0x41]),
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8InsideStringsThrows(_ input: Input) {
        let bytes = Array(#"{"text":"ok "#.utf8) + input.bytes + Array(#" ok"}"#.utf8)
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes) }
    }

    @Test(arguments: invalidUTF8)
    func invalidUTF8InObjectKeysThrows(_ input: Input) {
        let bytes = Array(#"{"k"#.utf8) + input.bytes + Array(#"":1}"#.utf8)
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes) }
    }

    @Test(arguments: invalidUTF8)
    func invalidUTF8OutsideStringsThrows(_ input: Input) {
        #expect(throws: JSONParseError.self) { try JSON.parse([UInt8(ascii: "[")] + input.bytes + [UInt8(ascii: "]")]) }
    }

    @Test(arguments: Array(UInt8(0)..<0x20))
    func rawControlCharactersInStringsThrow(_ byte: UInt8) {
        let bytes: [UInt8] = [0x22, 0x61, byte, 0x62, 0x22]
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes) }
    }

    @Test func deleteIsNotAControlCharacterInJSON() throws {
        #expect(try JSON.parse([0x22, 0x7F, 0x22]).string == "\u{7F}")
    }

    @Test func errorsSayWhereAndWhy() throws {
        let error = try #require(throws: JSONParseError.self) { try JSON.parse(#"{"a":1} x"#) }
        #expect(error.offset == 8)
        #expect(error.description.contains("at byte 8"))
        #expect(!error.reason.isEmpty)
    }
}

@Suite struct JSONDepthTests {
    static func nestedArrays(_ depth: Int, innermost: String = "") -> String {
        String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
    }

    static func nestedObjects(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    /// `JSON.maxDepth` containers inside one another parse, whatever sits in the innermost one.
    @Test(arguments: ["", "1", "\"x\"", "null"])
    func nestingOfExactlyMaxDepthIsAccepted(_ innermost: String) throws {
        var value = try JSON.parse(Self.nestedArrays(JSON.maxDepth, innermost: innermost))
        for _ in 0..<(JSON.maxDepth - 1) { value = try #require(value.array?.first) }
        #expect(value.array?.count == (innermost.isEmpty ? 0 : 1))
    }

    @Test func objectsNestedToMaxDepthAreAccepted() throws {
        var value = try JSON.parse(Self.nestedObjects(JSON.maxDepth))
        for _ in 0..<JSON.maxDepth { value = try #require(value["a"]) }
        #expect(value == 1)
    }

    @Test(arguments: ["", "1", "{}"])
    func nestingDeeperThanMaxDepthThrows(_ innermost: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(Self.nestedArrays(JSON.maxDepth + 1, innermost: innermost)) }
        #expect(throws: JSONParseError.self) { try JSON.parse(Self.nestedArrays(JSON.maxDepth, innermost: "{}")) }
        #expect(throws: JSONParseError.self) { try JSON.parse(Self.nestedObjects(JSON.maxDepth + 1)) }
    }

    @Test func hostileDepthThrowsInsteadOfOverflowingTheStack() throws {
        let error = try #require(throws: JSONParseError.self) { try JSON.parse(Self.nestedArrays(1_000_000)) }
        #expect(error.reason.contains("nesting"))
        #expect(throws: JSONParseError.self) { try JSON.parse(String(repeating: "[", count: 1_000_000)) }
        #expect(throws: JSONParseError.self) { try JSON.parse(String(repeating: #"{"a":["#, count: 500_000)) }
    }
}

@Suite struct JSONOrderTests {
    @Test func objectKeysAreWrittenInTheOrderGiven() {
        let value: JSON = ["zulu": 1, "alpha": 2, "mike": ["y": true, "b": nil]]
        #expect(value.text == #"{"zulu":1,"alpha":2,"mike":{"y":true,"b":null}}"#)
    }

    @Test func parsingKeepsTheKeyOrderOfTheInput() throws {
        let source = #"{"b":1,"a":2,"c":{"z":0,"y":[{"q":1,"p":2}]}}"#
        let parsed = try JSON.parse(source)
        #expect(parsed.objectPairs?.map(\.0) == ["b", "a", "c"])
        #expect(parsed.text == source)
    }

    @Test func theSameValueAlwaysGivesTheSameBytes() throws {
        let value: JSON = ["id": 7, "method": "board.get", "params": ["tab": "all", "hidePast": false, "pinned": [3, 1, 2]]]
        let first = value.bytes
        for _ in 0..<20 { #expect(value.bytes == first) }
        #expect(try JSON.parse(first).bytes == first)
    }

    @Test func objectsAreOrderedValues() {
        let ab: JSON = ["a": 1, "b": 2]
        let ba: JSON = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
    }

    @Test func aDuplicateKeyKeepsItsFirstPlaceAndItsLastValue() throws {
        let parsed = try JSON.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(parsed.text == #"{"a":3,"b":2}"#)
    }

    @Test func intAndDoubleOfTheSameValueAreEqualAndHashAlike() {
        #expect(JSON.int(3) == JSON.double(3))
        #expect(Set<JSON>([.int(3), .double(3)]).count == 1)
        #expect(JSON.int(3) != JSON.double(3.5))
    }

    @Test func accessorsReadTheRightCases() {
        let value: JSON = ["s": "x", "b": true, "i": 5, "d": .double(2), "f": .double(2.5), "a": [1], "n": nil]
        #expect(value["s"]?.string == "x")
        #expect(value["b"]?.bool == true)
        #expect(value["i"]?.int == 5)
        #expect(value["d"]?.int == 2)
        #expect(value["f"]?.int == nil)
        #expect(value["f"]?.double == 2.5)
        #expect(value["a"]?.array == [1])
        #expect(value["n"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["s"]?.int == nil)
        #expect(JSON.array([1])["s"] == nil)
        #expect(JSON.optional(nil as String?) == .null)
        #expect(JSON.optional("t") == "t")
    }
}
