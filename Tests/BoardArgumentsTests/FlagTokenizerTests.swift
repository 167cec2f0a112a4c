import BoardArguments
import Testing

/// The tokenizer both programs share.
struct FlagTokenizerTests {
    static let json = Flag("--json", summary: "json")
    static let date = Flag("--date", value: .free, summary: "date")
    static let help = Flag("--help", short: "-h", summary: "help")
    static let flags = [json, date, help]

    func tokens(_ arguments: [String], takesArguments: Bool = true) throws(UsageError) -> [FlagTokenizer.Token] {
        var tokenizer = FlagTokenizer(arguments, flags: Self.flags, takesArguments: takesArguments) { "no \($0)" }
        return try tokenizer.all()
    }

    @Test func flagsValuesAndArgumentsInOrder() throws {
        #expect(
            try tokens(["show", "--date", "+1", "--json", "12", "--date=today", "-h"]) == [
                .argument("show"), .flag(Self.date, value: "+1"), .flag(Self.json, value: nil), .argument("12"),
                .flag(Self.date, value: "today"), .flag(Self.help, value: nil),
            ])
    }

    @Test func dashesNegativeNumbersAndWhatFollowsTwoDashesAreArguments() throws {
        #expect(
            try tokens(["-", "-1", "-1h30m", "-90m"]) == [
                .argument("-"), .argument("-1"), .argument("-1h30m"), .argument("-90m"),
            ])
        #expect(
            try tokens(["--json", "--", "--json", "-h"]) == [.flag(Self.json, value: nil), .argument("--json"), .argument("-h")])
        #expect(try tokens(["--date", "-1"]) == [.flag(Self.date, value: "-1")])
        #expect(try tokens(["--date="]) == [.flag(Self.date, value: "")])
    }

    @Test(arguments: [
        (["--frob"], "no --frob"), (["-x"], "no -x"), (["--frob=1"], "no --frob"), (["-1x"], "no -1x"),
        (["--date"], "--date needs a value"), (["--date", "--json"], "--date needs a value"),
        (["--json=yes"], "--json takes no value"), (["-h=x"], "no -h=x"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try tokens(arguments) }
    }

    @Test func aProgramOfFlagsOnlyChecksEveryWordAsAFlag() {
        for word in ["serve", "-", "--", "-1"] {
            #expect(throws: UsageError(message: "no \(word)")) { try tokens([word], takesArguments: false) }
        }
    }

    @Test func tokensComeOneAtATimeSoAProgramCanStopAtHelp() throws {
        var tokenizer = FlagTokenizer(["-h", "--frob"], flags: Self.flags)
        #expect(try tokenizer.next() == .flag(Self.help, value: nil))
        #expect(throws: UsageError.self) { try tokenizer.next() }
    }

    @Test func aHiddenFlagIsStillTaken() throws {
        var tokenizer = FlagTokenizer(["--ids"], flags: [Flag("--ids", summary: "ids").hidden()])
        let token = try tokenizer.next()
        guard case .flag(let flag, nil) = token else {
            Issue.record("\(String(describing: token))")
            return
        }
        #expect(flag.isHidden && !flag.takesValue)
    }

    @Test func aUsageErrorPointsAtHelpWithoutADaemonsFullStop() {
        #expect(UsageError(message: "bad thing.").pointing(to: "'x --help'") == "bad thing; see 'x --help'")
        #expect(UsageError(message: "bad thing").pointing(to: "x --help") == "bad thing; see x --help")
        #expect(UsageError(message: "m", command: "show").description == "m")
    }
}
