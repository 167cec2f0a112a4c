import FlightData
import Foundation
import Testing

/// A flight's history is its service's own past: each entry is what that day's board showed of the
/// flight once it had ended, computed by the code that builds the day, however far back it is.
struct HistoryTests {
    static let window = Fixture.window
    static let timetable = window.source.timetable

    /// For every flight of several days: the next flight of its service (on the next day it runs)
    /// has, as its newest history entry, exactly what that day's board said once the flight had
    /// ended: status, scheduled time, actual time and delay, read from the board's row.
    @Test(arguments: (0..<5).map { Fixture.today.adding(days: $0) })
    func theNextOperationsHistoryIsWhatTheBoardShowedOnceItEnded(date: LocalDate) throws {
        let flights = Self.window.flights(on: date)
        // Once the day's last flight is taken down (maybe after midnight), every row has ended.
        let lateEvening = try #require(flights.map(\.takenDownAt).max())
        let board = Board(flights: flights, query: BoardQuery(date: date), now: lateEvening)
        for flight in flights {
            let service = Self.timetable.services[Int(flight.serviceID)]
            let nextDay = try #require((1...7).map { date.adding(days: $0) }.first(where: service.runs))
            let next = try #require(Self.window.flights(on: nextDay).first { Int($0.serviceID) == service.id })
            let entry = try #require(Self.window.history(of: next, at: lateEvening.plus(seconds: 1)).first)
            let row = try #require(board.rows.first { $0.flight == flight })
            #expect(row.status.hasEnded, "\(flight.flightName) of \(date) still \(row.status) at the end of its day")
            #expect(entry.date == date)
            #expect(entry.status == row.status, "\(flight.flightName) of \(date)")
            #expect(entry.scheduledTime == flight.scheduledTime)
            #expect(entry.delayMinutes == row.state.delayMinutes)
            let arrived = row.status == .departed || row.status == .landed
            #expect(entry.actualTime == (arrived ? row.state.currentTime : nil))
        }
    }

    /// The board's own instant of taking it down is the one history reads: the row then equals the
    /// row at any later instant of the day, so "once it ended" has one answer.
    @Test func aFlightsLastStateIsTheOneTheHallTookDown() {
        for flight in Self.window.flights(on: Fixture.today) {
            let atTakeDown = flight.state(at: flight.takenDownAt)
            #expect(atTakeDown == flight.state(at: flight.takenDownAt.plus(minutes: 600)), "\(flight.flightName)")
            #expect(HistoryEntry(ended: flight).status == atTakeDown.status)
        }
    }

    /// Days before the window are computed the same way: the first day's flights reach back weeks,
    /// and each entry is the generator's flight of that day, as it ended.
    @Test func historyReachesBeforeTheWindow() throws {
        let firstDay = Self.window.flights(on: Self.window.firstDate)
        for flight in firstDay {
            let history = Self.window.history(of: flight, at: Fixture.now)
            #expect(history.count == FlightCatalog.historyDays)
            for entry in history {
                #expect(!Self.window.contains(entry.date))
                let then = try #require(Fixture.generator.flights(on: entry.date).first { $0.serviceID == flight.serviceID })
                #expect(entry == HistoryEntry(ended: then), "\(flight.flightName) on \(entry.date)")
            }
        }
        // A weekday service's ten operations span more than ten days.
        let weekday = try #require(firstDay.first { Self.timetable.services[Int($0.serviceID)].weekdays != .daily })
        let span = weekday.date.dayNumber - Self.window.history(of: weekday, at: Fixture.now).last!.date.dayNumber
        #expect(span > FlightCatalog.historyDays)
    }

    /// History is what had ended by the instant it is asked at: a flight of tomorrow, seen today,
    /// lists today's operation only once the hall has taken it down, and a flight a week ahead starts
    /// its history with the last operation that has ended, not with days still to come.
    @Test func historyHoldsOnlyWhatHadEndedByNow() throws {
        let today = Self.window.flights(on: Fixture.today)
        for flight in today {
            let service = Self.timetable.services[Int(flight.serviceID)]
            let later = try #require(
                (1...7).lazy.map { Fixture.today.adding(days: $0) }.first(where: service.runs)
                    .flatMap { day in Self.window.flights(on: day).first { $0.serviceID == flight.serviceID } })
            let before = Self.window.history(of: later, at: flight.takenDownAt)
            let after = Self.window.history(of: later, at: flight.takenDownAt.plus(seconds: 1))
            #expect(before.first?.date != Fixture.today, "\(flight.flightName): today's end given away early")
            #expect(after.first == HistoryEntry(ended: flight))
            #expect(Array(after.dropFirst()) == Array(before.prefix(FlightCatalog.historyDays - 1)))
            #expect(before.count == FlightCatalog.historyDays && after.count == FlightCatalog.historyDays)
        }
        // Two weeks ahead, seen this morning: today's flight if it has ended, then what today's own
        // history holds; nothing of the days between.
        for ahead in Self.window.flights(on: Fixture.today.adding(days: 14)) {
            guard let todays = today.first(where: { $0.serviceID == ahead.serviceID }) else { continue }
            let ended = todays.isPast(at: Fixture.now) ? [HistoryEntry(ended: todays)] : []
            let expected = Array((ended + Self.window.history(of: todays, at: Fixture.now)).prefix(FlightCatalog.historyDays))
            #expect(Self.window.history(of: ahead, at: Fixture.now) == expected, "\(ahead.flightName)")
        }
    }

    /// The on-time rate is the share of the ten operations that left or landed at their scheduled
    /// time; canceled and diverted days count against it.
    @Test func theOnTimeRateCountsDaysThatRanOnTime() {
        let day = Fixture.today.adding(days: 3)
        let entries = [
            HistoryEntry(date: day, status: .departed, scheduledTime: Fixture.now, actualTime: Fixture.now, delayMinutes: 0),
            HistoryEntry(
                date: day, status: .departed, scheduledTime: Fixture.now, actualTime: Fixture.now.plus(minutes: 5),
                delayMinutes: 5),
            HistoryEntry(date: day, status: .canceled, scheduledTime: Fixture.now, actualTime: nil, delayMinutes: 0),
            HistoryEntry(date: day, status: .diverted, scheduledTime: Fixture.now, actualTime: nil, delayMinutes: 0),
        ]
        #expect(entries.onTimeRate == 0.25)
        #expect([HistoryEntry]().onTimeRate == 0)
    }
}
