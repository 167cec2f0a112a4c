import BoardProtocol
import BoardSystem
import FlightData
import Testing

@Suite struct LineFramerTests {
    static let limit = LineFramer.protocolLimit

    static func line(_ text: String) -> LineFramer.Output { .line(Array(text.utf8)) }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theProtocolLimitIs64KiB() {
        #expect(LineFramer.protocolLimit == 65_536)
        #expect(LineFramer().maxLineLength == 65_536)
    }

    @Test func aLineSplitAcrossFeedsComesOutWhole() {
        var framer = LineFramer()
        #expect(framer.feed(Self.bytes(#"{"id":1,"me"#)).isEmpty)
        #expect(framer.bufferedCount == 11)
        #expect(framer.feed(Self.bytes(#"thod":"pi"#)).isEmpty)
        #expect(framer.feed(Self.bytes("ng\"}\n")) == [Self.line(#"{"id":1,"method":"ping"}"#)])
        #expect(framer.bufferedCount == 0)
    }

    @Test func severalLinesInOneFeedComeOutInOrder() {
        var framer = LineFramer()
        #expect(framer.feed(Self.bytes("one\ntwo\nthree\nfou")) == [Self.line("one"), Self.line("two"), Self.line("three")])
        #expect(framer.bufferedCount == 3)
        #expect(framer.feed(Self.bytes("r\n")) == [Self.line("four")])
    }

    @Test(arguments: [1, 2, 3, 7, 64, 4096, 70_000])
    func anyChunkingGivesTheSameLines(_ chunkSize: Int) {
        let lines = ["", #"{"id":1,"method":"ping"}"#, "é🛫", String(repeating: "x", count: 5000), "last"]
        let stream = Self.bytes(lines.joined(separator: "\n") + "\n")
        var framer = LineFramer()
        var out: [LineFramer.Output] = []
        var start = 0
        while start < stream.count {
            let end = min(start + chunkSize, stream.count)
            out += framer.feed(Array(stream[start..<end]))
            start = end
        }
        #expect(out == lines.map(Self.line))
        #expect(framer.bufferedCount == 0)
    }

    @Test func crlfLinesLoseTheirCarriageReturn() {
        var framer = LineFramer()
        #expect(framer.feed(Self.bytes("a\r\nb\r\n")) == [Self.line("a"), Self.line("b")])
        #expect(framer.feed(Self.bytes("c\r")).isEmpty)
        #expect(framer.feed(Self.bytes("\n")) == [Self.line("c")])
        #expect(framer.feed(Self.bytes("\r\n")) == [Self.line("")])
    }

    @Test func onlyATrailingCarriageReturnIsRemoved() {
        var framer = LineFramer()
        #expect(framer.feed(Self.bytes("a\rb\n")) == [Self.line("a\rb")])
        #expect(framer.feed(Self.bytes("c\r\r\n")) == [Self.line("c\r")])
    }

    @Test func emptyLinesAreReportedAsEmpty() {
        var framer = LineFramer()
        #expect(framer.feed(Self.bytes("\n\n")) == [Self.line(""), Self.line("")])
    }

    @Test func anEmptyFeedDoesNothing() {
        var framer = LineFramer()
        #expect(framer.feed([]).isEmpty)
        #expect(framer.bufferedCount == 0)
        #expect(!framer.overflowed)
    }

    @Test func aLineOfExactlyTheLimitIsAccepted() {
        var framer = LineFramer()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: Self.limit)
        #expect(framer.feed(body + [0x0A]) == [.line(body)])
        #expect(!framer.overflowed)
        // And the connection carries on.
        #expect(framer.feed(Self.bytes("next\n")) == [Self.line("next")])
    }

