import BoardProtocol
import BoardSystem
import Testing

@testable import BoardCLI

/// The live view's header in a narrow side pane: the time stays to the last, beside the link's mark.
/// At 29 columns (the narrowest a row is made for) it read `MTN  Mon Nov 30  13:3… ● live`, and at
/// 20 columns the time was gone while the weekday and `live` stayed.
struct LiveViewHeaderTests {
    @Test(arguments: 16...60)
    func theTimeOutlastsTheDateInANarrowPane(columns: Int) {
        let model = LiveViewFixture.liveModel()
        let size = TerminalSize(columns: columns, rows: 12)
        let header = model.view(size: size, now: LiveViewFixture.start)[0].visibleText
        #expect(header.contains("12:00") && header.contains("● live"), "\(columns): \(header)")
        #expect(!header.contains("…"), "nothing cut: \(header)")
        if columns >= 30 { #expect(header.contains("Nov 30"), "\(columns): \(header)") }
    }
}
