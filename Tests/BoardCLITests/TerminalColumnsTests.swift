import FlightData
import Testing

@testable import BoardCLI

/// Text is laid out in terminal cells: wide characters two, combining marks none. Without it a search
/// for `東京` at 30 columns printed a 39-cell title, and a prompt of wide text wrapped the live view.
struct TerminalColumnsTests {
    @Test(arguments: [
        ("→ Miami", 7), ("東京", 4), ("e\u{301}", 1), ("한국", 4), ("\u{1100}\u{1161}", 2), ("Ａ", 2), ("ｱ", 1),
        ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("✈", 1), ("…", 1), ("\u{1B}", 0), ("\u{200B}", 0), ("", 0),
        ("Zürich", 6), ("São Paulo", 9),
    ])
    func cellsOfText(text: String, cells: Int) {
        #expect(text.columns == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func cutEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
        #expect(cut("abc", 3) == "abc")
        #expect(cut("abcd", 3) == "ab…")
        #expect(cut("東京東京", 8) == "東京東京")
        #expect(cut("東京東京", 7) == "東京東…")
        #expect(cut("東京東京", 6) == "東京…")
        #expect(cut("東京東京", 5) == "東京…")
        #expect(cut("東", 1) == "…")
        #expect(cut("東", 0) == "")
        #expect(cut("e\u{301}e\u{301}e", 2) == "e\u{301}…")
    }

    @Test func fitPadsAWideCutToTheWholeWidth() {
        #expect(fit("東京東京", 4) == "東… ")
        #expect(fit("東京", 6) == "東京  ")
        #expect(fit("東京", 6, right: true) == "  東京")
        #expect(fit("ab", 0) == "")
    }

    @Test func endsKeepTheirCharactersWhole() {
        #expect("a東京b".prefix(columns: 2) == "a")
        #expect("a東京b".prefix(columns: 3) == "a東")
        #expect("a東京b".suffix(columns: 2) == "b")
        #expect("a東京b".suffix(columns: 3) == "京b")
        #expect(LiveFrame.prompt("東京東京東京", width: 8) == "/…東京█")
    }

    /// Random mixes of narrow, wide, combining and joined characters, cut and fitted to every width
    /// from 0 to 40: a cut is the text's start (with `…`) within the width, and a fit is the width exactly.
    @Test func everyCutAndFitHoldsItsWidth() {
        let pieces = ["a", "Z", " ", "東", "京", "Ａ", "e\u{301}", "👨‍👩‍👧", "❤️", "→", "ü", "\u{200B}", "한"]
        var random = SplitMix64(seed: 14)
        for _ in 0..<100 {
            let text = (0..<Int(random.next() % 30)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            for width in 0...40 {
                let cutText = cut(text, width)
                #expect(cutText.columns <= width, "\(text) at \(width): \(cutText)")
                #expect(fit(text, width).columns == width, "\(text) at \(width)")
                if text.columns <= width {
                    #expect(cutText == text)
                } else if width > 0 {
                    #expect(cutText.hasSuffix("…") && text.hasPrefix(cutText.dropLast()), "\(text) at \(width): \(cutText)")
                }
            }
        }
    }
}
