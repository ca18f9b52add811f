import Testing
import ListKernel
import TerminalList

/// A search runs in steps of bounded work, shows its progress, and stops on Esc
/// (issue 10, point 14): `/zz` on `--generate 10000x10000` ran over a minute with the screen
/// frozen. Work is counted in titles examined, never timed.
struct SearchTests {
    /// A session over a generated list whose searches examine `budget` titles a step.
    static func session(_ sections: Int, _ items: Int, budget: Int) throws -> DemoSession {
        try DemoSession(data: .generated(sections: sections, itemsPerSection: items),
                        size: TerminalSize(columns: 60, rows: 8), clock: { 0 }, searchTitlesPerStep: budget)
    }

    /// Runs the search in progress to its end and returns the steps it took, checking
    /// that no step examines more than `budget` titles.
    static func finish(_ session: DemoSession, budget: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var steps = 0
        while let before = session.searchProgress {
            try session.continueSearch()
            steps += 1
            if let after = session.searchProgress {
                #expect(after.examined - before.examined == budget, sourceLocation: sourceLocation)
            }
        }
        return steps
    }

    @Test func aSearchThatFindsNothingExaminesEveryTitleInStepsOfTheBudget() throws {
        // 100 headers and 10,000 items: 10,100 titles, 11 steps of at most 1,000.
        let session = try SearchTests.session(100, 100, budget: 1_000)
        try session.apply(.search("zz"))
        #expect(session.isSearching)
        #expect(session.searchProgress == SearchProgress(text: "zz", examined: 1_000, total: 10_100))
        #expect(session.lines[6].hasPrefix(" searching \"zz\"… 9% · esc cancels"))
        let steps = try SearchTests.finish(session, budget: 1_000)
        #expect(1 + steps == 11)
        #expect(!session.isSearching && session.source.selection == .header(section: 0))
        #expect(session.message == "no title contains \"zz\"")
    }

    @Test func aSearchFindsTheFirstMatchAfterTheSelectionOverSeveralSteps() throws {
        let session = try SearchTests.session(100, 100, budget: 1_000)
        try session.apply(.search("ROW 57.3"))
        // Headers and items in model order: section s's header is element s × 101, its
        // item i is s × 101 + 1 + i. From header 0, "Row 57.3" is element 5,761.
        let steps = try SearchTests.finish(session, budget: 1_000)
        #expect(1 + steps == 6)
        #expect(session.source.selection == .item(ItemPath(section: 57, item: 3)))
        #expect(session.lines.contains { $0.hasPrefix(">   Row 57.3 ") })
    }

    @Test func escStopsASearchWhereItIsAndAnotherCommandStopsItToo() throws {
        let session = try SearchTests.session(100, 100, budget: 1_000)
        try session.run("down /zz")
        #expect(session.isSearching)
        try session.apply(.cancel)
        #expect(!session.isSearching)
        #expect(session.source.selection == .item(ItemPath(section: 0, item: 0)))
        #expect(session.message == "search for \"zz\" stopped after 1000 of 10100 titles")
        try session.apply(.cancel)  // nothing to stop: nothing happens
        #expect(session.message == nil)

        try session.run("/zz")
        try session.apply(.moveDown)
        #expect(!session.isSearching && session.source.selection == .item(ItemPath(section: 0, item: 1)))
    }

    @Test func onTheIssuesWorldOneStepExaminesTheDefaultBudget() throws {
        // --generate 10000x10000: 100,010,000 titles. Only the first step runs here.
        let session = try DemoSession(data: .generated(sections: 10_000, itemsPerSection: 10_000),
                                      size: TerminalSize(columns: 80, rows: 24), clock: { 0 })
        try session.apply(.search("zz"))
        #expect(session.searchProgress == SearchProgress(text: "zz", examined: DemoSession.defaultSearchTitlesPerStep, total: 100_010_000))
        #expect(session.lines[22].hasPrefix(" searching \"zz\"… 0% · esc cancels"))
        try session.apply(.cancel)
        #expect(!session.isSearching && session.lines[23].hasPrefix(" search for \"zz\" stopped after 20000 of 100010000 titles"))
    }

    @Test func aScriptRunsASearchToItsEnd() {
        var output = ""
        let status = DemoMain.run(arguments: ["--generate", "40x40", "--size", "40x6", "--script", "/39.39"],
                                  outputIsTerminal: false, output: { output += $0 }, errorOutput: { _ in }, clock: { 0 },
                                  limits: DemoLimits(maximumFileBytes: 1, searchTitlesPerStep: 7))
        #expect(status == 0)
        #expect(screenLines(output).contains { $0.hasPrefix(">   Row 39.39") })
    }
}
