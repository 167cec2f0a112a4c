/// A key the live view understands.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace
    case interrupt  // Ctrl-C
    case suspend  // Ctrl-Z
    /// Ctrl-W: the search prompt's last word, back to a space, goes (readline's `unix-word-rubout`).
    case deleteWord
    /// Alt-Backspace: the prompt's last run of letters and digits goes, and what follows it
    /// (readline's `backward-kill-word`: `a-b/c` leaves `a-b/`).
    case deleteAlphanumericWord
    /// Alt (Meta) with a printable key: `ESC x` in one read, as tmux and readline read it. The search
    /// prompt takes none, so that Alt-b or Alt-f typed in it cannot close it and run `b`; elsewhere it
    /// is Esc typed ahead of the key.
    case alt(Character)
    /// Text pasted (bracketed paste): text only, never keys, so that an ESC or a `q` in it cannot close
    /// the prompt and run commands. Line breaks and tabs are spaces; other controls are left out.
    case paste(String)
}

/// Turns terminal input bytes into keys, read after read.
///
/// A burst of keys (a key held down, keys sent by `tmux send-keys`) can end a read in the middle of an
/// escape sequence or of a character's UTF-8: what is left incomplete waits for the next read, so that
/// `ESC [ C` split after `ESC` is still Right, not Esc and then `[C` as text. A read that ends in a
/// lone ESC is the same question: the reader waits a moment for more (`isWaiting`), as tmux's
/// `escape-time` does, and when none comes `flush` makes it the Esc key.
///
/// The live view turns on bracketed paste (`ESC [ ? 2004 h`): a paste comes between `ESC [ 200 ~`
/// and `ESC [ 201 ~`, and is one `.paste` of its text, however many reads it takes.
public struct KeyDecoder: Sendable {
    /// The start of a sequence the last read ended in.
    private var pending: [UInt8] = []
    /// The bytes of a paste begun and not yet ended, when one is.
    private var pasted: [UInt8]?
    /// The most bytes of one paste kept (a search's text is at most 400).
    static let pasteLimit = 4096
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// Whether the last read ended inside a sequence (or in a lone ESC, or in a paste) that the next may finish.
    public var isWaiting: Bool { !pending.isEmpty || pasted != nil }

    /// Whether a paste has begun and not ended: its rest may come in reads far apart (a paste over
    /// ssh), and is waited for longer than an escape sequence's, so that it is not read as keys.
    public var isPasting: Bool { pasted != nil }

