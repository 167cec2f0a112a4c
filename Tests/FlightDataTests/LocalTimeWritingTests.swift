import FoundationEssentials
import Testing

@testable import FlightData

/// Dates and times are written as bytes (`ASCIIDigits`), the same text `LocalDate.pad` and
/// interpolation give, at the edges too: years of one digit or five, before year 1, offsets west
/// and east of UTC and half-hour ones.
struct LocalTimeWritingTests {
    static func padded(_ date: LocalDate) -> String {
        "\(LocalDate.pad(date.year, 4))-\(LocalDate.pad(date.month, 2))-\(LocalDate.pad(date.day, 2))"
    }

    @Test(arguments: [-800_000, -719_468, -1, 0, 20_787, 2_932_896, 2_932_897, 50_000_000])
    func aDateIsWrittenAsPaddingWritesIt(dayNumber: Int) {
        let date = LocalDate(dayNumber: dayNumber)
        #expect(date.description == Self.padded(date))
    }

    @Test func digitsArePaddedToTheirWidthAndNeverCut() {
        let cases = [
            (0, 2, "00"), (7, 4, "0007"), (12345, 4, "12345"), (-3, 4, "-0003"), (Int.min, 2, "\(Int.min)"),
            (Int.max, 1, "\(Int.max)"),
        ]
        for (value, width, text) in cases {
            let written = String(unsafeUninitializedCapacity: 32) { buffer in
                var digits = ASCIIDigits(buffer)
                digits.append(value, width: width)
                return digits.count
            }
            #expect(written == text)
            #expect(LocalDate.pad(value, width) == text)
        }
    }

    @Test(arguments: ["America/New_York", "Asia/Kolkata", "UTC", "Pacific/Chatham"])
    func anInstantIsWrittenWithItsOffset(zone: String) throws {
        let local = LocalTime(timeZone: try #require(TimeZone(identifier: zone)))
        for seconds in [0.0, 1_796_000_000.5, 1_804_050_000, -86_399] {
            let instant = Date(timeIntervalSince1970: seconds)
            let offset = local.offset(at: instant)
            let localSeconds = Int(seconds.rounded(.down)) + offset
            let day = LocalDate(dayNumber: LocalTime.floorDiv(localSeconds, 86_400))
            let second = localSeconds - LocalTime.floorDiv(localSeconds, 86_400) * 86_400
            let sign = offset < 0 ? "-" : "+"
            let off = abs(offset) / 60
            let expected =
                "\(Self.padded(day))T\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2)):"
                + "\(LocalDate.pad(second % 60, 2))\(sign)\(LocalDate.pad(off / 60, 2)):\(LocalDate.pad(off % 60, 2))"
            #expect(local.iso8601(instant) == expected)
        }
    }
}
