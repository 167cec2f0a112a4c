import BoardArguments
import Testing

@testable import BoardCLI

/// `board help`, `board help COMMAND` and `--help`, made from the table.
struct HelpTextTests {
    @Test(arguments: CommandTable.specs.map(\.name))
    func everyCommandHasHelpWithUsageFlagsAndExamples(name: String) throws {
        let spec = try #require(CommandTable.command(named: name)).spec
        let text = HelpText.text(for: name)
        #expect(text == spec.help)
        let usage = try #require(text.split(separator: "\n").first)
        #expect(usage.hasPrefix(name == "board" ? "usage: board" : "usage: board \(name)"), "\(usage)")
        #expect(text.contains("\n\n"), "more than a usage line")
        #expect(text.contains("example"), "board help \(name) has an example")
        for flag in spec.flags where !flag.isHidden {
            #expect(text.contains(flag.name), "board help \(name) explains \(flag.name)")
        }
        for line in text.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
        // A paragraph's lines run to its width: a short line that its paragraph goes on after, in
        // lower case, is a line cut by hand ("its row: "as Pacific 333". --tab" over
        // "selects that tab").
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (line, next) in zip(lines, lines.dropFirst()) {
            guard let first = next.first, first.isLowercase, let start = line.first, start != " ", !line.hasSuffix(":") else {
                continue
            }
            #expect(line.count >= 50, "board help \(name): a short line in a paragraph: \"\(line)\" then \"\(next)\"")
        }
    }

    @Test func theOverviewListsEveryCommandOnceWithItsUsageLine() {
        let overview = HelpText.overview
        #expect(overview.hasPrefix("board: the flight board of your airport, in the terminal.\n\nusage: board [TAB]"))
        let lines = CommandTable.specs.compactMap(\.overview)
        #expect(HelpText.usageLines.count == lines.count)
        for (line, spec) in zip(HelpText.usageLines, lines) {
            #expect(line.dropFirst(7).hasPrefix(spec.usage))
            if let note = spec.note {
                #expect(line.hasSuffix(" " + note))
                // The notes stand in one column unless a usage is too long for it.
                #expect(line.count == 7 + max(HelpText.usageWidth, spec.usage.count + 1) + note.count, "\(line)")
            }
        }
        for name in CommandTable.names {
            #expect(overview.contains("board \(name)") || overview.contains("| \(name)"), "the overview names \(name)")
        }
        for flag in GlobalOptions.flags where !["--help", "--version"].contains(flag.name) {
            #expect(overview.contains("  \(flag.name) "), "the overview explains \(flag.name)")
        }
    }

    @Test func anUnknownTopicOrNoneIsTheOverview() {
        #expect(HelpText.text(for: nil) == HelpText.overview)
        #expect(HelpText.text(for: "nonsense") == HelpText.overview)
        #expect(HelpText.text(for: "board").hasPrefix("usage: board [arrivals|all|departures]"))
    }

    @Test func theStatusHelpListsThePlaceholders() {
        let text = HelpText.text(for: "status")
        for code in StatusFormat.codes {
            #expect(text.contains("%\(code.letter)  {\(code.field.rawValue)}"), "\(code.letter)")
        }
        #expect(text.contains(StatusFormat.defaultText))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "help fits 80 columns")
    }
}
