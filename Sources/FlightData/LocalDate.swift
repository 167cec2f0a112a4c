/// A calendar date at the airport, with no time and no time zone.
///
/// Dates are counted as days since 1970-01-01 in the proleptic Gregorian
/// calendar (`dayNumber`), so that arithmetic and the schedule's seeding never
/// depend on Foundation's calendar code.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or nil when the month or day does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Parses `YYYY-MM-DD`: ten ASCII bytes, read once (a state file can hold a hundred thousand dates).
    public init?(_ text: some StringProtocol) {
        var (year, month, day) = (0, 0, 0)
        var position = 0
        for byte in text.utf8 {
            guard position < 10 else { return nil }
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if position < 4 {
                    year = year * 10 + digit
                } else if position < 7 {
                    month = month * 10 + digit
                } else {
                    day = day * 10 + digit
                }
            }
            position += 1
        }
        guard position == 10 else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            var text = ASCIIDigits(buffer)
            write(to: &text)
            return text.count
        }
    }

    /// `YYYY-MM-DD` at the end of `text`, as `description` (which this is).
    func write(to text: inout ASCIIDigits) {
        text.append(year, width: 4)
        text.append(UInt8(ascii: "-"))
        text.append(month, width: 2)
        text.append(UInt8(ascii: "-"))
        text.append(day, width: 2)
    }

    /// The badge form, `MMM d`: `Nov 30`.
    public var shortName: String { "\(Self.monthAbbreviations[month - 1]) \(day)" }

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    public static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Writes ASCII into a buffer that is known to be large enough: the dates and times the daemon
/// writes for every row of every board, without the strings `pad` and interpolation make.
struct ASCIIDigits {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// `value` in decimal, zero-padded to at least `width` digits after its sign, as `LocalDate.pad`.
    mutating func append(_ value: Int, width: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt = 1
        while magnitude / scale >= 10 {
            scale *= 10
            digits += 1
        }
        for _ in digits..<max(digits, width) { append(UInt8(ascii: "0")) }
        while scale > 0 {
            append(UInt8(ascii: "0") + UInt8(magnitude / scale))
            magnitude %= scale
            scale /= 10
        }
    }
}
