/// A key the live view understands.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace
    case interrupt  // Ctrl-C
}

/// Turns terminal input bytes into keys.
///
/// Escape sequences arrive whole in one read on any real terminal; a lone
/// ESC at the end of a read is the Esc key.
public enum KeyDecoder {
    public static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                if i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O") {
                    let code = bytes[i + 2]
                    var consumed = 3
                    switch code {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    case UInt8(ascii: "H"): keys.append(.home)
                    case UInt8(ascii: "F"): keys.append(.end)
                    case UInt8(ascii: "Z"): keys.append(.backTab)
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        // ESC [ n ~
                        var j = i + 2
                        var number = 0
                        while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) {
                            number = number * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                            j += 1
                        }
                        consumed = j - i + 1
                        switch number {
                        case 5: keys.append(.pageUp)
                        case 6: keys.append(.pageDown)
                        case 1, 7: keys.append(.home)
                        case 4, 8: keys.append(.end)
                        default: break
                        }
                    default: break
                    }
                    i += consumed
                    continue
                }
                keys.append(.escape)
                i += 1
                continue
            }
            switch byte {
            case 0x03: keys.append(.interrupt)
            case 0x09: keys.append(.tab)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            default:
                // UTF-8 text (for search): decode the whole sequence.
                var length = 1
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                if i + length <= bytes.count, let text = String(validating: bytes[i..<(i + length)], as: UTF8.self),
                    let c = text.first
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
}
