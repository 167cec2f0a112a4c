import FlightData
import Testing

@testable import BoardDaemon

/// The optional `announcements` object of the config: every key optional, each refused with the
/// file, the key, the value and why when wrong (docs/CONFIG.md).
struct AnnouncementsConfigTests {
    static let badConfigs: [BadConfig] = [
        BadConfig(
            name: "unknown announcements key", text: #"{"announcements": {"delayPercent": 5}}"#,
            expected: ["announcements.delayPercent = 5", "unknown key", "delayNoticeMinutes, delayRevisions"]),
        BadConfig(
            name: "announcements key in the wrong case", text: #"{"announcements": {"gatechangepercent": 5}}"#,
            expected: ["announcements.gatechangepercent = 5", "did you mean gateChangePercent?"]),
        BadConfig(
            name: "announcements as a list", text: #"{"announcements": [1]}"#,
            expected: ["announcements = [1]", "must be an object", "not a list"]),
        BadConfig(
            name: "notice as a number", text: #"{"announcements": {"delayNoticeMinutes": 30}}"#,
            expected: ["announcements.delayNoticeMinutes = 30", "[30, 180]", "not a number"]),
        BadConfig(
            name: "notice with three numbers", text: #"{"announcements": {"gateNoticeMinutes": [1, 2, 3]}}"#,
            expected: ["announcements.gateNoticeMinutes = [1,2,3]", "two whole numbers"]),
        BadConfig(
            name: "notice with a fraction", text: #"{"announcements": {"gateNoticeMinutes": [1.5, 20]}}"#,
            expected: ["announcements.gateNoticeMinutes = [1.5,20]", "two whole numbers"]),
        BadConfig(
            name: "notice reversed", text: #"{"announcements": {"cancelNoticeMinutes": [240, 20]}}"#,
            expected: ["announcements.cancelNoticeMinutes = [240,20]", "smaller number first", "[20, 240]"]),
        BadConfig(
            name: "notice too long", text: #"{"announcements": {"cancelNoticeMinutes": [20, 721]}}"#,
            expected: ["announcements.cancelNoticeMinutes = [20,721]", "from 0 to 720"]),
        BadConfig(
            name: "negative notice", text: #"{"announcements": {"delayNoticeMinutes": [-1, 20]}}"#,
            expected: ["announcements.delayNoticeMinutes = [-1,20]", "from 0 to 720"]),
        BadConfig(
            name: "too many revisions", text: #"{"announcements": {"delayRevisions": 3}}"#,
            expected: ["announcements.delayRevisions = 3", "from 0 to 2"]),
        BadConfig(
            name: "percent over 100", text: #"{"announcements": {"gateChangePercent": 101}}"#,
            expected: ["announcements.gateChangePercent = 101", "from 0 to 100"]),
        BadConfig(
            name: "percent as a string", text: #"{"announcements": {"diversionPercent": "1"}}"#,
            expected: [#"announcements.diversionPercent = "1""#, "from 0 to 100", "not a string"]),
        BadConfig(
            name: "announcement key given twice", text: "{\"announcements\": {\"delayRevisions\": 1,\n \"delayRevisions\": 2}}",
            expected: [#"the key "delayRevisions" appears twice"#]),
    ]

    @Test(arguments: badConfigs)
    func aMistakeIsRefusedWithTheFileTheKeyTheValueAndWhy(_ bad: BadConfig) throws {
        try bad.expectRefused()
    }

    @Test func everyKeyIsReadAndTheOthersKeepTheirDefaults() throws {
        let text = """
            {"announcements": {"delayNoticeMinutes": [10, 60], "delayRevisions": 0, "cancelNoticeMinutes": [0, 720],
             "gateChangePercent": 100, "gateNoticeMinutes": [5, 5], "diversionPercent": 0}}
            """
        let config = try DaemonConfig.parse(Array(text.utf8), file: "unfolding.json")
        #expect(
            config.schedule.announcements
                == AnnouncementRules(
                    delayNotice: 10...60, delayRevisions: 0, cancelNotice: 0...720, gateChangePercent: 100, gateNotice: 5...5,
                    diversionPercent: 0))
        let partial = try DaemonConfig.parse(Array(#"{"announcements": {"gateChangePercent": 40}}"#.utf8), file: "f")
        var expected = AnnouncementRules.default
        expected.gateChangePercent = 40
        #expect(partial.schedule.announcements == expected)
        let empty = try DaemonConfig.parse(Array(#"{"announcements": {}}"#.utf8), file: "f")
        #expect(empty.schedule.announcements == .default)
        #expect(try DaemonConfig.parse(Array("{}".utf8), file: "f").schedule.announcements == .default)
    }

    @Test func theRepositoryConfigSpellsOutTheBuiltInRules() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let config = try DaemonConfig.load(path: "/" + path + "/config/boardd.json")
        #expect(config.schedule == DaemonConfig.builtIn.schedule)
        #expect(config.schedule.announcements == .default)
    }

    @Test func theRulesChangeTheSchedule() throws {
        let none = try DaemonConfig.parse(Array(#"{"announcements": {"gateChangePercent": 0}}"#.utf8), file: "f")
        let all = try DaemonConfig.parse(Array(#"{"announcements": {"gateChangePercent": 100}}"#.utf8), file: "f")
        let date = LocalDate(year: 2026, month: 11, day: 30)!
        let day = ScheduleGenerator(config: none.schedule).flights(on: date)
        let end = day.map(\.dayStart).max()!.addingTimeInterval(2 * 86_400)
        #expect(day.allSatisfy { $0.changes(after: $0.dayStart, through: end).allSatisfy { $0.kind != .gate } })
        let changed = ScheduleGenerator(config: all.schedule).flights(on: date).filter { flight in
            flight.changes(after: flight.dayStart, through: end).contains { $0.kind == .gate }
        }
        #expect(changed.count > day.count / 2)
    }
}
