import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The flights the help's examples name run every day on the default schedule, so an example
/// typed as it is finds its flight whatever the day. `board pin "Southeast 282"` and `board wait
/// "Pacific 123"` named no flight at all.
struct HelpExampleFlightTests {
    /// `"Pacific 578"`, `pacific578` and the like, in each command's examples, as designators
    /// (`Pacific 578`).
    static func designators(in help: String) -> [String] {
        let examples = help.components(separatedBy: "examples:").dropFirst().joined()
        let pattern = try! NSRegularExpression(
            pattern: #"\b(US|Southeast|Pacific|Overland) ?([0-9]{3})\b"#, options: [.caseInsensitive])
        let range = NSRange(examples.startIndex..., in: examples)
        return pattern.matches(in: examples, range: range).compactMap { match in
            guard let airline = Range(match.range(at: 1), in: examples), let number = Range(match.range(at: 2), in: examples)
            else { return nil }
            let name = ["us": "US", "southeast": "Southeast", "pacific": "Pacific", "overland": "Overland"]
            return "\(name[examples[airline].lowercased()] ?? "") \(examples[number])"
        }
    }

    @Test func everyDesignatorInAnExampleRunsOnEveryDayOfTheWindow() {
        let window = LiveViewFixture.window
        var named = 0
        for command in CommandTable.all {
            for designator in Self.designators(in: command.spec.help) {
                named += 1
                for date in window.dates {
                    #expect(
                        window.source.flights(on: date).contains { $0.flightName == designator },
                        "board help \(command.spec.name): \(designator) on \(date)")
                }
            }
        }
        #expect(named >= 9, "the examples name flights")
    }
}
