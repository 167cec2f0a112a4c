import FlightData
import FoundationEssentials

/// A change's position (`FlightChange.Position`) as the opaque text of a `cursor`: `c1.` then the
/// instant in milliseconds, the flight's day number, its slot and the kind's index, in decimal.
///
/// Clients pass it back unchanged; the daemon refuses anything it did not make (`invalidParams`).
public enum ChangeCursor {
    static let prefix = "c1."
    /// Long enough for every position, short enough that parsing costs nothing.
    static let maxLength = 80

    public static func encode(_ position: FlightChange.Position) -> String {
        let milliseconds = Int64((position.at.timeIntervalSince1970 * 1000).rounded(.down))
        return "\(prefix)\(milliseconds).\(position.dayNumber).\(position.slot).\(position.kind)"
    }

    /// The position a cursor names; nil when the text is not one the daemon makes.
    public static func decode(_ text: String) -> FlightChange.Position? {
        guard text.utf8.count <= maxLength, text.hasPrefix(prefix) else { return nil }
        let fields = text.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            let digits = field.hasPrefix("-") ? field.dropFirst() : field[...]
            guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(field)
            else { return nil }
            numbers.append(number)
        }
        let at = Date(timeIntervalSince1970: Double(numbers[0]) / 1000)
        guard ClockLimits.instants.contains(at), numbers[2] >= 0, numbers[2] <= 1_000_000,
            (0..<FlightChange.Kind.allCases.count).contains(numbers[3])
        else { return nil }
        return FlightChange.Position(at: at, dayNumber: numbers[1], slot: numbers[2], kind: numbers[3])
    }
}
