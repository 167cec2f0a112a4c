import BoardProtocol
import BoardSystem
import FlightData

/// ANSI styles, applied only when colour is on.
public struct Style: Sendable {
    let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Colour on a TTY unless `NO_COLOR` is set or the terminal is `TERM=dumb` or says no `TERM` at
    /// all (as git), and as `--color` says.
    static func decide(_ choice: ColorChoice, descriptor: FileDescriptor = .standardOutput) -> Style {
        switch choice {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto:
            return Style(
                enabled: descriptor.isTerminal && allowed(.auto) && (BoardPaths.environment("TERM") ?? "dumb") != "dumb")
        }
    }

    /// Whether `--color` allows colour where the output is known to take it (the live view's
    /// terminal, tmux's status line): `always`, or `auto` without `NO_COLOR` set; never `never`.
    static func allowed(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: BoardPaths.environment("NO_COLOR") == nil
        }
    }

    func apply(_ codes: String, _ text: String) -> String { enabled ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text }

    func bold(_ text: String) -> String { apply("1", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func reverse(_ text: String) -> String { apply("7", text) }

    /// `text` in the colour its status is shown in (see `StatusAppearance`).
    func status(_ status: FlightStatus, _ text: String) -> String {
        StatusAppearance(status).colour.map { apply($0, text) } ?? text
    }
}
