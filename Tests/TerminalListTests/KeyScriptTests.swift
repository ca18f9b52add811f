import Testing
import TerminalList

struct KeyScriptTests {
    @Test func everyNameParsesToItsCommand() throws {
        let commands = try KeyScript.parse("down up j k pgdn pgup home end g G enter c e esc q")
        #expect(commands == [.moveDown, .moveUp, .moveDown, .moveUp, .pageDown, .pageUp, .moveToFirst, .moveToLast,
                             .moveToFirst, .moveToLast, .activate, .collapseAll, .expandAll, .cancel, .quit])
    }

    @Test func slashTextSearchesForTheTextUpToTheNextSpace() throws {
        #expect(try KeyScript.parse("/Swift enter /张辽") == [.search("Swift"), .activate, .search("张辽")])
    }

    @Test func anyWhitespaceSeparatesWordsAndAnEmptyScriptHasNoSteps() throws {
        #expect(try KeyScript.parse("  j\t\nk  ") == [.moveDown, .moveUp])
        #expect(try KeyScript.parse("") == [])
    }

    @Test func anUnknownNameIsAnErrorNamingTheWordAndItsPosition() {
        #expect {
            try KeyScript.parse("down dwon q")
        } throws: { error in
            guard let error = error as? KeyScriptError else { return false }
            return error.word == "dwon" && error.position == 2 && error.reason == .unknownName
                && error.description.hasPrefix("--script: unknown key name \"dwon\" (word 2); known names: down up")
        }
    }

    @Test func namesAreCaseSensitive() {
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("DOWN") }
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("Q") }
    }

    @Test func aSlashWithoutTextIsAnError() {
        #expect {
            try KeyScript.parse("j /")
        } throws: { error in
            (error as? KeyScriptError)?.reason == .emptySearch && (error as? KeyScriptError)?.position == 2
        }
    }

    @Test func eachCommandPrintsAsTheScriptWordThatGivesIt() throws {
        let script = "down up pgdn pgup home end enter c e q /地区"
        #expect(try KeyScript.parse(script).map(\.description).joined(separator: " ") == script)
    }
}
