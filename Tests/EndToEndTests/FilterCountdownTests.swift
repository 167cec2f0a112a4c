import Testing

/// `board departures --airline Pacific --countdown` with the real binaries, on a simulated clock
/// that the test moves: the filtered rows and counts, and the time left as the clock passes.
struct FilterCountdownTests {
    @Test func pacificDeparturesCountDownAsTheClockMoves() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let arguments = ["departures", "--airline", "Pacific", "--countdown"]
        let noon = try user.board(arguments: arguments, env: ["COLUMNS": "80"])
        #expect(noon.status == 0, "\(noon.stderr)")
        // Pacific departs five times on the default schedule (one arrival, Pacific 289, is counted in its tab);
        // at noon Pacific 901 (13:25) boards at 12:45.
        #expect(
            noon.stdout == """
                Mountain Airport (MTN)  Mon Nov 30 2026  12:00  SIMULATED
                filtered: airline Pacific
                 Arrivals 1   All Nov 30  [Departures 5]

                  TIME              FLIGHT         FROM/TO          GATE    STATUS            ID
                  07:00             Pacific 506    → Dallas/Ft. Wo… A1      Departed        8087
                  08:50             Pacific 759    → Chicago        A3      Departed        1433
                  10:20→10:35       Pacific 657    → Detroit        B5      Departed        7413
                  11:10             Pacific 807    → Miami          A3      Departed        8419
                  boards in 45 min  Pacific 901    → Atlanta        B1      On time         3559

                """)
        // At 12:50 it is boarding: the gate closes at 13:15.
        _ = try user.json("clock", "advance", "50m")
        let boarding = try user.board(arguments: arguments, env: ["COLUMNS": "80"])
        #expect(boarding.stdout.contains("  closes in 25 min  Pacific 901    → Atlanta        B1      Boarding        3559\n"))
        try daemon.stop()
    }
}