    @Test func aLineOfExactlyTheLimitMayWaitForItsNewline() {
        var framer = LineFramer()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: Self.limit)
        #expect(framer.feed(body).isEmpty)
        #expect(framer.bufferedCount == Self.limit)
        #expect(!framer.overflowed)
        #expect(framer.feed([0x0A]) == [.line(body)])
    }

    @Test func oneByteOverTheLimitIsTooLargeAndNothingMore() {
        var framer = LineFramer()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: Self.limit + 1)
        #expect(framer.feed(body + Self.bytes("\n{\"id\":2}\n")) == [.tooLarge])
        #expect(framer.overflowed)
        #expect(framer.bufferedCount == 0)
        #expect(framer.feed(Self.bytes(#"{"id":3,"method":"ping"}"# + "\n")).isEmpty)
        #expect(framer.bufferedCount == 0)
    }

    @Test func tooLargeIsReportedBeforeTheNewlineArrives() {
        var framer = LineFramer()
        #expect(framer.feed([UInt8](repeating: 0x41, count: Self.limit)).isEmpty)
        #expect(framer.feed([0x41]) == [.tooLarge])
        #expect(framer.bufferedCount == 0)
    }

    @Test func linesBeforeTheLongOneInTheSameFeedStillComeOut() {
        var framer = LineFramer()
        let long = [UInt8](repeating: 0x41, count: Self.limit + 1)
        #expect(framer.feed(Self.bytes("ok\n") + long) == [Self.line("ok"), .tooLarge])
    }

    @Test(arguments: [1, 100, 4096, 16 * 1024, 65_537, 200_000])
    func bufferedBytesNeverExceedTheLimit(_ chunkSize: Int) {
        var framer = LineFramer()
        let chunk = [UInt8](repeating: 0x7B, count: chunkSize)
        var fed = 0
        var sawTooLarge = false
        while fed < 3 * Self.limit {
            let out = framer.feed(chunk)
            fed += chunkSize
            #expect(framer.bufferedCount <= Self.limit)
            if out.contains(.tooLarge) {
                #expect(out == [.tooLarge])
                #expect(!sawTooLarge, "tooLarge reported twice")
                sawTooLarge = true
            } else {
                #expect(out.isEmpty)
            }
        }
        #expect(sawTooLarge)
        #expect(framer.overflowed)
    }

    @Test(arguments: [1, 5, 10])
    func aSmallLimitWorksTheSameWay(_ limit: Int) {
        var framer = LineFramer(maxLineLength: limit)
        let fits = String(repeating: "y", count: limit)
        #expect(framer.feed(Self.bytes(fits + "\n")) == [Self.line(fits)])
        #expect(framer.feed(Self.bytes(fits + "z\n")) == [.tooLarge])
        #expect(framer.feed(Self.bytes("\n")).isEmpty)
    }

    @Test func theRawBufferEntryPointAgreesWithTheArrayOne() {
        var framer = LineFramer()
        let bytes = Self.bytes("a\nbc\nd")
        let out = bytes.withUnsafeBytes { framer.feed($0) }
        #expect(out == [Self.line("a"), Self.line("bc")])
        #expect(framer.bufferedCount == 1)
    }
}

/// The pure-Swift newline scan finds what `memchr` finds, at every offset and alignment.
struct NewlineScanTests {
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000])
    func theSwiftScanAgreesWithMemchr(length: Int) {
        var rng = SplitMix64(seed: UInt64(length))
        for _ in 0..<20 {
            // Bytes near the newline's value and high bytes too, so no lane trick can cheat.
            let bytes = (0..<length).map { _ in [UInt8(10), 9, 11, 0x8A, 0xFF, 0, 65][rng.next(below: 7)] }
            bytes.withUnsafeBytes { buffer in
                for start in 0...length {
                    let swift = LineFramer.firstIndex(of: 10, in: buffer, from: start)
                    let libc = ByteSearch.firstIndex(of: 10, in: buffer, from: start)
                    #expect(swift == libc, "length \(length), from \(start)")
                }
            }
        }
    }

    @Test func bothFindersFrameTheSameLines() {
        let text = Array("{\"id\":1}\n\n{\"id\":2,\"method\":\"ping\"}\r\nno newline at the end".utf8)
        for chunk in [1, 3, 8, text.count] {
            var pure = LineFramer()
            var system = LineFramer(find: ByteSearch.firstIndex)
            for start in stride(from: 0, to: text.count, by: chunk) {
                let piece = Array(text[start..<min(text.count, start + chunk)])
                #expect(pure.feed(piece) == system.feed(piece))
            }
            #expect(pure.bufferedCount == system.bufferedCount)
        }
    }
}
