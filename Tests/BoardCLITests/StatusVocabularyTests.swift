import BoardArguments
import FlightData
import Testing

@testable import BoardCLI

/// Every surface that names statuses is derived from `FlightStatus.allCases`: a new status reaches
/// `--status`, `board wait --until`, waybar's classes, the help and the filter's note without a list
/// kept by hand, and this test fails when a surface keeps one.
struct StatusVocabularyTests {
    /// The words a help text holds, punctuation aside.
    static func words(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0 == "-") }.map(String.init))
    }

    @Test func everySurfaceNamesEveryStatus() throws {
        let names = FlightStatus.allCases.map(\.commandLineName)
        #expect(names == FlightStatus.commandLineNames)
        #expect(Set(names).count == FlightStatus.allCases.count, "one name a status")
        // --status takes each name, and reads each back as its status.
        #expect(Flag.status.value == FlagValue.choices(names))
        #expect(FlightFilter.statusNames.map(\.1) == FlightStatus.allCases)
        // board wait --until: each is a target, and completes.
        for status in FlightStatus.allCases {
            #expect(WaitTarget(status.commandLineName) == .status(status))
            #expect(WaitTarget(status.rawValue) == .status(status), "camelCase too")
            #expect(FlightStatus(commandLineName: status.rawValue.uppercased()) == status)
        }
        #expect(Array(WaitTarget.names.prefix(names.count)) == names)
        // waybar's classes: one a status, named as on the command line.
        let classes = StatusLine.WaybarClass.allCases.map(\.rawValue)
        #expect(Set(classes).count == classes.count)
        #expect(Set(names).isSubset(of: Set(classes)))
        // The help of board, board wait and board status lists every status.
        let waitHelp = Self.words(WaitCommand.spec.help)
        let boardHelp = Self.words(BoardViewCommand.spec.help)
        for name in names {
            #expect(waitHelp.contains(name), "board help wait names \(name)")
            #expect(boardHelp.contains(name), "board help board names \(name)")
        }
        // The filter's note names a status as people typed it.
        #expect(FlightFilter(statuses: [.finalCall]).description.contains("final-call"))
    }

    @Test func eachStatusSaysItsDirectionsAndItsPlaceInTheDay() {
        for status in FlightStatus.allCases {
            #expect(!status.directions.isEmpty)
            if status.hasEnded && status != .canceled && status != .diverted {
                #expect(status.lifecycleRank > FlightStatus.onTime.lifecycleRank)
            }
        }
        #expect(FlightStatus.boarding.directions == [.departure])
        #expect(FlightStatus.landed.directions == [.arrival])
    }
}
