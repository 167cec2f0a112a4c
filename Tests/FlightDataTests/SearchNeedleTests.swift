import FlightData
import Foundation
import Testing

/// `FlightSearch` works its text out against the catalogue once and then matches each flight by
/// looking its indices up. These tests hold it to the rules written out plainly, string by string
/// (`reference`, the matcher as it was before), over every flight of the fixture's window and texts
/// of every kind: cities, airlines, numbers, ids, gates, designators, codeshares, and odd ones.
struct SearchNeedleTests {
    /// The rules, one string comparison after another.
    static func reference(_ text: String, tab: Tab, _ flight: Flight) -> Bool {
        let needle = lowered(text)
        guard !needle.isEmpty, tab.includes(flight) else { return false }
        if flight.otherAirport.name.lowercased().contains(needle) { return true }
        let foldedNeedle = folded(needle)
        if !foldedNeedle.isEmpty, folded(flight.otherAirport.name).contains(foldedNeedle) { return true }
        if flight.airline.lowercased().contains(needle) { return true }
        if String(flight.number).contains(needle) || String(flight.id) == needle { return true }
        if flight.gate.description.lowercased() == needle { return true }
        let compactNeedle = needle.filter { !$0.isWhitespace }
        let compactName = flight.flightName.lowercased().filter { !$0.isWhitespace }
        if compactName.hasPrefix(compactNeedle) { return true }
        guard compactNeedle.contains(where: \.isNumber) else { return false }
        if flight.codeshares.contains(where: { $0.lowercased().filter { !$0.isWhitespace }.hasPrefix(compactNeedle) }) {
            return true
        }
        // Digits alone: a partner's number contains them, as the flight's own number does.
        guard needle.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" }) else { return false }
        return flight.codeshares.designators.contains { String($0.number).contains(needle) }
    }

    static func lowered(_ text: String) -> String {
        var s = Substring(text.lowercased())
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }

    static func folded(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// Texts a person types, and texts cut from the flights themselves.
    static func texts(_ flights: [Flight]) -> [String] {
        var texts = [
            "", " ", "a", "A", "e", "chi", "Chicago", "ft worth", "FT.WORTH", "dallas/ft", "new york-lga", "york lga", "las v",
            "vegas", "us", "US", "u", "s", "pacific", "Pacific 1", "pacific1", "pac", "pacific 12", "southeast 4", "overland",
            "c1", "a3", "A3", "b5", "b 5", "a10", "1", "12", "0", "-1", "+5", "007", "9999", "99999", "us7", "us 70", "u s 7",
            "pacific-1", "pacific 1a", "ß", "é", "e\\u{301}", "\\u{212A}", "٣", "½", "１", "pacific ١", "\\t chicago\\n", "boston",
            "\\u{1B}[31m", "pacific\\r\\n1",
        ]
        var random = SplitMix64(seed: 14)
        for flight in flights.shuffled(using: &random).prefix(60) {
            let name = flight.flightName
            let cut = name.prefix(Int(random.next() % UInt64(name.count)) + 1)
            texts += [
                String(flight.id), String(flight.number), String(String(flight.number).prefix(2)), String(cut),
                name.uppercased(), name.replacingOccurrences(of: " ", with: ""), flight.gate.description,
            ]
            texts += flight.codeshares.map { String($0.prefix(Int(random.next() % UInt64($0.count)) + 1)) }
            texts += flight.codeshares.map { $0.replacingOccurrences(of: " ", with: "").lowercased() }
        }
        return texts
    }

    @Test func everyFlightAndTextAgreesWithTheRulesWrittenOut() {
        let flights = Fixture.window.allFlights
        var disagreements: [String] = []
        var found = 0
        // Each text in one tab, the tabs in turn: every flight is asked about every text.
        for (index, text) in Self.texts(flights).enumerated() {
            let tab = Tab.allCases[index % Tab.allCases.count]
            let search = FlightSearch(text: text, tab: tab)
            for flight in flights {
                let expected = Self.reference(text, tab: tab, flight)
                if expected { found += 1 }
                if search.matches(flight) != expected {
                    disagreements.append("\(text.debugDescription) \(tab) \(flight.flightName) id \(flight.id): \(expected)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
        #expect(found > 3_000, "the texts find flights by every rule, not only none")
    }
}