    /// What the last read left, now that no more is coming: a lone ESC is Esc (and what followed it
    /// text); half a character is nothing; a paste whose end never came is pasted as it is.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        if let bytes = pasted {
            pasted = nil
            return [Self.paste(bytes + pending)]
        }
        guard pending.first == 0x1B else { return [] }
        let text = pending.dropFirst().filter { (0x20...0x7E).contains($0) }
        return [.escape] + text.map { .character(Character(Unicode.Scalar($0))) }
    }

    /// A paste's bytes as text: line breaks and tabs as spaces, other controls (ESC among them) left out.
    static func paste(_ bytes: [UInt8]) -> Key {
        let text = String(decoding: bytes.prefix(pasteLimit), as: UTF8.self)
        let scalars = text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
            return scalar.isTerminalControl ? nil : scalar
        }
        return .paste(String(String.UnicodeScalarView(scalars)))
    }

    /// The keys of one read's `bytes`, after what the last read left incomplete.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Key] {
        var bytes = pending + bytes
        pending = []
        var keys: [Key] = []
        if pasted != nil {
            guard let rest = takePaste(&bytes, into: &keys) else { return keys }
            bytes = rest
        }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B, Self.startsPaste(bytes, at: i) {
                pasted = []
                var rest = Array(bytes[(i + 6)...])
                guard let after = takePaste(&rest, into: &keys) else { return keys }
                bytes = after
                i = 0
                continue
            }
            if byte == 0x1B {
                guard i + 1 < bytes.count else {
                    pending = [byte]
                    break
                }
                guard bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O") else {
                    // ESC and a key in one read is that key with Alt; ESC and a control, Esc then it.
                    switch bytes[i + 1] {
                    case 0x7F, 0x08: keys.append(.deleteAlphanumericWord)
                    case 0x20...0x7E: keys.append(.alt(Character(Unicode.Scalar(bytes[i + 1]))))
                    default:
                        keys.append(.escape)
                        i += 1
                        continue
                    }
                    i += 2
                    continue
                }
                guard let (key, length) = Self.sequence(bytes, at: i) else {
                    pending = Array(bytes[i...])
                    break
                }
                if let key { keys.append(key) }
                i += length
                continue
            }
            switch byte {
            case 0x03: keys.append(.interrupt)
            case 0x1A: keys.append(.suspend)
            case 0x17: keys.append(.deleteWord)
            case 0x09: keys.append(.tab)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            default:
                // UTF-8 text (for search): the whole sequence, which may end in the next read.
                var length = 1
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                guard i + length <= bytes.count else {
                    pending = Array(bytes[i...])
                    i = bytes.count
                    continue
                }
                // A C1 or bidirectional control (pasted) is no text: it would steer the prompt's line.
                if let text = String(validating: bytes[i..<(i + length)], as: UTF8.self), let c = text.first,
                    !text.hasTerminalControls
                {
                    keys.append(.character(c))
                }
                i += length
                continue
            }
            i += 1
        }
        return keys
    }

    /// Whether `ESC [ 200 ~` (a paste's start) is at `start`.
    private static func startsPaste(_ bytes: [UInt8], at start: Int) -> Bool {
        bytes.count >= start + 6 && Array(bytes[start..<(start + 6)]) == Array("\u{1B}[200~".utf8)
    }

    /// Takes a paste's bytes from `bytes` up to its end (`ESC [ 201 ~`): the paste is added to `keys`
    /// and what follows it returned; nil when the end is still to come (the bytes wait in `pasted`, and
    /// a possible start of the end marker in `pending`).
    private mutating func takePaste(_ bytes: inout [UInt8], into keys: inout [Key]) -> [UInt8]? {
        let marker = Self.pasteEnd
        if bytes.count >= marker.count,
            let end = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        {
            let text = (pasted ?? []) + bytes[..<end]
            pasted = nil
            keys.append(Self.paste(text))
            return Array(bytes[(end + marker.count)...])
        }
        // Keep a tail that may be the end marker's start for the next read; the rest is the paste's.
        let keep =
            (1..<Self.pasteEnd.count).reversed().first { count in
                count <= bytes.count && Array(bytes.suffix(count)) == Array(Self.pasteEnd.prefix(count))
            } ?? 0
        let body = bytes.dropLast(keep)
        if (pasted?.count ?? 0) < Self.pasteLimit { pasted?.append(contentsOf: body.prefix(Self.pasteLimit)) }
        pending = Array(bytes.suffix(keep))
        return nil
    }

    /// The key of the `ESC [` or `ESC O` sequence at `start` (nil for one the view does not use) and
    /// its length; nil when `bytes` end before the sequence does.
    private static func sequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int)? {
        guard start + 2 < bytes.count else { return nil }
        switch bytes[start + 2] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // ESC [ n ~, or with modifiers ESC [ n ; m ~ and ESC [ 1 ; m C (Ctrl-Right is Right).
            var j = start + 2
            var number = 0
            while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) {
                number = min(number * 10 + Int(bytes[j] - UInt8(ascii: "0")), 1_000)
                j += 1
            }
            while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) {
                j += 1
            }
            guard j < bytes.count else { return nil }
            let key: Key? =
                if bytes[j] == UInt8(ascii: "~") {
                    switch number {
                    case 5: .pageUp
                    case 6: .pageDown
                    case 1, 7: .home
                    case 4, 8: .end
                    default: nil
                    }
                } else {
                    letterKey(bytes[j])
                }
            return (key, j - start + 1)
        default: return (letterKey(bytes[start + 2]), 3)
        }
    }

    /// The key a sequence's final letter names: arrows, Home, End, Shift-Tab.
    private static func letterKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        default: nil
        }
    }
}
