import FlightData

/// The params several requests share, read and written one way: `tab`, `hidePast`, `date`, a flight
/// (`id` or `designator`), `pinned` and `limit`, each with its refusal.
enum RequestParams {
    /// An object of the pairs whose value is set, in the order given.
    static func object(_ pairs: [(String, JSON?)]) -> JSON {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The value of `key`; nil when it is absent or null, which every param reads as not given.
    static func value(_ params: JSON, _ key: String) -> JSON? {
        guard let value = params[key], !value.isNull else { return nil }
        return value
    }

    static func tab(_ params: JSON) throws(WireError) -> Tab? {
        guard let value = value(params, "tab") else { return nil }
        guard let text = value.string, let tab = Tab(rawValue: text) else {
            throw WireError(.invalidParams, "\"tab\" must be arrivals, all or departures.")
        }
        return tab
    }

    static func flag(_ params: JSON, _ key: String) throws(WireError) -> Bool? {
        guard let value = value(params, key) else { return nil }
        guard let flag = value.bool else { throw WireError(.invalidParams, "\"\(key)\" must be true or false.") }
        return flag
    }

    /// `date` as people name a day; which day it is, and whether the window holds it, is the daemon's to say.
    static func date(_ params: JSON) throws(WireError) -> DateSpec? {
        guard let value = value(params, "date") else { return nil }
        guard let text = value.string, let spec = DateSpec(text) else {
            throw WireError(.invalidParams, "\"date\" must be YYYY-MM-DD, today, tomorrow or +N.")
        }
        return spec
    }

    /// `id` (a positive integer, or its digits) or else `designator`. The message names `flight.get`
    /// for `flight.next` and `flight.prev` too, as the protocol documents it.
    static func flight(_ params: JSON) throws(WireError) -> FlightReference {
        if let id = value(params, "id") {
            if let number = id.int, number > 0 { return .id(number) }
            if let text = id.string, let reference = FlightReference(text), case .id = reference { return reference }
            throw WireError(.invalidParams, "\"id\" must be a positive flight id.")
        }
        if let text = params["designator"]?.string {
            guard let designator = Designator(text) else {
                throw WireError(
                    .invalidParams,
                    "\"designator\" must be an airline and a number, such as \"Pacific 123\" (airlines: \(FlightCatalog.airlines.joined(separator: ", ")))."
                )
            }
            return .designator(designator)
        }
        throw WireError(.invalidParams, "flight.get needs \"id\" or \"designator\".")
    }

    static func flightPairs(_ flight: FlightReference) -> [(String, JSON?)] {
        switch flight {
        case .id(let id): [("id", .int(id))]
        case .designator(let designator): [("designator", .string(designator.description))]
        }
    }

    static func pinned(_ params: JSON) throws(WireError) -> PinnedParam? {
        guard let value = value(params, "pinned") else { return nil }
        return try PinnedParam(json: value)
    }

    /// `limit`: a page's size, from 1 to `most`.
    static func limit(_ params: JSON, most: Int) throws(WireError) -> Int? {
        guard let value = value(params, "limit") else { return nil }
        guard let limit = value.int, (1...most).contains(limit) else {
            throw WireError(.invalidParams, "\"limit\" must be a whole number from 1 to \(most).")
        }
        return limit
    }
}
