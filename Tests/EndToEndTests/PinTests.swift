import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board pin`, `unpin` and `pins`: pinned flights first on their day's board, kept under --hide-past.
@Suite(.sharedDaemon) struct PinTests {
    /// Under a file-size limit (`ulimit -f 0`), saving fails as on a full disk: status 1, one line naming
    /// the file, no temporary file left and the state as it was; never a death by SIGXFSZ (153).
    @Test(.disabled(if: Sanitizers.active, "under ThreadSanitizer SIGXFSZ kills despite SIG_IGN; the plain run checks it"))
    func aFileSizeLimitFailsLikeAFullDisk() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        _ = try user.json("pin", String(rows[3].id))
        let before = try String(contentsOfFile: user.stateFile, encoding: .utf8)
        let limited = try runAsFromAShell(
            ["/bin/sh", "-c", #"ulimit -f 0 && exec "$0" "$@""#, Binaries.board, "pin", String(rows[5].id)],
            environment: user.environment)
        #expect(limited.status == 1, "\(limited.stderr)")
        #expect(limited.stderr.split(separator: "\n").count == 1, "\(limited.stderr)")
        #expect(limited.stderr.contains("state.json"), "\(limited.stderr)")
        #expect(try String(contentsOfFile: user.stateFile, encoding: .utf8) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: user.sandbox.stateDirectory)
        #expect(!files.contains { $0.contains(".tmp") }, "\(files)")
    }

    @Test func aPinnedFlightComesFirst() throws {
        let user = try BoardUser.ofSharedDaemon()
        let before = try user.lookup()
        let pinned = before[12]
        let pin = try user.json("pin", String(pinned.id))
        #expect(pin["schema"]?.int == 1)
        let after = try user.rows()
        #expect(after.first?.id == pinned.id)
        #expect(after.first?.pinned == true)
        #expect(after.dropFirst().allSatisfy { !$0.pinned })
        #expect(after.dropFirst().map(\.id) == before.filter { $0.id != pinned.id }.map(\.id), "the rest keep their order")
        let people = try user.text()
        let firstRow = try #require(people.lines.first { line in before.contains { line.hasSuffix(" \($0.id)") } })
        #expect(firstRow.hasSuffix(" \(pinned.id)"), "first in people's output too: \(firstRow)")
        #expect(try user.json("show", String(pinned.id))["pinned"]?.bool == true)
    }

    @Test func pinsComeFirstInTheWatchlistsOrder() throws {
        let user = try BoardUser.ofSharedDaemon()
        let before = try user.lookup()
        let chosen = [before[25], before[4], before[15]]
        for flight in chosen { _ = try user.json("pin", String(flight.id)) }
        let after = try user.rows()
        #expect(after.prefix(3).map(\.id) == chosen.map(\.id), "in the order pinned, not time order")
        #expect(after.prefix(3).allSatisfy { $0.pinned })
    }

    @Test func aPinnedPastFlightStaysUnderHidePast() throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        let past = try #require(try user.lookup("departures").first { $0.isPast(at: now) })
        let hiddenBefore = try user.json("departures", "--hide-past")
        _ = try user.json("pin", String(past.id))
        let board = try user.json("departures", "--hide-past")
        let rows = try (board["flights"]?.array ?? []).map(FlightRow.init)
        #expect(rows.first?.id == past.id, "kept, and first")
        #expect(rows.dropFirst().allSatisfy { !$0.isPast(at: now) })
        let counts = try #require(board["tabs"]?.array).map { $0["count"]?.int ?? -1 }
        let countsBefore = try #require(hiddenBefore["tabs"]?.array).map { $0["count"]?.int ?? -1 }
        #expect(counts[2] == rows.count, "the count includes the pin")
        #expect(counts[2] == countsBefore[2] + 1)
        #expect(counts[1] == countsBefore[1] + 1)
        #expect(counts[0] == countsBefore[0])
    }

    @Test func pinsListsThePinnedFlights() throws {
        let user = try BoardUser.ofSharedDaemon()
        #expect(try user.json("pins")["flights"]?.array?.isEmpty == true)
        #expect(try user.note("pins").contains("No pinned flights"))
        let rows = try user.lookup()
        _ = try user.json("pin", String(rows[7].id))
        _ = try user.text("pin", rows[9].flightName)
        let pins = try user.json("pins")
        let flights = try #require(pins["flights"]?.array).map(FlightRow.init)
        #expect(Set(flights.map(\.id)) == [rows[7].id, rows[9].id])
        #expect(flights.allSatisfy { $0.pinned })
        for flight in flights { #expect(ContractKeys.missing(ContractKeys.flight, in: flight.json) == []) }
        let text = try user.text("pins")
        #expect(text.lines.contains { $0.hasSuffix(" \(rows[7].id)") && $0.contains(rows[7].flightName) })
        #expect(text.lines.contains { $0.hasSuffix(" \(rows[9].id)") })
    }

    /// Below the width that leaves a row its name and id after a date column, the date heads its
    /// day's rows instead: the id, which `board unpin` takes, is whole at every width down to a row's narrowest.
    @Test func pinsKeepTheirIdsInANarrowPane() throws {
        let user = try BoardUser.ofSharedDaemon()
        let today = try user.lookup()
        let tomorrow = try user.lookup("--date", "tomorrow")
        _ = try user.json("pin", String(today[3].id))
        _ = try user.json("pin", String(tomorrow[4].id), "--date", "tomorrow")
        _ = try user.json("pin", String(today[5].id))
        for width in [29, 30, 33, 36, 37, 40, 80] {
            let result = try user.board(arguments: ["pins"], env: ["COLUMNS": String(width)])
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= width }, "COLUMNS=\(width): \(lines)")
            for id in [today[3].id, tomorrow[4].id, today[5].id] {
                #expect(lines.contains { $0.hasSuffix(" \(id)") }, "COLUMNS=\(width): \(id) whole in \(lines)")
            }
            // In the pins' order, each under its own day's date.
            let rows = lines.indices.filter { index in lines[index].hasSuffix(" \(tomorrow[4].id)") }
            if width < 37, let row = rows.first {
                #expect(lines[row - 1].hasPrefix("Dec 1"), "COLUMNS=\(width): \(lines)")
                #expect(lines[row + 1].hasPrefix("Nov 30"), "the day changes back: \(lines)")
            }
        }
    }

    @Test func pinningTwiceKeepsOnePin() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[5]
        _ = try user.json("pin", String(row.id))
        _ = try user.json("pin", row.flightName)
        #expect(try user.json("pins")["flights"]?.array?.count == 1)
        #expect(user.state()?["pins"]?.array?.count == 1)
    }

    @Test func theStateFileHoldsThePins() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[8]
        let text = try user.text("pin", String(row.id))
        #expect(text.contains(row.flightName), "\(text)")
        let pins = try #require(user.state()?["pins"]?.array)
        #expect(pins.count == 1)
        #expect(pins.first?["id"]?.int == row.id)
        #expect(pins.first?["designator"]?.string == row.flightName)
        #expect(pins.first?["date"]?.string == knownDate)
    }

    @Test func unpinByIdOrDesignator() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        _ = try user.json("pin", String(rows[3].id))
        _ = try user.json("pin", String(rows[6].id))
        let unpinned = try user.json("unpin", String(rows[3].id))
        #expect(unpinned["schema"]?.int == 1)
        #expect(try user.rows().filter(\.pinned).map(\.id) == [rows[6].id])
        let text = try user.text("unpin", rows[6].flightName)
        #expect(text.contains("Unpinned"), "\(text)")
        #expect(try user.rows().map(\.id) == rows.map(\.id), "back to the plain order")
        #expect(try user.json("pins")["flights"]?.array?.isEmpty == true)
    }

    @Test func unpinningAFlightThatIsNotPinnedIsNotFound() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[3]
        let result = try user.board("unpin", String(row.id))
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.lines.count == 1)
    }

    @Test func pinningAFlightThatDoesNotExistIsNotFound() throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board("pin", "9999999")
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(user.state()?["pins"]?.array?.isEmpty ?? true)
    }

    @Test func aPinOnAnotherDayLeadsThatDaysBoard() throws {
        let user = try BoardUser.ofSharedDaemon()
        let tomorrow = try user.lookup("--date", "tomorrow")
        let row = tomorrow[20]
        _ = try user.json("pin", String(row.id), "--date", "tomorrow")
        #expect(try user.rows("--date", "tomorrow").first?.id == row.id)
        #expect(try user.rows().allSatisfy { !$0.pinned }, "today's board has no pin")
        #expect(user.state()?["pins"]?.array?.first?["date"]?.string == tomorrowDate)
    }

    /// A designator pinned and hidden on two days: --date names which day's pin `unpin` and `pins move`
    /// mean, and which hidden flight `unhide` brings back (the contract: wherever a designator is
    /// taken, --date picks another day); a day without one is not found, saying the day.
    @Test func aDesignatorOnTwoDaysIsNamedByItsDay() throws {
        let user = try BoardUser.ofSharedDaemon()
        let name = try user.lookup()[3].flightName
        _ = try user.json("pin", name)
        _ = try user.json("pin", name, "--date", "tomorrow")
        func days(_ key: String) -> [String] { user.state()?[key]?.array?.compactMap { $0["date"]?.string } ?? [] }
        #expect(days("pins") == ["2026-11-30", tomorrowDate])
        _ = try user.text("pins", "move", name, "first", "--date", tomorrowDate)
        #expect(days("pins") == [tomorrowDate, "2026-11-30"])
        _ = try user.text("unpin", name, "--date", "tomorrow")
        #expect(days("pins") == ["2026-11-30"])
        let again = try user.board("unpin", name, "--date", "tomorrow")
        #expect(again.status == 4, "\(again.stderr)")
        #expect(again.stderr.contains("of Dec 1 is not pinned"), "the day named: \(again.stderr)")
        #expect(days("pins") == ["2026-11-30"])

        _ = try user.text("hide", name, "--date", "tomorrow")
        _ = try user.text("hide", name)
        _ = try user.text("unhide", name, "--date", "+1")
        #expect(days("hidden") == ["2026-11-30"])
        let list = try user.board("pins", "--date", "tomorrow")
        #expect(list.status == 2, "--date belongs to 'pins move': \(list.stderr)")
    }
}
