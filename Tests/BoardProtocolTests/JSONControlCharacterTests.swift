import BoardProtocol
import Testing

/// The client reads the daemon's lines with control characters replaced, so no string can drive a terminal.
@Suite struct JSONControlCharacterTests {
    static let hostile: [Input] = [
        Input(#""\u001b]0;pwned\u0007""#),
        Input(#""\u001b[2J""#),
        Input(#""a\nb\tc\rd\be\ff""#),
        Input(#""\u0000\u001f\u007f\u0080\u009b\u009f""#),
        Input("raw DEL and C1", Array(#""x"#.utf8) + [0x7F, 0xC2, 0x9B, 0xC2, 0x80] + Array(#"y""#.utf8)),
        Input(#"{"\u001bkey":"v"}"#),
        Input(#""\u202egnp.exe\u2066\u2069\u200f\u061c""#),
        Input("raw bidirectional controls", Array("\"x\u{202E}y\u{2067}z\u{200E}\u{61C}\"".utf8)),
        Input(#""line\u2028paragraph\u2029""#),
        Input("raw line and paragraph separators", Array("\"line\u{2028}paragraph\u{2029}\"".utf8)),
    ]

    @Test(arguments: hostile) func controlCharactersBecomeReplacementCharacters(input: Input) throws {
        let value = try JSON.parse(input.bytes, replacingControlCharacters: true)
        let text = Self.strings(in: value).joined()
        #expect(text.unicodeScalars.allSatisfy { !Self.isControl($0) }, "\(Array(text.unicodeScalars))")
        #expect(text.contains("\u{FFFD}"))
    }

    /// What the daemon writes escapes every terminal control, so a client that prints a message,
    /// an id or a search's text as it is cannot be driven by whoever wrote the request.
    @Test func writtenStringsEscapeEveryTerminalControl() throws {
        let text = "a\u{1B}[2J\u{7F}\u{85}\u{9B}\u{202E}gnp\u{2066}\u{200F}\u{61C}\u{2028}°é €東京🚀\"\\"
        let written = JSON.string(text).text
        #expect(written == #""a\u001b[2J\u007f\u0085\u009b\u202egnp\u2066\u200f\u061c\u2028°é €東京🚀\"\\""#)
        #expect(!written.unicodeScalars.contains { Self.isControl($0) })
        #expect(try JSON.parse(Array(written.utf8)).string == text, "the same string, read back")
        #expect(JSON.string("plain ASCII, Zürich").text == #""plain ASCII, Zürich""#)
    }

    @Test func printableTextIsUntouched() throws {
        let line = Array(#"{"name":"Zürich \u00a0Ø 東京 \ud83d\ude80 \"q\" \\ / – … € صنعاء \u2013"}"#.utf8)
        #expect(try JSON.parse(line, replacingControlCharacters: true) == JSON.parse(line))
        #expect(
            try JSON.parse(line, replacingControlCharacters: true)["name"]?.string
                == "Zürich \u{a0}Ø 東京 🚀 \"q\" \\ / – … € صنعاء –")
        // A lead byte of a control's sequence at the very end is kept for UTF-8 validation to refuse.
        #expect(throws: JSONParseError.self) { try JSON.parse([0x22, 0xE2, 0x80], replacingControlCharacters: true) }
    }

    @Test func withoutTheOptionControlCharactersAreKept() throws {
        // The daemon reads requests as they are: a search for "\t" is what it says.
        #expect(try JSON.parse(#""\u001b[2J\t""#).string == "\u{1b}[2J\t")
    }

    @Test func aReplacedStringStillEncodesAsValidJSON() throws {
        let value = try JSON.parse(Array(#"{"a":"\u001b]0;x\u0007"}"#.utf8), replacingControlCharacters: true)
        #expect(try JSON.parse(value.bytes) == value)
    }

    /// C0, DEL, C1, the line and paragraph separators (U+2028, U+2029) and the bidirectional
    /// controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isBidiControl
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    static func strings(in value: JSON) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(strings(in:))
        case .object(let pairs): pairs.flatMap { [$0.0] + strings(in: $0.1) }
        default: []
        }
    }
}
