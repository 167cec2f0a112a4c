import Foundation
import Glibc
import Testing

/// A daemon's crash or sanitizer report fails the test that ran it (`RunningDaemon`'s deinit), even
/// when the test killed the daemon without looking at how it ended.
@Suite struct CrashReportTests {
    @Test func aSanitizersReportInTheLogIsFoundWithTheLinesAfterIt() {
        let log = """
            boardd: serving on /tmp/x.sock
            ==================
            WARNING: ThreadSanitizer: data race (pid=42)
              Write of size 8 at 0x7b0400000010 by thread T1:
            """
        let report = CrashReport.problem(in: log, crashSignal: nil)
        #expect(report?.contains("WARNING: ThreadSanitizer: data race (pid=42)\n  Write of size 8") == true, "\(report ?? "nil")")
        #expect(report?.contains("serving on") == false)
    }

    @Test func aCleanLogAndNoCrashIsNoProblem() {
        #expect(CrashReport.problem(in: "boardd: serving\nboardd: stopping\n", crashSignal: nil) == nil)
        #expect(CrashReport.problem(in: "", crashSignal: SIGSEGV)?.contains("signal \(SIGSEGV)") == true)
    }

    /// The whole path: a daemon whose log holds a sanitizer's report is a recorded issue once it is
    /// let go, which this test expects (a test that did not would fail). The report is written into
    /// the daemon's log here, as a sanitizer writes one to its standard error.
    @Test func aReportInADaemonsLogFailsTheTestThatRanIt() throws {
        let sandbox = Sandbox()
        var daemon: RunningDaemon? = try RunningDaemon(sandbox: sandbox)
        let logPath = try #require(daemon?.logPath)
        let log = try #require(FileHandle(forWritingAtPath: logPath))
        try log.seekToEnd()
        try log.write(contentsOf: Array("==4242==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000008\n".utf8))
        try log.close()
        withKnownIssue("the daemon's log reports a crash") {
            daemon = nil
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("ERROR: AddressSanitizer: SEGV on unknown address") }
        }
        #expect(daemon == nil)
    }
}
