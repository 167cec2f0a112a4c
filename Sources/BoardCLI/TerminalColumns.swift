/// How many terminal cells text takes, and text cut or padded to a number of cells.
///
/// A line wider than the pane wraps, and in the live view a wrapped line scrolls the whole frame, so
/// every width the client lays out is counted in cells, not characters: East Asian wide characters
/// and emoji take two, combining marks and controls none, everything else one. A search for `東京`
/// or a `--city` filter is typed by the user and shown back, so the board's own narrow text is not
/// the only text a line holds.

extension StringProtocol {
    /// The terminal cells this text takes (see `Character.columns`).
    var columns: Int {
        // Printable ASCII, the board's own text, takes a cell a byte: counted from the bytes in place.
        if let cells = utf8.withContiguousStorageIfAvailable(printableASCIICells), let cells { return cells }
        return reduce(0) { $0 + $1.columns }
    }

    /// The longest start of this text that takes at most `width` cells, never half a character.
    func prefix(columns width: Int) -> SubSequence {
        var used = 0
        var end = startIndex
        for index in indices {
            used += self[index].columns
            if used > width { break }
            end = self.index(after: index)
        }
        return self[startIndex..<end]
    }

    /// The longest end of this text that takes at most `width` cells, never half a character.
    func suffix(columns width: Int) -> SubSequence {
        var used = 0
        var start = endIndex
        while start > startIndex {
            let before = index(before: start)
            used += self[before].columns
            if used > width { break }
            start = before
        }
        return self[start..<endIndex]
    }
}

extension Character {
    /// The cells a terminal gives this character: the widest of its scalars, so that `e` with a
    /// combining accent takes one and a family emoji joined by zero-width joiners two; a text-style
    /// symbol made an emoji by U+FE0F (`❤️`) takes two as well.
    var columns: Int {
        if let ascii = asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        var widest = 0
        for scalar in unicodeScalars {
            if scalar == "\u{FE0F}", unicodeScalars.first?.properties.isEmoji == true { return 2 }
            widest = max(widest, scalar.columns)
        }
        return widest
    }
}

extension Unicode.Scalar {
    /// Two for East Asian wide and fullwidth characters and for emoji shown as emoji by default; none
    /// for controls, combining marks, format characters and Hangul's medial vowels and final consonants
    /// (which join the syllable before them); one for the rest.
    var columns: Int {
        if isASCII { return value < 0x20 || value == 0x7F ? 0 : 1 }
        if value < 0xA0 { return 0 }
        // Latin-1 and Latin Extended, before the combining marks: one each.
        if value < 0x300 { return 1 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }
        if properties.isEmojiPresentation { return 2 }
        return Self.wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Width W and F blocks: Hangul Jamo initials, CJK, kana, Hangul syllables,
    /// compatibility forms, fullwidth forms and the supplementary ideographic planes.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x3FFFD,
    ]
}

/// The cells of `bytes` when every one is printable ASCII; nil when one is not.
private func printableASCIICells(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
    return bytes.count
}

/// `text` in at most `width` cells, its last cell `…` when it had to be cut.
func cut(_ text: some StringProtocol, _ width: Int) -> String { cutWithCells(text, width).text }

/// `text` cut (see `cut`) or padded with spaces to exactly `width` cells, on the right unless `right`.
func fit(_ text: some StringProtocol, _ width: Int, right: Bool = false) -> String {
    let (shown, cells) = cutWithCells(text, width)
    guard cells < width else { return shown }
    let padding = String(repeating: " ", count: width - cells)
    return right ? padding + shown : shown + padding
}

/// `cut`, with the cells of what it gives.
private func cutWithCells(_ text: some StringProtocol, _ width: Int) -> (text: String, cells: Int) {
    guard width > 0 else { return ("", 0) }
    let cells = text.columns
    guard cells > width else { return (String(text), cells) }
    let start = text.prefix(columns: width - 1)
    return (String(start) + "…", start.columns + 1)
}
