import Testing

@testable import BoardCLI

/// `BOARD_NO_AUTOSTART` turns autostart off with any value but a word for no: a script that sets it
/// to `false` keeps autostart on, as one that sets `0` does (`false` turned it off).
struct AutostartSwitchTests {
    @Test(arguments: ["1", "yes", "true", "on", "anything"])
    func aValueTurnsAutostartOff(value: String) { #expect(Autostart.turnsOff(value)) }

    @Test(arguments: ["0", "false", "FALSE", "no", "No", "off"])
    func aWordForNoKeepsItOn(value: String) { #expect(!Autostart.turnsOff(value)) }
}
