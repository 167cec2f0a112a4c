import BoardArguments
import FlightData

/// A command whose one argument is a flight (an id or a designator) with an optional `--date`:
/// `show`, `log` and `hide` read their arguments here, once.
protocol FlightArgumentCommand: BoardCommand {
    var flight: FlightReference { get }
    var date: DateSpec? { get }
    init(flight: FlightReference, date: DateSpec?)
}

extension FlightArgumentCommand {
    init(_ arguments: CommandArguments) throws(UsageError) {
        self.init(flight: try arguments.flight(), date: try arguments.date())
    }
}
