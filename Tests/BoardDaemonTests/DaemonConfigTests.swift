import Foundation
import Glibc
import Testing

@testable import BoardDaemon

/// A config mistake and the parts its message must name: the key, the value and why.
struct BadConfig: CustomStringConvertible, Sendable {
    let name: String
    let text: String
    let expected: [String]
    var description: String { name }

    /// Checks that `DaemonConfig.parse` refuses the text with one line that starts with the file and
    /// names every expected part, without a control character.
    func expectRefused(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = "/etc/board/boardd.json"
        let error = try #require(throws: ConfigError.self, sourceLocation: sourceLocation) {
            try DaemonConfig.parse(Array(text.utf8), file: file)
        }
        let message = error.description
        #expect(message.hasPrefix("\(file): "), "\(message)", sourceLocation: sourceLocation)
        for part in expected { #expect(message.contains(part), "\(message) lacks \(part)", sourceLocation: sourceLocation) }
        #expect(
            !message.unicodeScalars.contains { $0.value < 0x20 }, "one line, no control characters",
            sourceLocation: sourceLocation)
    }
}

/// Every config mistake is refused with the file, the key, the value and why, on one line (docs/CONFIG.md).
///
/// The messages come from `DaemonConfig.parse` alone; `ConfigTests` in the end-to-end suite checks that
/// `boardd --check-config`, the start-up and SIGHUP print them.
struct DaemonConfigTests {
    static let badConfigs: [BadConfig] = [
        BadConfig(
            name: "unknown key", text: #"{"sede": 1}"#,
            expected: ["sede = 1", "unknown key", "airport, seed, days, flightsPerDay"]),
        BadConfig(name: "key in the wrong case", text: #"{"Seed": 1}"#, expected: ["Seed = 1", "did you mean seed?"]),
        BadConfig(name: "mistyped key", text: #"{"seeed": 1}"#, expected: ["seeed = 1", "unknown key (did you mean seed?)"]),
        BadConfig(
            name: "a section's key written as the docs name it", text: #"{"airport.name": "Reno"}"#,
            expected: [
                #"airport.name = "Reno": unknown key (a section's keys are written inside it: {"airport": {"name": ...}})"#
            ]),
        BadConfig(
            name: "a section's key cut short, written with a dot", text: #"{"hall.departed": 10}"#,
            expected: [
                "hall.departed = 10: unknown key",
                #"(a section's keys are written inside it: {"hall": {"departedMinutes": ...}})"#,
            ]),
        BadConfig(
            name: "a dot after a key that is no section", text: #"{"seed.x": 1}"#,
            expected: ["seed.x = 1: unknown key (did you mean seed?)"]),
        BadConfig(
            name: "a section's key cut short", text: #"{"hall": {"departed": 10}}"#,
            expected: ["hall.departed = 10: unknown key (did you mean departedMinutes?)"]),
        BadConfig(
            name: "unknown airport key", text: #"{"airport": {"city": "Reno"}}"#,
            expected: [#"airport.city = "Reno""#, "unknown key", "name, code, timeZone"]),
        BadConfig(
            name: "seed as a string", text: #"{"seed": "three"}"#,
            expected: [#"seed = "three""#, "must be a whole number", "not a string"]),
        BadConfig(name: "negative seed", text: #"{"seed": -1}"#, expected: ["seed = -1", "from 0 to"]),
        BadConfig(name: "fractional seed", text: #"{"seed": 1.5}"#, expected: ["seed = 1.5", "not a fraction"]),
        BadConfig(name: "no days", text: #"{"days": 0}"#, expected: ["days = 0", "from 1 to 366"]),
        BadConfig(name: "too many days", text: #"{"days": 367}"#, expected: ["days = 367", "from 1 to 366"]),
        BadConfig(name: "days as a string", text: #"{"days": "15"}"#, expected: [#"days = "15""#, "not a string"]),
        BadConfig(name: "no flights", text: #"{"flightsPerDay": 0}"#, expected: ["flightsPerDay = 0", "from 1 to 3000"]),
        BadConfig(
            name: "too many flights", text: #"{"flightsPerDay": 3001}"#, expected: ["flightsPerDay = 3001", "from 1 to 3000"]),
        BadConfig(
            name: "flights as a list", text: #"{"flightsPerDay": [30]}"#, expected: ["flightsPerDay = [30]", "not a list"]),
        BadConfig(
            name: "time zone that does not exist", text: #"{"airport": {"timeZone": "Mars/Olympus_Mons"}}"#,
            expected: [#"airport.timeZone = "Mars/Olympus_Mons""#, "is not an IANA time zone", "America/New_York"]),
        BadConfig(
            name: "time zone in the wrong case", text: #"{"airport": {"timeZone": "america/new_york"}}"#,
            expected: [#"airport.timeZone = "america/new_york""#, "is not an IANA time zone"]),
        BadConfig(
            name: "time zone with a NUL and an escape after the name",
            text: #"{"airport": {"timeZone": "America/New_York\u0000\u001b[2J"}}"#,
            expected: ["airport.timeZone = ", "is not an IANA time zone"]),
        BadConfig(
            name: "time zone abbreviation", text: #"{"airport": {"timeZone": "EST"}}"#,
            expected: [#"airport.timeZone = "EST""#, "IANA"]),
        BadConfig(
            name: "time zone as a number", text: #"{"airport": {"timeZone": 5}}"#,
            expected: ["airport.timeZone = 5", "non-empty string", "not a number"]),
        BadConfig(
            name: "airport as a string", text: #"{"airport": "MTN"}"#,
            expected: [#"airport = "MTN""#, "must be an object", "not a string"]),
        BadConfig(
            name: "one-letter code", text: #"{"airport": {"code": "M"}}"#,
            expected: [#"airport.code = "M""#, "2 to 5 letters or digits"]),
        BadConfig(
            name: "empty name", text: #"{"airport": {"name": ""}}"#, expected: [#"airport.name = """#, "non-empty string"]),
        BadConfig(
            name: "name with a bidi control", text: #"{"airport": {"name": "\u202eMountain"}}"#,
            expected: ["airport.name", "one line without control characters"]),
        BadConfig(
            name: "name with a C1 control", text: #"{"airport": {"name": "Moun\u009btain"}}"#,
            expected: ["airport.name", "one line without control characters"]),
        BadConfig(
            name: "name with a line separator", text: #"{"airport": {"name": "Moun\u2028tain"}}"#,
            expected: ["airport.name", "one line without control characters"]),
        BadConfig(
            name: "key given twice", text: "{\"seed\": 1,\n \"seed\": 2}",
            expected: [#"the key "seed" appears twice"#, "line 2, column 2"]),
        BadConfig(name: "broken JSON", text: "{\n  \"seed\": 1,\n}", expected: ["is not valid JSON", "line 3, column 1"]),
        BadConfig(name: "not an object", text: "[1, 2]", expected: ["must be a JSON object", "not a list"]),
        BadConfig(name: "empty file", text: "", expected: ["is not valid JSON", "unexpected end of input"]),
        BadConfig(
            name: "key with control characters", text: #"{"a\u001b]0;x\u0007b\nc": 1}"#,
            expected: [#": a\x1b]0;x\x07b\nc = 1: unknown key"#]),
    ]

    @Test(arguments: badConfigs)
    func aMistakeIsRefusedWithTheFileTheKeyTheValueAndWhy(_ bad: BadConfig) throws {
        try bad.expectRefused()
    }

    /// A huge value or key is shown by its start and its length: the message stays a line, not 60 KB.
    @Test func aHugeValueOrKeyIsShownShortened() throws {
        let name = String(repeating: "N", count: 60_000)
        let long = String(repeating: "k", count: 5_000)
        for text in [#"{"airport": {"name": "\#(name)\u0007"}}"#, #"{"\#(long)": 1}"#] {
            let error = try #require(throws: ConfigError.self) { try DaemonConfig.parse(Array(text.utf8), file: "big.json") }
            #expect(error.description.count < 400, "\(error.description.prefix(200))")
            #expect(error.description.contains("characters)"), "\(error.description.prefix(200))")
        }
    }

    @Test func aGoodConfigSetsEveryKey() throws {
        let text =
            #"{"airport": {"name": "Valley Field", "code": "vly", "timeZone": "America/Denver"}, "seed": 7, "days": 3, "flightsPerDay": 12}"#
        let config = try DaemonConfig.parse(Array(text.utf8), file: "valley.json")
        #expect(config.summary == "VLY \"Valley Field\" in America/Denver, seed 7, 3 days x 12 flights a day")
        let one = try DaemonConfig.parse(Array(#"{"seed": 7, "days": 1, "flightsPerDay": 4}"#.utf8), file: "one.json")
        #expect(one.summary.hasSuffix("seed 7, 1 day x 4 flights a day"), "\(one.summary)")
    }

    /// A whole number written as tools write floats (`15.0`, `1e3`) is that number: it was refused as
    /// "days = 15: must be a whole number", which contradicted itself.
    @Test func aWholeNumberWrittenWithAPointOrAnExponentIsTaken() throws {
        let text = #"{"seed": 1e3, "days": 15.0, "flightsPerDay": 3.0e1, "hall": {"departedMinutes": 240.0}}"#
        let config = try DaemonConfig.parse(Array(text.utf8), file: "tools.json")
        #expect(config.schedule.seed == 1000 && config.schedule.days == 15 && config.schedule.flightsPerDay == 30)
        #expect(config.schedule.hall.departedMinutes == 240)
        try BadConfig(name: "fraction of a day", text: #"{"days": 15.5}"#, expected: ["days = 15.5", "not a fraction"])
            .expectRefused()
        try BadConfig(name: "seed past Int", text: #"{"seed": 1e19}"#, expected: ["seed = ", "from 0 to"]).expectRefused()
        // Past 2^53 a float is not the number written: refused, never read as a neighbouring seed.
        // Said why: the number is whole and in range, but a double may not be it; in digits it is read exactly.
        try BadConfig(
            name: "seed past 2^53 as a float", text: #"{"seed": 9007199254740993.0}"#,
            expected: ["seed = ", "written in digits alone"]
        ).expectRefused()
        try BadConfig(name: "seed 1e18", text: #"{"seed": 1e18}"#, expected: ["seed = 1e+18", "written in digits alone"])
            .expectRefused()
        // Past Int.max, even in digits: out of range, with no advice to write it in digits.
        let past = #"{"seed": 9223372036854775808}"#
        try BadConfig(name: "seed 2^63", text: past, expected: ["seed = ", "from 0 to 9223372036854775807"]).expectRefused()
        #expect(throws: ConfigError.self) { try DaemonConfig.parse(Array(past.utf8), file: "x") }
        do { _ = try DaemonConfig.parse(Array(past.utf8), file: "x") } catch {
            #expect(!"\(error)".contains("digits alone"), "\(error)")
        }
        #expect(
            try DaemonConfig.parse(Array(#"{"seed": 9007199254740993}"#.utf8), file: "x").schedule.seed == 9_007_199_254_740_993)
    }

    /// Every way CONFIG.md says a zone may be written; `UTC` was refused (Foundation names it `GMT`).
    @Test(arguments: ["UTC", "Etc/UTC", "Europe/London", "Asia/Kolkata", "America/Argentina/Buenos_Aires"])
    func aZoneAsCONFIGmdWritesItIsTaken(zone: String) throws {
        let text = #"{"airport": {"timeZone": "\#(zone)"}}"#
        let config = try DaemonConfig.parse(Array(text.utf8), file: "zone.json")
        #expect(config.summary.contains(" in \(zone),"), "\(config.summary)")
    }

    @Test func aFIFOADeviceOrAFileTooLargeIsRefusedWithoutBlocking() throws {
        let directory = "/tmp/board-config-tests-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(directory, 0o700) == 0)
        defer {
            unlink(directory + "/fifo.json")
            rmdir(directory)
        }
        let fifo = directory + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: ConfigError.self) { try DaemonConfig.load(path: fifo) }
        #expect(error.description == "\(fifo): is a FIFO, not a regular file; point --config at a JSON file")
        let large = directory + "/large.json"
        #expect(FileManager.default.createFile(atPath: large, contents: Data(count: DaemonConfig.maxFileSize + 1)))
        defer { unlink(large) }
        let tooLarge = try #require(throws: ConfigError.self) { try DaemonConfig.load(path: large) }
        #expect(tooLarge.description == "\(large): is larger than 64 KiB; is it the right file?")
        let device = try #require(throws: ConfigError.self) { try DaemonConfig.load(path: "/dev/zero") }
        #expect(device.description == "/dev/zero: is a character device, not a regular file; point --config at a JSON file")
    }
}
