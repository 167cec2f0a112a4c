import BoardProtocol
import BoardSystem
import Foundation

/// `board status`: exactly one line for a status bar, within 200 ms whatever the daemon does.
///
/// It never starts a daemon (that could take seconds) and gives every wait a
/// share of a 150 ms budget; a daemon that is down or hung gets the offline marker.
struct StatusLine {
    let socket: String
    let state: ClientState
    let format: String?
    let tmux: Bool

    static let defaultFormat = "{code} ↓{arrivals} ↑{departures} next {next} {time} {gate} {status}"
    static let offlineText = "board: offline"

    static let placeholders: [(String, String)] = [
        ("{code}", "the airport's code (MTN)"),
        ("{airport}", "the airport's name"),
        ("{clock}", "the daemon's time, HH:MM"),
        ("{arrivals}", "arrivals still to come today"),
        ("{departures}", "departures still to come today"),
        ("{next}", "the next departure (Pacific 123)"),
        ("{time}", "its time, HH:MM (the new time when delayed)"),
        ("{gate}", "its gate"),
        ("{status}", "its status (On time, Boarding...)"),
        ("{id}", "its id"),
    ]

    func run(json: Bool) {
        let values = fetch()
        guard json else { return Output.print(line(values)) }
        // For scripts: the line, whether the daemon answered, and each placeholder's value by name.
        var fields: [(String, JSON)] = [("schema", 1), ("online", .bool(values != nil)), ("line", .string(line(values)))]
        for (placeholder, _) in Self.placeholders {
            let name = String(placeholder.dropFirst().dropLast())
            fields.append((name, values?[placeholder].map(JSON.string) ?? .null))
        }
        Output.print(JSON.object(fields).text)
    }

    func line(_ values: [String: String]?) -> String {
        guard let values else {
            return tmux ? "#[fg=colour244]\(Self.offlineText)#[default]" : Self.offlineText
        }
        var text = format ?? Self.defaultFormat
        for (key, value) in values {
            let shown = tmux && key == "{status}" ? Self.tmuxColour(values["{rawStatus}"] ?? "", value) : value
            text = text.replacingAll(key, with: shown)
        }
        // A status line is one line.
        return String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// The placeholder values, or nil when the daemon is down, hung or broken.
    func fetch() -> [String: String]? {
        let start = ContinuousClock.now
        func remaining() -> Int32 { Int32(max(1, 150 - (ContinuousClock.now - start) / .milliseconds(1))) }
        guard let connection = try? BoardConnection(path: socket, timeoutMilliseconds: 80),
            let boardJSON = try? connection.call(
                .boardGet, ["tab": "departures", "hidePast": true], timeoutMilliseconds: remaining()),
            let board = try? WireBoard(boardJSON)
        else { return nil }
        var values = [
            "{code}": board.airportCode, "{airport}": board.airportName, "{clock}": clockText(board.now),
            "{arrivals}": String(board.tabs.first { $0.id == "arrivals" }?.count ?? 0),
            "{departures}": String(board.tabs.first { $0.id == "departures" }?.count ?? 0),
            "{next}": "-", "{time}": "", "{gate}": "", "{status}": "", "{id}": "", "{rawStatus}": "",
        ]
        if let soonest = try? connection.call(.flightSoonest, ["tab": "departures"], timeoutMilliseconds: remaining()),
            let flight = try? WireFlight(soonest)
        {
            values["{next}"] = flight.flightName
            values["{time}"] = clockText(flight.currentTime ?? flight.scheduledTime)
            values["{gate}"] = flight.gate
            values["{status}"] = BoardRenderer.statusTitle(flight.status)
            values["{rawStatus}"] = flight.status
            values["{id}"] = String(flight.id)
        }
        return values
    }

    static func tmuxColour(_ status: String, _ text: String) -> String {
        let colour: String
        switch status {
        case "delayed": colour = "yellow"
        case "canceled": colour = "red"
        case "boarding", "finalCall": colour = "green"
        case "gateClosed": colour = "magenta"
        default: return text
        }
        return "#[fg=\(colour)]\(text)#[default]"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
