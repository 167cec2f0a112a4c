import BoardProtocol
import Testing

@testable import BoardCLI

/// The client never sends more pins than the daemon takes, whatever its state file holds.
@Suite struct PinCapTests {
    static func pin(_ id: Int, _ date: String) -> RememberedFlight { RememberedFlight(id: id, designator: "X \(id)", date: date) }

    @Test func upToTheLimitEveryPinIsSentInOrder() {
        let pins = (1...PinnedParam.limit).map { Self.pin($0, $0 % 2 == 0 ? "2026-12-01" : "2026-11-30") }
        #expect(BoardClient.capped(pins) == pins)
    }

    @Test func pastTheLimitTheEarliestDaysAreSentFirstInPinnedOrder() {
        let later = (1...600).map { Self.pin($0, "2026-12-02") }
        let earlier = (601...1500).map { Self.pin($0, "2026-11-30") }
        let sent = BoardClient.capped(later + earlier)
        #expect(sent.count == PinnedParam.limit)
        #expect(Array(sent.prefix(900)) == earlier)
        #expect(Array(sent.suffix(100)) == Array(later.prefix(100)))
    }

    @Test func aPinWhoseDateIsGarbledIsNotSent() {
        #expect(BoardClient.capped([Self.pin(1, "yesterday"), Self.pin(2, "2026-11-30")]) == [Self.pin(2, "2026-11-30")])
    }
}
