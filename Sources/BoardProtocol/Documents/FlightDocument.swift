import FlightData

/// A flight as the contract lists it (a board's row), plus `date`, `delayMinutes` and `past`.
///
/// Times are the airport's local time as the daemon wrote them (ISO-8601 with the
/// offset), kept as text so that a document decoded and encoded again gives the same bytes.
public struct FlightDocument: WireDocument {
    public let id: Int
    public let airline: String
    public let number: Int
    /// `Pacific 123`.
    public let flightName: String
    public let direction: Direction
    public let otherAirport: String
    /// Minutes in the air between the other airport and this one.
    public let flightTime: Int
    /// The flight's local date, `YYYY-MM-DD`; with `id`, the flight's identity.
    public let date: String
    /// The partner airlines' designators it is also sold under, `Southeast 412`; possibly empty.
    public let codeshares: [String]
    public let scheduledTime: String
    /// The estimated or actual time; nil when canceled.
    public let currentTime: String?
    public let delayMinutes: Int
    public let gate: String
    public let terminal: String
    public let status: FlightStatus
    public let past: Bool
    public let pinned: Bool
    /// The gate before an announced change; nil when the gate never changed.
    public let previousGate: String?
    /// The city an arrival diverted to; nil unless diverted.
    public let divertedTo: String?
    /// An arrival's belt with its first and last bag, once landed.
    public let baggage: BaggageDocument?
    /// The latest announcement for people: "Gate changed from A3", "New time 14:05".
    public let remark: String?
    /// When the latest announcement was made (so a client can mark recent changes); nil before any.
    public let changedAt: String?

    public init(
        id: Int, airline: String, number: Int, flightName: String, direction: Direction, otherAirport: String,
        flightTime: Int, date: String, codeshares: [String] = [], scheduledTime: String, currentTime: String?,
        delayMinutes: Int, gate: String, terminal: String, status: FlightStatus, past: Bool, pinned: Bool,
        previousGate: String? = nil, divertedTo: String? = nil, baggage: BaggageDocument? = nil, remark: String? = nil,
        changedAt: String? = nil
    ) {
        self.id = id
        self.airline = airline
        self.number = number
        self.flightName = flightName
        self.direction = direction
        self.otherAirport = otherAirport
        self.flightTime = flightTime
        self.date = date
        self.codeshares = codeshares
        self.scheduledTime = scheduledTime
        self.currentTime = currentTime
        self.delayMinutes = delayMinutes
        self.gate = gate
        self.terminal = terminal
        self.status = status
        self.past = past
        self.pinned = pinned
        self.previousGate = previousGate
        self.divertedTo = divertedTo
        self.baggage = baggage
        self.remark = remark
        self.changedAt = changedAt
    }

    /// Reads a flight from a board's row or from a flight's details (whose extra keys it ignores).
    ///
    /// `date`, `codeshares`, `currentTime`, `delayMinutes`, `terminal`, `past`, `pinned` and the
    /// announcements' keys have defaults; the rest are required.
    public init(json: JSON) throws(WireError) {
        id = try json.field("id", \.int)
        airline = try json.field("airline", \.string)
        number = try json.field("number", \.int)
        flightName = try json.field("flightName", \.string)
        direction = try json.field("direction", as: Direction.self)
        otherAirport = try json.field("otherAirport", \.string)
        flightTime = try json.field("flightTime", \.int)
        scheduledTime = try json.field("scheduledTime", \.string)
        date = json["date"]?.string ?? String(scheduledTime.prefix(10))
        codeshares = json["codeshares"]?.array?.compactMap(\.string) ?? []
        currentTime = json["currentTime"]?.string
        delayMinutes = json["delayMinutes"]?.int ?? 0
        gate = try json.field("gate", \.string)
        terminal = json["terminal"]?.string ?? String(gate.prefix(1))
        status = try json.field("status", as: FlightStatus.self)
        past = json["past"]?.bool ?? false
        pinned = json["pinned"]?.bool ?? false
        previousGate = json["previousGate"]?.string
        divertedTo = json["divertedTo"]?.string
        if let value = json["baggage"], !value.isNull { baggage = try BaggageDocument(json: value) } else { baggage = nil }
        remark = json["remark"]?.string
        changedAt = json["changedAt"]?.string
    }

    public var json: JSON { .object(pairs) }

    /// The flight's keys in the contract's order, for documents that carry a flight's fields inline.
    var pairs: [(String, JSON)] {
        [
            ("id", .int(id)),
            ("airline", .string(airline)),
            ("number", .int(number)),
            ("flightName", .string(flightName)),
            ("direction", .string(direction.rawValue)),
            ("otherAirport", .string(otherAirport)),
            ("flightTime", .int(flightTime)),
            ("date", .string(date)),
            ("codeshares", .array(codeshares.map(JSON.string))),
            ("scheduledTime", .string(scheduledTime)),
            ("currentTime", .optional(currentTime)),
            ("delayMinutes", .int(delayMinutes)),
            ("gate", .string(gate)),
            ("terminal", .string(terminal)),
            ("status", .string(status.rawValue)),
            ("previousGate", .optional(previousGate)),
            ("divertedTo", .optional(divertedTo)),
            ("baggage", baggage?.json ?? .null),
            ("remark", .optional(remark)),
            ("changedAt", .optional(changedAt)),
            ("past", .bool(past)),
            // Last: a cached row is pinned by rewriting its closing `false}`.
            ("pinned", .bool(pinned)),
        ]
    }

    public var isArrival: Bool { direction == .arrival }
}

/// An arrival's baggage: `{"belt":3,"firstBag":TIME,"lastBag":TIME}`.
public struct BaggageDocument: WireDocument {
    public let belt: Int
    public let firstBag: String
    public let lastBag: String

    public init(belt: Int, firstBag: String, lastBag: String) {
        self.belt = belt
        self.firstBag = firstBag
        self.lastBag = lastBag
    }

    public init(json: JSON) throws(WireError) {
        belt = try json.field("belt", \.int)
        firstBag = try json.field("firstBag", \.string)
        lastBag = try json.field("lastBag", \.string)
    }

    public var json: JSON { .object([("belt", .int(belt)), ("firstBag", .string(firstBag)), ("lastBag", .string(lastBag))]) }
}
