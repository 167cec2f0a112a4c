import BoardArguments
import FlightData

extension NearestWord {
    /// `Pacific 298` for `Pacfic 298` (or `pacfic298`): a designator whose airline is mistyped, with
    /// the nearest airline's name (`suggestion`) and the number as given; nil when the text is no
    /// airline and number, or its airline is near none.
    static func designator(for text: String) -> String? {
        let compact = text.filter { !$0.isWhitespace }
        guard let firstDigit = compact.firstIndex(where: \.isNumber) else { return nil }
        let digits = compact[firstDigit...]
        // Only a number a flight can have (`FlightCatalog.flightNumbers`): a hint that cannot be a
        // flight sends its reader to "no such flight".
        guard digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
            FlightCatalog.flightNumbers.contains(number),
            let airline = suggestion(for: String(compact[..<firstDigit]), among: FlightCatalog.airlines)
        else { return nil }
        return "\(airline) \(number)"
    }
}
