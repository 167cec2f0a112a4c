import FlightData
import Foundation
let g = ScheduleGenerator(config: .default)
let lt = g.localTime
let now = InstantInput.parse("2026-11-30T12:00", localTime: lt, today: nil)!
let w = ScheduleWindow(source: g, at: now)
let b = Board(flights: w.flights(on: w.firstDate), query: BoardQuery(date: w.firstDate), now: now)
print(b.tabs)
for r in b.rows { print(r.flight.id, lt.clockTime(r.flight.scheduledTime), lt.clockTime(r.flight.currentTime), r.flight.flightName, r.flight.direction, r.flight.otherAirport.name, r.flight.gate, r.status, r.isPast) }
print(w.flight(id: b.rows[3].flight.id)!.id == b.rows[3].flight.id)
