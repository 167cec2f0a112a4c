import FlightData
import FoundationEssentials

/// A change's position (`FlightChange.Position`) as the opaque text of a `cursor`: `c1.` then the
/// instant in milliseconds, the flight's day number, its slot and the kind's index, in decimal, and a
/// check over them.
///
/// Clients pass it back unchanged. The check (FNV-1a over the rest of the text) makes a changed cursor,
/// a digit edited or a field moved, `invalidParams` rather than another position read in silence; it
/// is not a secret, only a guard against mistakes. A cursor is read only in the exact form the daemon
/// writes (no leading zeros, no `+`).
public enum ChangeCursor {
    static let prefix = "c1."
    /// Long enough for every position, short enough that parsing costs nothing.
    static let maxLength = 96

    public static func encode(_ position: FlightChange.Position) -> String {
        let milliseconds = Int64((position.at.timeIntervalSince1970 * 1000).rounded(.down))
        let body = "\(prefix)\(milliseconds).\(position.dayNumber).\(position.slot).\(position.kind)"
        return "\(body).\(check(body))"
    }

    /// The position a cursor names; nil when the text is not one the daemon makes.
    public static func decode(_ text: String) -> FlightChange.Position? {
        guard text.utf8.count <= maxLength, text.hasPrefix(prefix) else { return nil }
        let fields = text.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 5 else { return nil }
        var numbers: [Int] = []
        for field in fields.prefix(4) {
            let digits = field.hasPrefix("-") ? field.dropFirst() : field[...]
            guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(field)
            else { return nil }
            numbers.append(number)
        }
        let at = Date(timeIntervalSince1970: Double(numbers[0]) / 1000)
        guard ClockLimits.changeInstants.contains(at), numbers[2] >= 0, numbers[2] <= 1_000_000,
            (0..<FlightChange.Kind.allCases.count).contains(numbers[3])
        else { return nil }
        let position = FlightChange.Position(at: at, dayNumber: numbers[1], slot: numbers[2], kind: numbers[3])
        // Written back, it is the same text: its check holds and nothing in it was written another way.
        return encode(position) == text ? position : nil
    }

    /// FNV-1a (32 bits) of `text`'s bytes, in decimal.
    static func check(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}
