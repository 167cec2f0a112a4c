import FlightData
import Testing

@testable import BoardDaemon

/// The optional `hall` object of the config: how long finished flights stay on the board, each key
/// optional, whole minutes 0 to 240, each mistake refused with the file, the key's path, the value
/// and why (docs/CONFIG.md).
struct HallConfigTests {
    static let badConfigs: [BadConfig] = [
        BadConfig(
            name: "negative span", text: #"{"hall": {"departedMinutes": -1}}"#,
            expected: ["hall.departedMinutes = -1", "whole number from 0 to 240"]),
        BadConfig(
            name: "fractional span", text: #"{"hall": {"canceledMinutes": 12.5}}"#,
            expected: ["hall.canceledMinutes = 12.5", "whole number from 0 to 240", "not a fraction"]),
        BadConfig(
            name: "span too large", text: #"{"hall": {"afterLastBagMinutes": 241}}"#,
            expected: ["hall.afterLastBagMinutes = 241", "whole number from 0 to 240"]),
        BadConfig(
            name: "huge span", text: #"{"hall": {"afterLastBagMinutes": 99999999999999999999}}"#,
            expected: ["hall.afterLastBagMinutes", "whole number from 0 to 240"]),
        BadConfig(
            name: "span as a string", text: #"{"hall": {"departedMinutes": "10"}}"#,
            expected: [#"hall.departedMinutes = "10""#, "not a string"]),
        BadConfig(
            name: "span as null", text: #"{"hall": {"departedMinutes": null}}"#,
            expected: ["hall.departedMinutes = null", "not null"]),
        BadConfig(
            name: "unknown hall key", text: #"{"hall": {"landedMinutes": 10}}"#,
            expected: ["hall.landedMinutes = 10", "unknown key", "departedMinutes, afterLastBagMinutes, canceledMinutes"]),
        BadConfig(
            name: "hall key in the wrong case", text: #"{"hall": {"departedminutes": 10}}"#,
            expected: ["hall.departedminutes = 10", "did you mean departedMinutes?"]),
        BadConfig(
            name: "hall as a number", text: #"{"hall": 10}"#,
            expected: ["hall = 10", "must be an object", "not a number"]),
        BadConfig(
            name: "hall key given twice", text: "{\"hall\": {\"canceledMinutes\": 1,\n \"canceledMinutes\": 2}}",
            expected: [#"the key "canceledMinutes" appears twice"#]),
    ]

    @Test(arguments: badConfigs)
    func aMistakeIsRefusedWithTheFileTheKeyTheValueAndWhy(_ bad: BadConfig) throws {
        try bad.expectRefused()
    }

    @Test func everyKeyIsReadAndTheOthersKeepTheirDefaults() throws {
        let text = #"{"hall": {"departedMinutes": 0, "afterLastBagMinutes": 240, "canceledMinutes": 45}}"#
        let config = try DaemonConfig.parse(Array(text.utf8), file: "hall.json")
        #expect(config.schedule.hall == HallRules(departedMinutes: 0, afterLastBagMinutes: 240, canceledMinutes: 45))
        let partial = try DaemonConfig.parse(Array(#"{"hall": {"canceledMinutes": 60}}"#.utf8), file: "f")
        #expect(partial.schedule.hall == HallRules(departedMinutes: 10, afterLastBagMinutes: 10, canceledMinutes: 60))
        #expect(try DaemonConfig.parse(Array(#"{"hall": {}}"#.utf8), file: "f").schedule.hall == .default)
        #expect(try DaemonConfig.parse(Array("{}".utf8), file: "f").schedule.hall == .default)
    }

    @Test func theRepositoryConfigSpellsOutTheBuiltInHall() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let config = try DaemonConfig.load(path: "/" + path + "/config/boardd.json")
        #expect(config.schedule.hall == .default)
        #expect(DaemonConfig.builtIn.schedule.hall == .default)
    }
}
