import BoardArguments
import Testing

@testable import BoardCLI

/// The new commands' completions: `--kind` kinds, `board wait --until` states (not `board events --until`),
/// flight ids for `board events --flight` and as `log` and `wait`'s argument.
struct EventsCompletionTests {
    static let states = WaitTarget.names.joined(separator: " ")

    @Test func theCommandsDeclareWhatTheirValuesComplete() {
        #expect(CompletionSpec.value(of: "--until", in: "wait") == .words(WaitTarget.names))
        #expect(CompletionSpec.value(of: "--until", in: "events") == nil)
        #expect(CompletionSpec.value(of: "--flight", in: "events") == .flightIDs)
        #expect(CompletionSpec.positional(of: "log") == .flightIDs && CompletionSpec.positional(of: "wait") == .flightIDs)
        #expect(CompletionSpec.value(of: "--kind") == .choices(["time", "gate", "canceled", "diverted", "status", "baggage"]))
        #expect(
            CompletionSpec.flags(of: "events") == [
                "--since", "--until", "--follow", "--pinned", "--flight", "--date", "--kind", "--airline", "--city", "--gate",
                "--terminal",
                "--status", "--within",
            ])
        #expect(CompletionSpec.value(of: "--airline") == .choices(["US", "Southeast", "Pacific", "Overland"]))
        #expect(CompletionSpec.value(of: "--terminal") == .choices(["A", "B"]))
        #expect(CompletionSpec.flags(of: "wait") == ["--until", "--timeout", "--date"])
    }

    @Test(arguments: CompletionShell.allCases)
    func waitsStatesAreOfferedForWaitOnly(shell: CompletionShell) throws {
        let script = CompletionScript.text(for: shell)
        let lines = script.split(separator: "\n").filter { $0.contains(Self.states) }
        try #require(lines.count == 1, "\(shell): one place offers the states")
        switch shell {
        case .bash, .zsh: #expect(lines[0].contains("wait)") && lines[0].contains("--until)"), "\(lines[0])")
        case .fish: #expect(lines[0].contains("__board_is wait") && lines[0].contains("-l until"), "\(lines[0])")
        }
    }

    @Test(arguments: CompletionShell.allCases)
    func eventsFlightOffersFlightIDs(shell: CompletionShell) throws {
        let script = CompletionScript.text(for: shell)
        let line = try #require(script.split(separator: "\n").first { $0.contains(shell == .fish ? "-l flight" : "--flight)") })
        #expect(line.contains(shell == .fish ? "__board_ids" : "_board_ids"), "\(line)")
    }
}
