import BoardArguments
import Testing

@testable import BoardCLI

/// The declarations themselves: one command a name, one meaning a flag name.
struct CommandTableTests {
    @Test func namesAreUniqueAndTheBoardComesFirst() {
        let names = CommandTable.specs.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.first == "board")
        #expect(CommandTable.names == Array(names.dropFirst()))
        #expect(
            CommandTable.names == [
                "show", "last", "next", "prev", "soonest", "search", "pin", "unpin", "pins", "hide", "unhide", "hidden",
                "watch", "events", "log", "wait",
                "status", "clock", "bench",
                "completions", "help",
            ])
    }

    @Test func aFlagNameMeansOneFlagEverywhere() {
        var seen: [String: Flag] = [:]
        for flag in ClientArguments.knownFlags {
            #expect(flag.name.hasPrefix("--") && flag.name.count > 2, "\(flag.name)")
            #expect(!flag.summary.isEmpty, "\(flag.name) has a summary")
            if let earlier = seen[flag.name] {
                #expect(
                    earlier.value == flag.value && earlier.summary == flag.summary, "\(flag.name) is declared twice, differently")
            }
            seen[flag.name] = flag
        }
        let global = Set(GlobalOptions.flags.map(\.name))
        for spec in CommandTable.specs {
            #expect(global.isDisjoint(with: spec.flags.map(\.name)), "\(spec.name) redeclares a global flag")
            #expect(Set(spec.flags.map(\.name)).count == spec.flags.count, "\(spec.name) declares a flag twice")
        }
    }

    @Test(arguments: CommandTable.specs.map(\.name))
    func everyCommandHasASummaryAndAPlaceInTheOverview(name: String) throws {
        let spec = try #require(CommandTable.command(named: name)).spec
        #expect(!spec.summary.isEmpty)
        let overview = HelpText.overview
        #expect(name == "board" || overview.contains("board \(name)") || overview.contains("| \(name)"), "\(name)")
    }
}
