/// The contract's JSON shapes read back into values (the client's side).
///
/// Decoding is lenient about extra keys and strict about the ones it needs:
/// a missing field is a `WireError(.internal, ...)` naming it, never a crash.
public struct WireFlight: Hashable, Sendable {
    public let id: Int
    public let airline: String
    public let number: Int
    public let flightName: String
    public let direction: String
    public let otherAirport: String
    public let flightTime: Int
    public let date: String
    public let scheduledTime: String
    public let currentTime: String?
    public let delayMinutes: Int
    public let gate: String
    public let status: String
    public let past: Bool
    public let pinned: Bool
    public let json: JSON

    public init(_ json: JSON) throws(WireError) {
        self.json = json
        id = try json.field("id", \.int)
        airline = try json.field("airline", \.string)
        number = try json.field("number", \.int)
        flightName = try json.field("flightName", \.string)
        direction = try json.field("direction", \.string)
        otherAirport = try json.field("otherAirport", \.string)
        flightTime = try json.field("flightTime", \.int)
        scheduledTime = try json.field("scheduledTime", \.string)
        date = json["date"]?.string ?? String(scheduledTime.prefix(10))
        currentTime = json["currentTime"]?.string
        delayMinutes = json["delayMinutes"]?.int ?? 0
        gate = try json.field("gate", \.string)
        status = try json.field("status", \.string)
        past = json["past"]?.bool ?? false
        pinned = json["pinned"]?.bool ?? false
    }

    public var isArrival: Bool { direction == "arrival" }
}

public struct WireTab: Hashable, Sendable {
    public let id: String
    public let title: String
    public let count: Int
    public let badge: String
}

public struct WireBoard: Hashable, Sendable {
    public let airportName: String
    public let airportCode: String
    public let now: String
    public let simulated: Bool
    public let speed: Double
    public let date: String
    public let tab: String
    public let hidePast: Bool
    public let tabs: [WireTab]
    public let flights: [WireFlight]
    public let json: JSON

    public init(_ json: JSON) throws(WireError) {
        self.json = json
        let airport = try json.field("airport", { $0 })
        airportName = try airport.field("name", \.string)
        airportCode = try airport.field("code", \.string)
        now = try json.field("now", \.string)
        simulated = json["simulated"]?.bool ?? false
        speed = JSON.clockSpeed(json["speed"])
        date = try json.field("date", \.string)
        tab = try json.field("tab", \.string)
        hidePast = json["hidePast"]?.bool ?? false
        var tabs: [WireTab] = []
        for tab in try json.field("tabs", \.array) {
            tabs.append(
                WireTab(
                    id: try tab.field("id", \.string), title: try tab.field("title", \.string),
                    count: try tab.field("count", \.int), badge: try tab.field("badge", \.string)))
        }
        self.tabs = tabs
        var flights: [WireFlight] = []
        for flight in try json.field("flights", \.array) { flights.append(try WireFlight(flight)) }
        self.flights = flights
    }
}

extension JSON {
    /// A required field, read with `read`; a clear error when it is missing or of the wrong type.
    public func field<T>(_ key: String, _ read: (JSON) -> T?) throws(WireError) -> T {
        guard let value = self[key] else { throw WireError(.internal, "The daemon's reply has no \"\(key)\".") }
        guard let typed = read(value) else { throw WireError(.internal, "The daemon's reply has a malformed \"\(key)\".") }
        return typed
    }
}

/// Picks `HH:MM` out of an ISO-8601 time the daemon sent (already the airport's local time).
public func clockText(_ iso: String?) -> String {
    guard let iso, iso.count >= 16 else { return "--:--" }
    let start = iso.index(iso.startIndex, offsetBy: 11)
    return String(iso[start..<iso.index(start, offsetBy: 5)])
}

extension JSON {
    /// The fastest a simulated clock runs (`boardd --speed`); a reply claiming more is read as this.
    public static let maxClockSpeed = 1_000_000.0

    /// A clock speed from a reply, within 0...maxClockSpeed (1 when absent), so no arithmetic on it can overflow.
    public static func clockSpeed(_ value: JSON?) -> Double {
        min(max(value?.double ?? 1, 0), maxClockSpeed)
    }

    /// A share (progress, on-time rate) from a reply, within 0...1; nil when absent.
    public var fraction: Double? { double.map { min(max($0, 0), 1) } }
}
