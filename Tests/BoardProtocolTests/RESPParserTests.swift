import BoardProtocol
import Testing

/// RESP as a server sends it: every type, in any pieces, and what a hostile server could send instead.
struct RESPParserTests {
    /// Every kind of value, nested, with the nulls, and the bytes Redis sends for it.
    static let sample: [(String, RESPValue)] = [
        ("+OK\r\n", .simpleString("OK")),
        ("-WRONGPASS invalid username-password pair\r\n", .error("WRONGPASS invalid username-password pair")),
        (":0\r\n", .integer(0)),
        (":-42\r\n", .integer(-42)),
        (":9223372036854775807\r\n", .integer(.max)),
        (":-9223372036854775808\r\n", .integer(.min)),
        ("$5\r\nhello\r\n", .bulkString(Array("hello".utf8))),
        ("$0\r\n\r\n", .bulkString([])),
        ("$-1\r\n", .bulkString(nil)),
        ("$4\r\na\r\nb\r\n", .bulkString(Array("a\r\nb".utf8))),
        ("*0\r\n", .array([])),
        ("*-1\r\n", .array(nil)),
        (
            // XREAD's shape: streams, entries, id and fields, four deep.
            "*1\r\n*2\r\n$9\r\nboard:MTN\r\n*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$4\r\nmove\r\n$2\r\n{}\r\n",
            .array([
                .array([
                    .bulkString(Array("board:MTN".utf8)),
                    .array([
                        .array([
                            .bulkString(Array("1-0".utf8)),
                            .array([.bulkString(Array("move".utf8)), .bulkString(Array("{}".utf8))]),
                        ])
                    ]),
                ])
            ])
        ),
        ("*3\r\n:1\r\n$-1\r\n*-1\r\n", .array([.integer(1), .bulkString(nil), .array(nil)])),
    ]

    static var stream: [UInt8] { Array(sample.map(\.0).joined().utf8) }

    @Test func everyValueIsReadWholeAndInOrder() throws {
        var parser = RESPParser()
        parser.append(Self.stream)
        var values: [RESPValue] = []
        while let value = try parser.next() { values.append(value) }
        #expect(values == Self.sample.map(\.1))
        #expect(parser.bufferedCount == 0)
    }

    /// The stream cut at every byte into two pieces, then fed a byte at a time: the same values, none early.
    @Test func splitAtEveryByteTheSameValuesComeOut() throws {
        let bytes = Self.stream
        let expected = Self.sample.map(\.1)
        for cut in 0...bytes.count {
            var parser = RESPParser()
            var values: [RESPValue] = []
            for piece in [Array(bytes[..<cut]), Array(bytes[cut...])] {
                parser.append(piece)
                while let value = try parser.next() { values.append(value) }
            }
            #expect(values == expected, "cut at \(cut)")
        }
        var parser = RESPParser()
        var values: [RESPValue] = []
        var ends: [Int] = []
        for (index, byte) in bytes.enumerated() {
            parser.append([byte])
            while let value = try parser.next() {
                values.append(value)
                ends.append(index + 1)
            }
        }
        #expect(values == expected)
        // Each value comes out with its last byte, not before.
        var offsets: [Int] = []
        for (text, _) in Self.sample { offsets.append((offsets.last ?? 0) + text.utf8.count) }
        #expect(ends == offsets)
    }

    @Test func theScannerFindsTheSameEndsWithoutBuilding() throws {
        let bytes = Self.stream
        var offset = 0
        for (text, _) in Self.sample {
            let length = try bytes.withUnsafeBytes { try RESPScanner.length(of: $0, from: offset, upTo: bytes.count) }
            #expect(length == text.utf8.count)
            let last = offset + text.utf8.count - 1
            let short = try bytes.withUnsafeBytes { try RESPScanner.length(of: $0, from: offset, upTo: last) }
            #expect(short == nil)
            offset += text.utf8.count
        }
    }

    /// Lengths and counts a hostile server declares are refused from the header, before anything waits for them.
    @Test(arguments: [
        ("$536870913\r\n", RESPError.bulkTooLong(536_870_913, limit: 512 << 20)),
        ("$99999999999999999999999\r\n", .malformed("a length that is not -1 or a count", offset: 1)),
        ("*1048577\r\n", .tooManyElements(1_048_577, limit: 1 << 20)),
        ("*9223372036854775807\r\n", .tooManyElements(Int.max, limit: 1 << 20)),
        ("$-2\r\n", .malformed("a length that is not -1 or a count", offset: 1)),
        ("*-5\r\n", .malformed("a length that is not -1 or a count", offset: 1)),
        ("$\r\n", .malformed("a length that is not -1 or a count", offset: 1)),
        ("$+3\r\nabc\r\n", .malformed("a length that is not -1 or a count", offset: 1)),
        (":12a\r\n", .malformed("an integer that is not one", offset: 1)),
        (":9223372036854775808\r\n", .malformed("an integer that is not one", offset: 1)),
        ("$3\r\nabcXY", .malformed("a bulk string not followed by CRLF", offset: 7)),
        ("+OK\rX", .malformed("a CR not followed by LF", offset: 4)),
        ("!3\r\n", .malformed("a type byte 0x21 that is not +, -, :, $ or *", offset: 0)),
        ("\r\n", .malformed("a type byte 0x0d that is not +, -, :, $ or *", offset: 0)),
    ])
    func hostileHeadersAreErrors(text: String, error: RESPError) {
        var parser = RESPParser()
        parser.append(Array(text.utf8))
        #expect(throws: error) { try parser.next() }
        // Once out of step, always: good bytes after do not bring it back.
        parser.append(Array("+OK\r\n".utf8))
        #expect(throws: error) { try parser.next() }
    }

