import Testing

/// `board departures --airline US --countdown` with the real binaries, on a simulated clock
/// that the test moves: the filtered rows and counts, and the time left as the clock passes.
struct FilterCountdownTests {
    @Test func usDeparturesCountDownAsTheClockMoves() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let arguments = ["departures", "--airline", "US", "--countdown"]
        let noon = try user.board(arguments: arguments, env: ["COLUMNS": "80"])
        #expect(noon.status == 0, "\(noon.stderr)")
        // US departs five times on the default schedule (its three arrivals are counted in their tab);
        // at noon US 455 (13:40) boards at 13:00, US 605 (14:35) at 13:55, and US 428 (21:30) is
        // beyond the countdown's three hours. Now (12:00) falls between US 953 and US 455: the now line,
        // as wide as the rows (80). US 953's gate changed from B5 at 09:28: the legend says so, and
        // only so (no row has a recent change's ◆).
        #expect(
            noon.stdout == """
                Mountain Airport (MTN)  Mon Nov 30 2026  12:00  SIMULATED
                filtered: airline US
                 Arrivals 3   All Nov 30  [Departures 5]

                  TIME              FLIGHT         FROM/TO           GATE   STATUS            ID
                  09:05→09:25       US 403         → Chicago         A3     Departed 09:25  1433
                  10:25             US 953         → Las Vegas       B3←B5  Departed 10:25  7413
                  ──── 12:00 now ───────────────────────────────────────────────────────────────
                  boards in 60 min  US 455         → Nashville       B5     On time         3559
                  boards in 115 min US 605         → Denver          A5     On time         6425
                  21:30             US 428         → Denver          B2     On time         7887

                B5←A3 gate B5, was A3

                """)
        // At 13:10 it is boarding: the gate closes at 13:30.
        _ = try user.json("clock", "advance", "70m")
        let boarding = try user.board(arguments: arguments, env: ["COLUMNS": "80"])
        #expect(boarding.stdout.contains("  closes in 20 min  US 455         → Nashville       B5     Boarding        3559\n"))
        #expect(boarding.stdout.contains("  boards in 45 min  US 605         → Denver          A5     On time         6425\n"))
        try daemon.stop()
    }
}
