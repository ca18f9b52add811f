import Testing
import TerminalList

@Test func terminalListModuleLinks() {
    #expect(String(describing: TerminalList.self) == "TerminalList")
}
