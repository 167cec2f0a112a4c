import Testing

@testable import BoardCLI

/// Terminal bytes to keys, whatever reads they arrive in: a burst of held keys ends a read anywhere.
struct KeyDecoderTests {
    static let bytes: [UInt8] = Array(
        "a\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[1;5C\u{1B}[Z東e\u{301}\t\r\u{7F}\u{03}\u{1A}\u{1B}x\u{1B}\u{7F}\u{17}\u{1B}\u{1B}[A\u{1B}\r"
            .utf8)
    /// `ESC x` in one read is Alt-x, as tmux reads it (an Esc typed before an x comes in reads of its
    /// own); ESC and Backspace deletes a word of letters and digits, Ctrl-W one back to a space; ESC before a sequence or a control is Esc.
    static let keys: [Key] = [
        .character("a"), .right, .left, .up, .pageUp, .pageDown, .right, .backTab, .character("東"), .character("e"),
        .character("\u{301}"), .tab, .enter, .backspace, .interrupt, .suspend, .alt("x"), .deleteAlphanumericWord, .deleteWord,
        .escape,
        .up, .escape, .enter,
    ]

    @Test func oneReadGivesEveryKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Self.bytes) == Self.keys)
        #expect(!decoder.isWaiting)
    }

    /// Pasted into the search prompt, a C1 or bidirectional control would steer the prompt's line.
    @Test func pastedBidirectionalAndC1ControlsAreNoText() {
        var decoder = KeyDecoder()
        #expect(
            decoder.feed(Array("a\u{202E}b\u{2066}\u{9B}c\u{61C}ع".utf8)) == [
                .character("a"), .character("b"), .character("c"), .character("ع"),
            ])
    }

    /// A bracketed paste is text, whatever it holds: an ESC or a `q` in it never closes the prompt or
    /// runs a command (pasting "miami<ESC>xP" hid one flight and pinned another), in one read or split
    /// anywhere across two.
    @Test func aBracketedPasteIsTextAtEverySplit() {
        let bytes = Array("a\u{1B}[200~miami\u{1B}xP\nq\u{202E}\u{1B}[201~b".utf8)
        let expected: [Key] = [.character("a"), .paste("miamixP q"), .character("b")]
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            var keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            if decoder.isWaiting { keys += decoder.flush() }
            #expect(keys == expected, "split at \(split): \(keys)")
        }
        // A paste whose end never comes is pasted as it is once no more arrives.
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(decoder.isWaiting && decoder.isPasting, "a paste's rest is waited for longer than an escape's")
        #expect(decoder.flush() == [.paste("abc")])
        #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
    }

    @Test func everySplitBetweenTwoReadsGivesTheSameKeys() {
        for split in 0...Self.bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(Self.bytes[..<split]) + decoder.feed(Self.bytes[split...]) + decoder.flush()
            #expect(keys == Self.keys, "split at \(split)")
        }
    }

    /// 86 Right arrows are 258 bytes: a 256-byte read cut the last in two, and Esc closed the search prompt.
    @Test func heldArrowsAcrossReadsOfAnySizeStayArrows() {
        let arrows = Array(String(repeating: "\u{1B}[C", count: 300).utf8)
        for size in [1, 2, 255, 256, 257] {
            var decoder = KeyDecoder()
            var keys: [Key] = []
            var start = 0
            while start < arrows.count {
                keys += decoder.feed(arrows[start..<min(arrows.count, start + size)])
                start += size
            }
            #expect(keys == Array(repeating: .right, count: 300), "reads of \(size)")
        }
    }

    /// A read that ends in ESC waits for the next: the rest of `ESC [ C`, or nothing, and then it is Esc.
    @Test func aLoneEscAtTheEndOfAReadIsEscOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [] && decoder.isWaiting)
        #expect(decoder.flush() == [.escape] && !decoder.isWaiting)
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
        #expect(decoder.feed([0x1B]) == [] && decoder.feed(Array("[C".utf8)) == [.right])
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [] && decoder.flush() == [.escape, .character("[")])
        #expect(decoder.feed(Array("東".utf8).prefix(2)) == [] && decoder.flush() == [], "half a character is nothing")
    }
}
