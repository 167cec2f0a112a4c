/// `board status --format`: the line's text with `%`-codes (`%n %t %g`) as `wttr.in` and
/// `git --format` have them, or the older `{placeholders}` (`{next}`), parsed once, before any
/// daemon is asked, so that a mistyped code is a usage error and not a line that says it.
///
/// `%%` is a percent sign; a `%` before anything else, or last, is an error. Braces around a word
/// that is no placeholder are an error too; braces around anything else are text.
struct StatusFormat: Hashable, Sendable {
    /// Each value the line can show.
    enum Field: String, CaseIterable, Hashable, Sendable {
        case code, airport, clock, arrivals, departures, next, time, gate, status, id, city, direction, minutes, pinned,
            alert, replica
    }

    /// One code: its letter, what it shows, and an example from the fixture's noon.
    struct Code: Sendable {
        let letter: Character
        let field: Field
        let meaning: String
    }

    /// Every `%`-code, in the order `board help status` lists them. Each field's `{name}` works too.
    static let codes: [Code] = [
        Code(letter: "a", field: .code, meaning: "the airport's code (MTN)"),
        Code(letter: "l", field: .airport, meaning: "the airport's name (Mountain Airport)"),
        Code(letter: "C", field: .clock, meaning: "the daemon's time, HH:MM"),
        Code(letter: "A", field: .arrivals, meaning: "arrivals still to come today (not canceled or diverted)"),
        Code(letter: "D", field: .departures, meaning: "departures still to come today (not canceled)"),
        Code(letter: "n", field: .next, meaning: "the next departure's name (Pacific 123; - when none)"),
        Code(letter: "t", field: .time, meaning: "its time, HH:MM (new if delayed; Dec 1 HH:MM another day)"),
        Code(letter: "m", field: .minutes, meaning: "minutes until that time, rounded up (0 once it is due)"),
        Code(letter: "g", field: .gate, meaning: "its gate"),
        Code(letter: "c", field: .city, meaning: "its destination (Denver)"),
        Code(letter: "d", field: .direction, meaning: "its direction as an arrow (↑ departs)"),
        Code(letter: "s", field: .status, meaning: "its status in words (On time, Boarding...)"),
        Code(letter: "i", field: .id, meaning: "its id, for board show"),
        Code(letter: "p", field: .pinned, meaning: "today's first pin to come (else a later one) and its status"),
        Code(letter: "P", field: .alert, meaning: "the latest pinned change, 10 min (◆ US 403 New time 09:25)"),
        Code(letter: "R", field: .replica, meaning: "replica of MTN · live, source of MTN · publishing, or empty"),
    ]

    /// The codes as the usage error lists them: `%a %l ... %P %%`.
    static var codeList: String { (codes.map { "%\($0.letter)" } + ["%%"]).joined(separator: " ") }

    enum Piece: Hashable, Sendable {
        case text(String)
        case field(Field)
    }

    let pieces: [Piece]

    /// The default line: `MTN ↓12 ↑14 next Pacific 123 12:35 A3 Boarding`.
    static let defaultText = "%a ↓%A ↑%D next %n %t %g %s"
    static let standard = try! StatusFormat(defaultText)
    /// The default line's shorter forms, for a terminal too narrow for it: the status goes first,
    /// then the word "next", the gate and the airport's code, before anything is cut.
    static let shorterStandards = [
        "%a ↓%A ↑%D next %n %t %g", "%a ↓%A ↑%D %n %t %g", "%a ↓%A ↑%D %n %t", "↓%A ↑%D %n %t",
    ].map { try! StatusFormat($0) }

    /// What is wrong with a format, for the usage error.
    struct Problem: Error, Hashable {
        let message: String
    }

    init(_ text: String) throws(Problem) {
        var pieces: [Piece] = []
        var literal = ""
        func field(_ field: Field) {
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.field(field))
        }
        var rest = Substring(text)
        while let first = rest.first {
            if first == "%" {
                guard let letter = rest.dropFirst().first else {
                    throw Problem(message: "--format ends with a lone %; %% is a percent sign; the codes are \(Self.codeList)")
                }
                rest = rest.dropFirst(2)
                if letter == "%" {
                    literal.append("%")
                } else if let code = Self.codes.first(where: { $0.letter == letter }) {
                    field(code.field)
                } else {
                    throw Problem(message: "unknown placeholder %\(letter) in --format; the codes are \(Self.codeList)")
                }
            } else if first == "{", let close = rest.dropFirst().firstIndex(where: { !($0.isLetter || $0 == "_") }),
                rest[close] == "}", close > rest.index(after: rest.startIndex)
            {
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let known = Field(rawValue: name) else {
                    // The names alone (the %-codes are in the help): with both, the line passed what an
                    // error line keeps (`Output.longestError`) and lost the names in its middle.
                    let names = Field.allCases.map(\.rawValue).joined(separator: ", ")
                    let shown = name.count > 24 ? name.prefix(24) + "…" : name[...]
                    throw Problem(
                        message: "unknown placeholder {\(shown)} in --format; a {name} is one of \(names) (or use a %-code)")
                }
                field(known)
                rest = rest[rest.index(after: close)...]
            } else {
                literal.append(first)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// Whether the line places the pinned change itself; else it goes before the line.
    var showsAlert: Bool { pieces.contains(.field(.alert)) }

    /// The line: each field's `value`, passed through `shown` (tmux's colours) with its field, and
    /// the format's own text through `literal` (tmux's escaping).
    func render(
        _ value: (Field) -> String, shown: (Field, String) -> String = { $1 }, literal: (String) -> String = { $0 }
    ) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): literal(text)
            case .field(let field): shown(field, value(field))
            }
        }.joined()
    }
}
