import BoardProtocol
import FlightData

/// What the live view shows, as a short text that opens the same screen elsewhere:
/// `departures/flight/1234@2026-12-01`, `all+hide-past/search/new%20york/flight/1234@2026-12-01`.
///
/// The first part is the tab, with `@DATE` when the board is another day than the daemon's today
/// (left out when it is the day of a flight right above the board, which implies it) and
/// `+hide-past` when past flights are hidden. Then the screens above the board, bottom first, as the
/// view's stack holds them: `search/TEXT` (percent-encoded, right above the board) and one `flight/ID@DATE`
/// for each flight opened on top of it, at most `LiveModel.stackLimit` screens. Only letters, digits and `-._~%@+/`
/// appear, so a route needs no quoting in a shell.
///
/// Parsing is total: every text is a route or a one-line reason naming its bad part.
struct LiveRoute: Hashable, Sendable, CustomStringConvertible {
    enum Screen: Hashable, Sendable {
        case search(String)
        case flight(LiveModel.FlightKey)
    }

    var tab: Tab
    /// The board's day when it is not the daemon's today (`YYYY-MM-DD`).
    var date: String?
    var hidePast = false
    /// The screens above the board, the bottom one first.
    var screens: [Screen] = []

    /// The longest route read, in characters: the longest the live view makes, a tab with its day and
    /// `+hide-past`, a search of `SearchText.maxBytes` each percent-encoded (three characters a
    /// byte), and a full stack of flights (`flight/9999999@YYYY-MM-DD/`, 26 characters each).
    static let maxLength = 3 * SearchText.maxBytes + 200 + 26 * LiveModel.stackLimit

    init(tab: Tab, date: String? = nil, hidePast: Bool = false, screens: [Screen] = []) {
        self.tab = tab
        self.date = date
        self.hidePast = hidePast
        self.screens = screens
    }

    /// The board's day as the route implies it: its own `@DATE`, else the day of a flight opened
    /// from the board (not from search results, which span the window); nil for today.
    var boardDate: String? {
        if let date { return date }
        if case .flight(let key)? = screens.first { return key.date }
        return nil
    }

    var description: String {
        var head = tab.rawValue
        if let date, date != impliedDate { head += "@" + date }
        if hidePast { head += "+hide-past" }
        let parts = screens.map { screen in
            switch screen {
            case .search(let text): "search/" + Self.encode(text)
            case .flight(let key): "flight/\(key.id)@\(key.date)"
            }
        }
        return ([head] + parts).joined(separator: "/")
    }

    private var impliedDate: String? {
        if case .flight(let key)? = screens.first { return key.date }
        return nil
    }

    /// Why a text is not a route: one sentence naming the bad part.
    struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Reads a route; every failure names the part that is wrong.
    static func parse(_ text: String) -> Result<LiveRoute, Malformed> {
        func bad(_ reason: String) -> Result<LiveRoute, Malformed> { .failure(Malformed(reason: reason)) }
        guard !text.isEmpty else { return bad("the route is empty; routes look like departures/flight/1234@2026-12-01") }
        guard text.count <= maxLength else { return bad("the route is longer than \(maxLength) characters") }
        if let odd = text.unicodeScalars.first(where: { !Self.allowed($0) }) {
            return bad("the route holds \(Self.shown(odd)), which no route has (search text is percent-encoded)")
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var head = parts[0].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let tabPart = head.removeFirst()
        let tabAndDate = tabPart.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let tab = Tab(rawValue: tabAndDate[0]) else {
            return bad("\"\(tabAndDate[0])\" is not a tab: a route starts with arrivals, all or departures")
        }
        var route = LiveRoute(tab: tab)
        if tabAndDate.count == 2 {
            guard LocalDate(tabAndDate[1]) != nil, tabAndDate[1].count == 10 else {
                return bad("\"\(tabAndDate[1])\" after the tab is not a date: give YYYY-MM-DD")
            }
            route.date = tabAndDate[1]
        }
        for option in head {
            guard option == "hide-past" else { return bad("\"+\(option)\" is not an option of the tab: only +hide-past is") }
            route.hidePast = true
        }
        var index = 1
        while index < parts.count {
            let kind = parts[index]
            guard index + 1 < parts.count else {
                if kind.isEmpty { return bad("the route ends with \"/\"") }
                return bad("\"\(kind)\" needs a value after it (search/TEXT or flight/ID@DATE)")
            }
            let value = parts[index + 1]
            switch kind {
            case "search":
                guard route.screens.isEmpty else { return bad("search comes first, right above the board") }
                guard let decoded = Self.decode(value), !decoded.allSatisfy(\.isWhitespace) else {
                    return bad("\"search/\(value)\": the text is empty or badly percent-encoded")
                }
                guard SearchText.fits(decoded) else { return bad("the search text is \(SearchText.limits)") }
                guard !decoded.hasTerminalControls else {
                    return bad("\"search/\(value)\": the text holds a control character")
                }
                route.screens.append(.search(decoded))
            case "flight":
                guard route.screens.count < LiveModel.stackLimit else {
                    return bad("a route opens at most \(LiveModel.stackLimit) screens above the board")
                }
                guard let key = Self.flightKey(value) else {
                    return bad("\"flight/\(value)\": a flight is ID@YYYY-MM-DD, an id from 1 to 9999999 and its date")
                }
                route.screens.append(.flight(key))
            case "":
                return bad("the route has an empty part (\"//\")")
            default:
                return bad("\"\(kind.prefix(40))\" is not a screen: after the tab come search/TEXT and flight/ID@DATE")
            }
            index += 2
        }
        // One text a route: a day that the flight above the board implies is not kept apart from it.
        if route.date != nil, route.date == route.impliedDate { route.date = nil }
        return .success(route)
    }

    private static func flightKey(_ text: String) -> LiveModel.FlightKey? {
        let pieces = text.split(separator: "@", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...7).contains(pieces[0].count), pieces[0].allSatisfy(\.isASCIIDigit),
            let id = Int(pieces[0]), id >= 1, pieces[1].count == 10, LocalDate(pieces[1]) != nil
        else { return nil }
        return LiveModel.FlightKey(id: id, date: String(pieces[1]))
    }

    /// Letters, digits and `-._~%@+/`: nothing a shell reads specially.
    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (unreserved(scalar) || "%@+/".unicodeScalars.contains(scalar))
    }

    private static func unreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    /// A character as an error names it: printable ones quoted, others as U+XXXX.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII, scalar.value >= 0x21, scalar.value < 0x7F { return "\"\(Character(scalar))\"" }
        return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// Percent-encodes every byte of the UTF-8 text but the unreserved ones.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, unreserved(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// The text of a percent-encoded part; nil when an escape is cut short or the bytes are not UTF-8.
    static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let pair = utf8.prefix(2)
            guard pair.count == 2, pair.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: pair, as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