    @Test func arraysNestedPastTheDepthLimitAreRefusedAtTheLimit() throws {
        var parser = RESPParser(limits: RESPLimits(maxDepth: 4))
        parser.append(Array(String(repeating: "*1\r\n", count: 4).utf8) + Array(":1\r\n".utf8))
        #expect(try parser.next() == .array([.array([.array([.array([.integer(1)])])])]))
        // A server nesting without end is stopped at the limit, whatever it has sent.
        parser.append(Array(String(repeating: "*1\r\n", count: 100_000).utf8))
        #expect(throws: RESPError.tooDeep(limit: 4)) { try parser.next() }
        var standard = RESPParser()
        standard.append(Array(String(repeating: "*2\r\n:1\r\n", count: 33).utf8))
        #expect(throws: RESPError.tooDeep(limit: 32)) { try standard.next() }
    }

    /// A line that never ends, a value that never ends: each stops at its limit, not at memory's.
    @Test func endlessLinesAndValuesStopAtTheirLimits() {
        var parser = RESPParser(limits: RESPLimits(maxLineLength: 16))
        parser.append(Array("+".utf8) + Array(repeating: UInt8(ascii: "a"), count: 16))
        #expect((try? parser.next()) == .some(nil))  // 16 bytes and no CR yet: still allowed
        parser.append([UInt8(ascii: "a")])
        #expect(throws: RESPError.lineTooLong(limit: 16)) { try parser.next() }

        var big = RESPParser(limits: RESPLimits(maxValueLength: 100))
        big.append(Array("*1000\r\n".utf8) + Array(String(repeating: ":1\r\n", count: 30).utf8))
        #expect(throws: RESPError.valueTooLarge(limit: 100)) { try big.next() }
        var bulk = RESPParser(limits: RESPLimits(maxValueLength: 100))
        bulk.append(Array("$200\r\n".utf8))
        #expect(throws: RESPError.valueTooLarge(limit: 100)) { try bulk.next() }
    }

    @Test func aDeclaredLengthAllocatesNothingUntilItsBytesArrive() throws {
        // 512 MiB declared, three bytes sent: nothing is built, and what is buffered is what came.
        var parser = RESPParser()
        parser.append(Array("$536870912\r\nabc".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.bufferedCount == 15)
        var array = RESPParser()
        array.append(Array("*1048576\r\n:1\r\n".utf8))
        #expect(try array.next() == nil)
    }

    @Test func aLargeReplyInSmallPiecesIsScannedOnce() throws {
        // 100,000 elements fed 7 bytes at a time: fast only if each piece is scanned once.
        let reply = Array(("*100000\r\n" + String(repeating: ":7\r\n", count: 100_000)).utf8)
        var parser = RESPParser()
        var value: RESPValue?
        var index = 0
        while index < reply.count {
            parser.append(Array(reply[index..<min(index + 7, reply.count)]))
            index += 7
            if let got = try parser.next() { value = got }
        }
        #expect(value?.elements?.count == 100_000)
    }

    @Test func commandsAreArraysOfBulkStrings() throws {
        #expect(RESPCommand("SET", "k", "héllo").bytes == Array("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$6\r\nhéllo\r\n".utf8))
        let binary = Array("*2\r\n$3\r\n".utf8) + [0, 13, 10] + Array("\r\n$0\r\n\r\n".utf8)
        #expect(RESPCommand([[0, 13, 10], []]).bytes == binary)
        #expect(RESPCommand("xread", "BLOCK", "100").name == "XREAD")
        // What a command encodes to is what a server's parser reads back.
        var parser = RESPParser()
        var pipeline: [UInt8] = []
        RESPCommand("PING").encode(into: &pipeline)
        RESPCommand("AUTH", "user", "secret").encode(into: &pipeline)
        parser.append(pipeline)
        #expect(try parser.next() == .array([.bulkString(Array("PING".utf8))]))
        #expect(try parser.next()?.elements?.count == 3)
    }

    @Test func valuesSayWhatTheyHold() {
        #expect(RESPValue.simpleString("OK").string == "OK")
        #expect(RESPValue.bulkString(Array("x".utf8)).string == "x")
        #expect(RESPValue.bulkString(nil).string == nil && RESPValue.bulkString(nil).isNull)
        #expect(RESPValue.array(nil).isNull && !RESPValue.array([]).isNull)
        #expect(RESPValue.error("ERR no").errorMessage == "ERR no")
        #expect(RESPValue.integer(3).elements == nil)
    }
}

/// A reply that is not the one expected is said by its shape, in printable words and a bounded
/// length, never Swift's own text of the value (which said `BoardProtocol.RESPValue.error(...)`).
struct RESPValueShapeTests {
    @Test func eachKindIsSaidInWords() {
        #expect(RESPValue.simpleString("OK").shape == #"the status "OK""#)
        #expect(RESPValue.error("WRONGTYPE no\u{1B}[2J").shape == #"the error "WRONGTYPE no?[2J""#)
        #expect(RESPValue.integer(-3).shape == "the integer -3")
        #expect(RESPValue.bulkString(Array("hello".utf8)).shape == "a string of 5 bytes")
        #expect(RESPValue.array([.integer(1), .integer(2)]).shape == "an array of 2")
        #expect(RESPValue.array(nil).shape == "null" && RESPValue.bulkString(nil).shape == "null")
        let long = RESPValue.error(String(repeating: "x", count: 10_000)).shape
        #expect(long.count == #"the error """#.count + 81, "\(long.count)")
    }
}
