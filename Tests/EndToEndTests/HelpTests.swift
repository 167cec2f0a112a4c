import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board help`, `board help COMMAND`, `--help` and `--version`: they need no daemon.
struct HelpTests {
    static let commands = [
        "board", "show", "last", "next", "prev", "soonest", "search", "pin", "unpin", "pins", "watch", "status", "clock", "help",
    ]

    @Test func helpAndDashDashHelpGiveTheOverview() throws {
        let user = BoardUser()
        let help = try user.text("help")
        #expect(help.contains("usage: board"))
        for command in Self.commands where command != "board" {
            // `board pin FLIGHT | unpin FLIGHT | pins`: a command follows `board ` or `| `.
            #expect(help.contains("board \(command)") || help.contains("| \(command)"), "the overview names \(command)")
        }
        for flag in ["--json", "--socket", "--color", "--no-autostart"] { #expect(help.contains(flag)) }
        #expect(try user.text("--help") == help)
        #expect(try user.text("-h") == help)
    }

    /// Help for every command is a unit test (BoardCLITests' HelpTextTests); these go through the program.
    @Test(arguments: ["board", "show", "status"])
    func helpForACommand(command: String) throws {
        let user = BoardUser()
        let text = try user.text("help", command)
        #expect(text.hasPrefix("usage: board"), "\(text)")
        if command != "board" {
            #expect(text.lines.first?.contains("board \(command)") == true, "\(text.lines.first ?? "")")
            #expect(try user.text(command, "--help") == text, "board \(command) --help is the same")
        }
        #expect(text.lines.count > 2, "more than a usage line")
    }

    @Test func everyCommandBoardKnowsHasHelp() throws {
        let user = BoardUser()
        // board names its commands when asked for help on one it does not know.
        let refused = try user.board("help", "nonsense")
        #expect(refused.status == 2)
        let list = try #require(refused.stderr.components(separatedBy: "the commands are ").dropFirst().first)
        let names =
            list.components(separatedBy: ";").first?.components(separatedBy: ", ").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            } ?? []
        #expect(Set(names).isSuperset(of: Self.commands.filter { $0 != "board" }), "\(names)")
        // That each of them has help is a unit test (BoardCLITests' HelpTextTests); one through the program:
        #expect(names.last == "board", "the board's own help is named too")
        let name = try #require(names.last { $0 != "board" })
        #expect(try user.text("help", name).hasPrefix("usage: board \(name)"))
    }

    @Test func versionNamesTheProgramAndProtocol() throws {
        let user = BoardUser()
        let text = try user.text("--version")
        #expect(text.hasPrefix("board "))
        #expect(text.contains("protocol 1"))
        #expect(text.lines.count == 1)
        #expect(try user.text("-V") == text)
        let json = try user.json("--version")
        #expect(json["schema"]?.int == 1)
        #expect(json["version"]?.string.map { text.contains($0) } == true)
        #expect(json["protocol"]?.int == 1)
    }
}
