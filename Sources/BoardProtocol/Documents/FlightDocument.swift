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
    public let past: Bool
    /// Last: a cached row is pinned by rewriting its closing `false}` (`BoardDocumentCache`).
    public let pinned: Bool

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
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        airline = try container.decode(String.self, forKey: .airline)
        number = try container.decode(Int.self, forKey: .number)
        flightName = try container.decode(String.self, forKey: .flightName)
        direction = try container.decode(Direction.self, forKey: .direction)
        otherAirport = try container.decode(String.self, forKey: .otherAirport)
        flightTime = try container.decode(Int.self, forKey: .flightTime)
        scheduledTime = try container.decode(String.self, forKey: .scheduledTime)
        date = try container.decodeIfPresent(String.self, forKey: .date) ?? String(scheduledTime.prefix(10))
        codeshares = container.texts(.codeshares)
        currentTime = try container.decodeIfPresent(String.self, forKey: .currentTime)
        delayMinutes = try container.decodeIfPresent(Int.self, forKey: .delayMinutes) ?? 0
        gate = try container.decode(String.self, forKey: .gate)
        terminal = try container.decodeIfPresent(String.self, forKey: .terminal) ?? String(gate.prefix(1))
        status = try container.decode(FlightStatus.self, forKey: .status)
        past = container.flag(.past)
        pinned = container.flag(.pinned)
        previousGate = try container.decodeIfPresent(String.self, forKey: .previousGate)
        divertedTo = try container.decodeIfPresent(String.self, forKey: .divertedTo)
        baggage = try container.decodeIfPresent(BaggageDocument.self, forKey: .baggage)
        remark = try container.decodeIfPresent(String.self, forKey: .remark)
        changedAt = try container.decodeIfPresent(String.self, forKey: .changedAt)
    }

    public var isArrival: Bool { direction == .arrival }
}

extension FlightDocument: JSONWritable {
    /// The fast path (`JSONWritable`): the flight's keys as `encode(to:)` writes them.
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { writeFields(to: &$0) }
    }

    /// The flight's keys, for a document that carries them inline.
    func writeFields(to object: inout JSONObjectWriter) {
        object.write(id, CodingKeys.id)
        object.write(airline, CodingKeys.airline)
        object.write(number, CodingKeys.number)
        object.write(flightName, CodingKeys.flightName)
        object.write(direction, CodingKeys.direction)
        object.write(otherAirport, CodingKeys.otherAirport)
        object.write(flightTime, CodingKeys.flightTime)
        object.write(date, CodingKeys.date)
        object.write(codeshares, CodingKeys.codeshares)
        object.write(scheduledTime, CodingKeys.scheduledTime)
        object.write(currentTime, CodingKeys.currentTime)
        object.write(delayMinutes, CodingKeys.delayMinutes)
        object.write(gate, CodingKeys.gate)
        object.write(terminal, CodingKeys.terminal)
        object.write(status, CodingKeys.status)
        object.write(previousGate, CodingKeys.previousGate)
        object.write(divertedTo, CodingKeys.divertedTo)
        object.write(baggage, CodingKeys.baggage)
        object.write(remark, CodingKeys.remark)
        object.write(changedAt, CodingKeys.changedAt)
        object.write(past, CodingKeys.past)
        object.write(pinned, CodingKeys.pinned)
    }
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
}
