import BoardSystem
import Testing

@Suite struct ByteSearchTests {
    static func firstNewline(_ text: String, from start: Int = 0) -> Int? {
        Array(text.utf8).withUnsafeBytes { ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: $0, from: start) }
    }

    @Test(
        arguments: [
            ("a\nb\n", 0, 1), ("a\nb\n", 1, 1), ("a\nb\n", 2, 3), ("a\nb\n", 4, nil), ("abc", 0, nil), ("", 0, nil),
            ("\n", 0, 0), ("x\n", -1, nil),
        ] as [(String, Int, Int?)])
    func theFirstMatchAtOrAfterTheStart(text: String, start: Int, expected: Int?) {
        #expect(Self.firstNewline(text, from: start) == expected)
    }

    @Test func aLongBufferIsSearchedToItsEnd() {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 10_326)
        bytes[10_325] = UInt8(ascii: "\n")
        #expect(bytes.withUnsafeBytes { ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: $0) } == 10_325)
        #expect(bytes.withUnsafeBytes { ByteSearch.firstIndex(of: 0, in: $0) } == nil)
    }
}
