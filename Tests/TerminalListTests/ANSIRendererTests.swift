import Testing
import TerminalList

struct ANSIRendererTests {
    static let escape = "\u{1B}"

    @Test func theFirstFrameClearsTheScreenAndDrawsEveryLine() {
        var screen = Screen(columns: 3, rows: 2)
        screen.setLine(0, [StyledSpan("ab")])
        var renderer = ANSIRenderer()
        let e = ANSIRendererTests.escape
        #expect(renderer.frame(screen) == "\(e)[0m\(e)[2J\(e)[1;1H\(e)[0mab \(e)[0m\(e)[2;1H\(e)[0m   \(e)[0m")
    }

    @Test func anUnchangedFrameWritesNothing() {
        var screen = Screen(columns: 4, rows: 2)
        screen.setLine(1, [StyledSpan("魏")])
        var renderer = ANSIRenderer()
        _ = renderer.frame(screen)
        #expect(renderer.frame(screen) == "")
    }

    @Test func onlyTheChangedLinesAreRewritten() {
        var screen = Screen(columns: 4, rows: 3)
        var renderer = ANSIRenderer()
        _ = renderer.frame(screen)
        screen.setLine(1, [StyledSpan("蜀", style: .bold)])
        let e = ANSIRendererTests.escape
        #expect(renderer.frame(screen) == "\(e)[2;1H\(e)[0;1m蜀\(e)[0m  \(e)[0m")
    }

    @Test func styleCodesChangeOnlyWhereTheStyleChanges() {
        var screen = Screen(columns: 6, rows: 1)
        screen.setLine(0, [StyledSpan("ab", style: [.bold, .reverse]), StyledSpan("c", style: .dim)], fill: .reverse)
        var renderer = ANSIRenderer()
        let e = ANSIRendererTests.escape
        #expect(renderer.frame(screen).hasSuffix("\(e)[1;1H\(e)[0;1;7mab\(e)[0;2mc\(e)[0;7m   \(e)[0m"))
    }

    @Test func aResizeOrInvalidateRedrawsInFull() {
        var renderer = ANSIRenderer()
        let small = Screen(columns: 2, rows: 1)
        _ = renderer.frame(small)
        #expect(renderer.frame(Screen(columns: 3, rows: 1)).hasPrefix("\(ANSIRendererTests.escape)[0m\(ANSIRendererTests.escape)[2J"))
        renderer.invalidate()
        #expect(renderer.frame(Screen(columns: 3, rows: 1)).hasPrefix("\(ANSIRendererTests.escape)[0m\(ANSIRendererTests.escape)[2J"))
    }
}
