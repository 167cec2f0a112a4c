import BoardArguments
import Testing

/// Numbers on a command line are decimal: what `Double(_:)` reads beyond that is refused.
struct DecimalNumberTests {
    @Test(arguments: [
        ("2", 2.0), ("0.5", 0.5), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("2.5E-1", 0.25), ("007", 7.0), ("0", 0.0),
        ("0.000", 0.0), ("0e-400", 0.0),
    ])
    func decimalNumbersAreRead(text: String, value: Double) {
        #expect(DecimalNumber.value(text) == value)
    }

    @Test(arguments: [
        "0x10", "0X1p4", "inf", "nan", "infinity", "", ".", "e3", "1e", "1e+", " 1", "1 ", "1_000", "+1", "-1", "1e400", "1e-400",
        "0.0000000000000000000000000000000000000000000000000000000000001e-300",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(DecimalNumber.value(text) == nil, "\(text)")
    }
}
