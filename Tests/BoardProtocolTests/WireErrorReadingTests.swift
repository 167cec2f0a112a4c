import BoardProtocol
import Testing

/// A `DecodingError` as the sentence a document that cannot be read gives (`WireError(reading:in:)`).
@Suite struct WireErrorReadingTests {
    typealias F = ScheduleFixture

    static func message(_ json: JSON) -> String? {
        do {
            _ = try FlightDetailsDocument(json: json)
            return nil
        } catch {
            #expect(error.code == .internal)
            return error.message
        }
    }

    static var details: JSON { F.encoding.details(F.todaysFlights[5], from: F.generator, at: F.now, pinned: false).json }

    @Test func eachKindOfMistakeNamesItsField() throws {
        #expect(Self.message(Self.details.removing("airline")) == "The daemon's reply has no \"airline\".")
        #expect(Self.message(Self.details.setting("onTimeRate", "high")) == "The daemon's reply has a malformed \"onTimeRate\".")
        #expect(Self.message(Self.details.setting("gate", nil)) == "The daemon's reply has a malformed \"gate\".")
        #expect(Self.message(Self.details.setting("status", "lost")) == "The daemon's reply has an unknown \"status\": \"lost\".")
        #expect(Self.message(Self.details) == nil)
    }

    @Test func aNestedFieldIsNamedByItsOwnKeyAndABadItemByItsArray() throws {
        var history = try #require(Self.details["history"]?.array)
        history[1] = history[1].removing("scheduledTime")
        let missing = Self.details.setting("history", .array(history))
        #expect(Self.message(missing) == "The daemon's reply has no \"scheduledTime\".")
        history[1] = "not a day"
        let notADay = Self.details.setting("history", .array(history))
        #expect(Self.message(notADay) == "The daemon's reply has a malformed \"history\".")
        #expect(Self.message(Self.details.setting("baggage", 3)) == "The daemon's reply has a malformed \"baggage\".")
    }

    @Test func somethingThatIsNotAnObjectIsAMalformedReply() {
        #expect(Self.message([1, 2]) == "The daemon's reply is malformed.")
        #expect(Self.message(.null) == "The daemon's reply is malformed.")
    }

    @Test func anErrorADocumentThrowsItselfIsKept() {
        let ping: JSON = ["pong": false, "server": "boardd", "instance": "x", "protocol": 1]
        #expect(throws: WireError(.internal, "The daemon's reply has a false \"pong\".")) { try PingDocument(json: ping) }
    }

    @Test func optionalListsOfTextDropWhatIsNotText() throws {
        let details = try FlightDetailsDocument(
            json: Self.details.setting("codeshares", ["US 1", 5, "US 2"]).setting("runs", "daily"))
        #expect(details.flight.codeshares == ["US 1", "US 2"])
        #expect(details.runs.isEmpty)
    }
}
