import Testing

@testable import BoardCLI

/// The board's columns fit every width they are laid out for, so rows never wrap. Below
/// `LiveFrame.narrowest` (40) the layout stays at its narrowest and the live view cuts each line.
struct BoardRendererTests {
    @Test(arguments: LiveFrame.narrowest...140)
    func theColumnsFitTheWidth(width: Int) {
        let columns = BoardRenderer.Columns(width: width)
        #expect(columns.total <= width, "\(columns.total) columns at width \(width)")
    }
}
