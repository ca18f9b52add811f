import Testing
import TerminalList

struct CommandInterpreterTests {
    @Test(arguments: [
        (Key.up, DemoCommand.moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown),
        (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .moveToFirst), (.character("g"), .moveToFirst),
        (.end, .moveToLast), (.character("G"), .moveToLast), (.enter, .activate), (.character("c"), .collapseAll),
        (.character("e"), .expandAll), (.character("q"), .quit), (.interrupt, .interrupt),
    ] as [(Key, DemoCommand)])
    func eachKeyGivesItsCommand(key: Key, command: DemoCommand) {
        var interpreter = CommandInterpreter()
        #expect(interpreter.interpret(key) == command)
    }

    @Test func slashOpensAPromptThatCollectsChineseTextUntilEnter() {
        var interpreter = CommandInterpreter()
        var decoder = KeyDecoder()
        var commands: [DemoCommand] = []
        for key in decoder.decode(Array("/张辽 q\r".utf8)) {
            if let command = interpreter.interpret(key) { commands.append(command) }
        }
        #expect(commands == [.search("张辽 q")])
        #expect(interpreter.searchPrompt == nil)
    }

    @Test func backspaceEditsThePromptAndEscapeCancelsIt() {
        var interpreter = CommandInterpreter()
        _ = interpreter.interpret(.character("/"))
        _ = interpreter.interpret(.character("地"))
        _ = interpreter.interpret(.character("区"))
        _ = interpreter.interpret(.backspace)
        #expect(interpreter.searchPrompt == "地")
        #expect(interpreter.interpret(.escape) == nil)
        #expect(interpreter.searchPrompt == nil)
        #expect(interpreter.interpret(.character("j")) == .moveDown)
        // With the prompt closed, Escape stops a search in progress.
        #expect(interpreter.interpret(.escape) == .cancel)
    }

    @Test func enterOnAnEmptyPromptClosesItWithoutSearching() {
        var interpreter = CommandInterpreter()
        _ = interpreter.interpret(.character("/"))
        #expect(interpreter.interpret(.enter) == nil)
        #expect(interpreter.searchPrompt == nil)
    }

    @Test func ctrlCInterruptsEvenWhileThePromptIsOpen() {
        var interpreter = CommandInterpreter()
        _ = interpreter.interpret(.character("/"))
        #expect(interpreter.interpret(.character("q")) == nil)
        #expect(interpreter.interpret(.interrupt) == .interrupt)
    }
}
