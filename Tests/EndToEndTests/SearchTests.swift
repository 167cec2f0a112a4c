import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board search TEXT [--tab TAB]`: city, airline, number or gate, across the window, grouped by day.
@Suite(.sharedDaemon) struct SearchTests {
    /// Every flight of a search document, with its day's date, checking the grouping on the way.
    func results(_ document: JSON) throws -> [(date: String, row: FlightRow)] {
        let days = try #require(document["days"]?.array)
        var found: [(String, FlightRow)] = []
        var previousDate = ""
        for day in days {
            let date = try #require(day["date"]?.string)
            #expect(date > previousDate, "days in order, each once")
            #expect(date >= knownDate && date <= lastWindowDate, "within the window")
            previousDate = date
            let rows = try #require(day["flights"]?.array).map(FlightRow.init)
            #expect(!rows.isEmpty, "days without a match are left out")
            #expect(day["count"]?.int == rows.count)
            #expect(rows == rows.sorted(by: FlightRow.timeOrder), "a day's matches in time order")
            for row in rows {
                #expect(row.localDate == date)
                #expect(ContractKeys.missing(ContractKeys.flight, in: row.json) == [])
                found.append((date, row))
            }
        }
        #expect(document["count"]?.int == found.count)
        #expect(document["schema"]?.int == 1)
        return found
    }

    @Test func byCity() throws {
        let user = try BoardUser.ofSharedDaemon()
        let found = try results(try user.json("search", "miami"))
        #expect(found.allSatisfy { $0.row.otherAirport == "Miami" })
        #expect(Set(found.map(\.date)).count > 1, "across the window")
        // Today's matches are exactly today's Miami flights.
        let today = try user.lookup().filter { $0.otherAirport == "Miami" }
        #expect(found.filter { $0.date == knownDate }.map(\.row.id) == today.map(\.id))
    }

    /// A filtered search's JSON has the search's shape (`total`, `next`) and says its filter, as a
    /// filtered board's does; `total` and `next` were left out, so `.total` read null.
    @Test func aFilteredSearchKeepsItsShapeAndSaysItsFilter() throws {
        let user = try BoardUser.ofSharedDaemon()
        let all = try user.json("search", "miami")
        let filtered = try user.json("search", "miami", "--status", "scheduled")
        let kept = try results(filtered)
        #expect(!kept.isEmpty && kept.count < (all["count"]?.int ?? 0))
        #expect(kept.allSatisfy { $0.row.status == "scheduled" })
        #expect(filtered["total"]?.int == kept.count && filtered["next"] == .null, "\(filtered.text.prefix(300))")
        #expect(filtered["filter"]?.text == #"{"status":["scheduled"]}"#)
        #expect(all["filter"] == nil)
    }

    @Test func ignoresCase() throws {
        let user = try BoardUser.ofSharedDaemon()
        let lower = try results(try user.json("search", "dallas")).map(\.row.id)
        let upper = try results(try user.json("search", "DALLAS")).map(\.row.id)
        #expect(!lower.isEmpty)
        #expect(lower == upper)
    }

    @Test func byAirline() throws {
        let user = try BoardUser.ofSharedDaemon()
        let found = try results(try user.json("search", "Pacific"))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.row.airline == "Pacific" })
    }

    @Test func byNumber() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try #require(try user.lookup().first)
        let found = try results(try user.json("search", String(row.number)))
        #expect(found.contains { $0.row.id == row.id })
        // Its own number, its id, or a partner's number (a codeshare's, "as Overland 601").
        func partnerNumbers(_ row: FlightRow) -> [String] {
            (row.json["codeshares"]?.array ?? []).compactMap { $0.string?.split(separator: " ").last.map(String.init) }
        }
        #expect(
            found.allSatisfy {
                String($0.row.number).contains(String(row.number)) || $0.row.id == row.number
                    || partnerNumbers($0.row).contains { $0.contains(String(row.number)) }
            })
    }

    @Test func byGate() throws {
        let user = try BoardUser.ofSharedDaemon()
        let found = try results(try user.json("search", "B3"))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.row.gate == "B3" })
    }

    @Test(arguments: ["arrivals", "departures"])
    func withinATab(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let everything = try results(try user.json("search", "chicago"))
        let inTab = try results(try user.json("search", "chicago", "--tab", tab))
        let direction = tab == "arrivals" ? "arrival" : "departure"
        #expect(!inTab.isEmpty, "Chicago has flights both ways")
        #expect(inTab.allSatisfy { $0.row.direction == direction })
        #expect(inTab.map(\.row.id) == everything.filter { $0.row.direction == direction }.map(\.row.id))
    }

    @Test func nothingMatches() throws {
        let user = try BoardUser.ofSharedDaemon()
        let document = try user.json("search", "Atlantis")
        #expect(document["count"]?.int == 0)
        #expect(document["days"]?.array?.isEmpty == true)
        let text = try user.text("search", "Atlantis")
        #expect(text.contains("0 flights"), "\(text)")
    }

    @Test func peoplesFormGroupsByDay() throws {
        let user = try BoardUser.ofSharedDaemon()
        let document = try user.json("search", "miami")
        let text = try user.text("search", "miami")
        let lines = text.lines
        #expect(lines.first?.contains("\(document["count"]?.int ?? -1) flights") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("miami") == true)
        for day in document["days"]?.array ?? [] {
            let heading = "\(shortDate(day["date"]?.string ?? ""))"
            #expect(
                lines.contains { $0.contains(heading) && $0.contains("(\(day["count"]?.int ?? -1))") }, "a heading for \(heading)"
            )
            for flight in day["flights"]?.array ?? [] {
                let id = flight["id"]?.int ?? -1
                #expect(lines.contains { $0.hasSuffix(" \(id)") }, "a row for \(id)")
            }
        }
    }

    /// A row found through a partner's designator says why, under the flight's name: US 953 is
    /// sold as Pacific 333 (`board search "pacific 333"`), a row found by its own name says nothing more.
    @Test func aRowFoundThroughACodeshareSaysAsWhat() throws {
        let user = try BoardUser.ofSharedDaemon()
        let document = try user.json("search", "pacific 333")
        let ids = (document["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }.compactMap { $0["id"]?.int }
        try #require(!ids.isEmpty)
        let lines = try user.text("search", "pacific 333").lines
        for id in ids {
            let row = try #require(lines.firstIndex { $0.hasSuffix(" \(id)") }, "a row for \(id)")
            #expect(lines[row].contains("US 953"), "\(lines[row])")
            #expect(lines[row + 1].trimmingCharacters(in: .whitespaces) == "as Pacific 333", "\(lines)")
            #expect(lines[row + 1].count <= 80)
        }
        let own = try user.text("search", "us 953").lines
        #expect(!own.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("as ") }, "by its own: \(own)")
    }
}
