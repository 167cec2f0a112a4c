/// What `board status --json` prints: the status line, whether the daemon answered, and each
/// placeholder's value by name (all null when offline).
///
/// The client writes it, not the daemon; it lives here beside the other documents so that
/// scripts and tests read it with the same type.
public struct StatusLineDocument: WireDocument {
    /// The placeholders' values, as the line shows them; all text, counts too.
    public struct Values: Hashable, Sendable {
        public var code: String
        public var airport: String
        public var clock: String
        public var arrivals: String
        public var departures: String
        /// The next departure's name (`Pacific 123`), `-` when none is left; the fields after it are empty then.
        public var next: String
        public var time: String
        public var gate: String
        public var status: String
        public var id: String
        /// The next departure's destination, its direction as an arrow (`↑`), and the whole minutes until its time.
        public var city: String
        public var direction: String
        public var minutes: String
        /// The first pinned flight and its status (`US 403 Delayed`), empty when none is pinned.
        public var pinned: String
        /// The latest pinned change (`◆ US 403 New time 09:25`) for 10 minutes, else empty.
        public var alert: String
        /// A replica's state (`replica of MTN · live`, `replica of MTN · cut off since 14:02`); empty on any other daemon.
        public var replica: String

        public init(
            code: String, airport: String, clock: String, arrivals: String, departures: String, next: String = "-",
            time: String = "", gate: String = "", status: String = "", id: String = "", city: String = "",
            direction: String = "", minutes: String = "", pinned: String = "", alert: String = "", replica: String = ""
        ) {
            self.code = code
            self.airport = airport
            self.clock = clock
            self.arrivals = arrivals
            self.departures = departures
            self.next = next
            self.time = time
            self.gate = gate
            self.status = status
            self.id = id
            self.city = city
            self.direction = direction
            self.minutes = minutes
            self.pinned = pinned
            self.alert = alert
            self.replica = replica
        }

        /// Each value under its placeholder's name, in the order the document lists them.
        public var named: [(name: String, value: String)] {
            [
                ("code", code), ("airport", airport), ("clock", clock), ("arrivals", arrivals), ("departures", departures),
                ("next", next), ("time", time), ("gate", gate), ("status", status), ("id", id), ("city", city),
                ("direction", direction), ("minutes", minutes), ("pinned", pinned), ("alert", alert),
                ("replica", replica),
            ]
        }

        /// The placeholders' names, in order.
        public static let names = Values(code: "", airport: "", clock: "", arrivals: "", departures: "").named.map(\.name)
    }

    public let line: String
    /// Nil when the daemon was down, hung or broken (then `online` is false and every value null).
    public let values: Values?
    public var online: Bool { values != nil }

    public init(line: String, values: Values?) {
        self.line = line
        self.values = values
    }

    /// The values that are numbers in `--json`: counts, the flight's id and the minutes until it.
    static let numbers: Set<String> = ["arrivals", "departures", "id", "minutes"]

    /// The document's keys: its own, then each value's by its name.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let online = Key("online")
        static let line = Key("line")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        line = try container.decode(String.self, forKey: .line)
        guard try container.decode(Bool.self, forKey: .online) else {
            values = nil
            return
        }
        // As `encode(to:)` writes them: numbers for the counts, the id and the minutes; null for no value.
        func text(_ name: String) -> String {
            if let text = try? container.decodeIfPresent(String.self, forKey: Key(name)) { return text }
            if let number = try? container.decodeIfPresent(Int.self, forKey: Key(name)) { return String(number) }
            return name == "next" ? "-" : ""
        }
        values = Values(
            code: try container.decode(String.self, forKey: Key("code")),
            airport: try container.decode(String.self, forKey: Key("airport")),
            clock: try container.decode(String.self, forKey: Key("clock")), arrivals: text("arrivals"),
            departures: text("departures"), next: text("next"), time: text("time"), gate: text("gate"),
            status: text("status"), id: text("id"), city: text("city"), direction: text("direction"),
            minutes: text("minutes"), pinned: text("pinned"), alert: text("alert"), replica: text("replica"))
    }

    /// Every value by its name: counts, the id and the minutes as numbers, and null where the line
    /// shows nothing (no next departure: `next` and the fields after it; no pin; no change), as
    /// when the daemon is down.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(DocumentSchema(), forKey: Key("schema"))
        try container.encode(online, forKey: .online)
        try container.encode(line, forKey: .line)
        for (name, value) in values?.named ?? Values.names.map({ ($0, "") }) {
            if value.isEmpty || (name == "next" && value == "-") {
                try container.encodeNil(forKey: Key(name))
            } else if Self.numbers.contains(name), let number = Int(value) {
                try container.encode(number, forKey: Key(name))
            } else {
                try container.encode(value, forKey: Key(name))
            }
        }
    }
}
