import BoardArguments
import Testing

@testable import BoardCLI

/// The bash, zsh and fish scripts, made from the table: what they offer is what the parser takes.
struct CompletionScriptTests {
    /// How a flag appears in each shell's script: fish names long flags without their dashes.
    func mention(_ flag: String, in shell: CompletionShell) -> String {
        shell == .fish ? "-l \(flag.dropFirst(2))" : flag
    }

    @Test(arguments: CompletionShell.allCases)
    func everyCommandTabAndOfferedFlagIsInTheScript(shell: CompletionShell) {
        let script = CompletionScript.text(for: shell)
        for name in CommandTable.names { #expect(script.contains(name), "\(shell) lacks \(name)") }
        for tab in CompletionSpec.tabs { #expect(script.contains(tab), "\(shell) lacks \(tab)") }
        for flag in ClientArguments.knownFlags where !flag.isHidden {
            #expect(script.contains(mention(flag.name, in: shell)), "\(shell) lacks \(flag.name)")
        }
        // --ids is for the scripts themselves: they run `board completions --ids` but never offer it.
        let offered: String
        switch shell {
        case .bash, .zsh: offered = script.split(separator: "\n").filter { $0.contains("flags") }.joined(separator: "\n")
        case .fish: offered = script
        }
        #expect(offered.contains(mention("--json", in: shell)))
        #expect(!offered.contains(mention("--ids", in: shell)), "--ids is not offered")
    }

    @Test(arguments: CompletionShell.allCases)
    func everyChoiceOfAFlagIsOffered(shell: CompletionShell) {
        let script = CompletionScript.text(for: shell)
        for flag in ClientArguments.knownFlags {
            guard case .choices(let words) = flag.value else { continue }
            #expect(script.contains(words.joined(separator: " ")), "\(shell): the values of \(flag.name)")
        }
    }

    @Test func fishDescribesEachCommandAndOfferedFlagByItsSummary() {
        let script = CompletionScript.text(for: .fish)
        for spec in CommandTable.specs where spec.name != "board" {
            #expect(script.contains("-a \(spec.name) -d \(CompletionScript.quoted(spec.summary))"), "\(spec.name)")
        }
        for spec in CommandTable.specs {
            for flag in spec.flags where !flag.isHidden {
                #expect(script.contains("'__board_is \(spec.name)' -l \(flag.name.dropFirst(2))"), "\(spec.name) \(flag.name)")
            }
        }
    }

    @Test func zshDescribesEveryCommandAndGlobalFlag() {
        let script = CompletionScript.text(for: .zsh)
        for spec in CommandTable.specs where spec.name != "board" {
            #expect(script.contains(CompletionScript.quoted("\(spec.name):\(spec.summary)")), "\(spec.name)")
        }
        for flag in GlobalOptions.flags {
            #expect(script.contains(CompletionScript.quoted("\(flag.name):\(flag.summary)")), "\(flag.name)")
        }
    }

    /// zsh's `_message` reads its text as a prompt: the `--format` hint's `%n` showed as `(-1  )`; and
    /// `--flight=82` completed nothing, its ids offered without the `--flight=` before them.
    @Test func zshHintsKeepTheirPercentSignsAndFlightIdsFollowAnEqualsSign() {
        let script = CompletionScript.text(for: .zsh)
        let format = script.split(separator: "\n").first { $0.hasPrefix("    --format)") }
        #expect(format?.contains("%%-codes (%%n %%t %%g)") == true, "\(format ?? "")")
        let flight = script.split(separator: "\n").first { $0.hasPrefix("    --flight)") }
        #expect(flight?.contains(#"_describe -t ids 'flight id' ids -P "$prefix""#) == true, "\(flight ?? "")")
    }

    @Test func bashSkipsTheValueOfEveryFlagThatTakesOne() throws {
        let script = CompletionScript.text(for: .bash)
        let valueFlags = ClientArguments.knownFlags.filter(\.takesValue).map(\.name)
        #expect(Set(CompletionSpec.valueFlags) == Set(valueFlags))
        #expect(script.contains(CompletionScript.pattern(CompletionSpec.valueFlags) + ")"))
        for flag in valueFlags { #expect(script.contains("        \(flag)) "), "bash completes the value of \(flag)") }
    }

    /// What each command's first argument completes to follows its declared kind.
    @Test func bashOffersEachCommandsPositionalKind() {
        let script = CompletionScript.text(for: .bash)
        // `board help` takes every command, and `board` for the board's own help.
        let commands = CompletionScript.words(CommandTable.names + ["board"])
        #expect(script.contains("        help) _board_reply '\(commands)' ;;"))
        #expect(script.contains("        clock) _board_reply 'set advance' ;;"))
        #expect(script.contains("        completions) _board_reply 'bash zsh fish' ;;"))
        #expect(script.contains("        soonest) _board_reply 'arrivals all departures' ;;"))
        for name in ["show", "pin"] { #expect(script.contains(#"        \#(name)) _board_reply "$(_board_ids"#)) }
        // Unpinning and unhiding take what the state file remembers, not the day's flights.
        for (name, option) in [("unpin", "--pinned-ids"), ("unhide", "--hidden-ids")] {
            #expect(script.contains(#"        \#(name)) _board_reply "$(_board_state_ids "$exe" "$statedir" \#(option))" ;;"#))
        }
        for spec in CommandTable.specs where spec.positional == .nothing {
            #expect(!script.contains("        \(spec.name)) _board_reply"), "\(spec.name) takes no argument")
        }
    }

    @Test func hiddenFlagsAreTakenButNotOffered() throws {
        let completions = try #require(CommandTable.command(named: "completions")).spec
        #expect(completions.flags.map(\.name) == ["--ids", "--hidden-ids", "--pinned-ids", "--date"])
        #expect(completions.flags.allSatisfy { $0.isHidden })
        #expect(CompletionSpec.flags(of: "completions").isEmpty)
        #expect(
            CompletionSpec.flags(of: "board") == [
                "--hide-past", "--date", "--wide", "--airline", "--city", "--gate", "--terminal", "--status", "--within",
                "--countdown",
            ])
    }
}
