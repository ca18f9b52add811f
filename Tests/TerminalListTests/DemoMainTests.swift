import Testing
import Foundation
import TerminalList

struct DemoMainTests {
    /// Runs the demo as if standard output were a file.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = DemoMain.run(arguments: arguments, outputIsTerminal: false,
                                  output: { output += $0 }, errorOutput: { errors += $0 }, clock: { 0 })
        return (status, output, errors)
    }

    @Test func helpPrintsTheUsageAndSucceeds() {
        let result = DemoMainTests.run(["--help"])
        #expect(result.status == 0 && result.errors.isEmpty)
        #expect(result.output.hasPrefix("usage: listkernel-demo"))
    }

    @Test(arguments: [["--bogus"], ["--script", "dwon"], ["--size", "x"]])
    func aUsageErrorIsOneLineOnStandardErrorAndStatusTwo(arguments: [String]) {
        let result = DemoMainTests.run(arguments)
        #expect(result.status == 2 && result.output.isEmpty)
        #expect(result.errors.hasPrefix("listkernel-demo: ") && result.errors.hasSuffix("\n"))
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test func aBadDataFileIsOneLineNamingTheFileAndStatusTwo() throws {
        try withTemporaryDirectory { directory in
            let path = try writeFixture("[{\"title\": \"a\", \"items\": [1]}]", named: "bad.json", in: directory)
            let result = DemoMainTests.run(["--data", path])
            #expect(result.status == 2 && result.output.isEmpty)
            #expect(result.errors == "listkernel-demo: \(path):1:27: [0].items[0] (section \"a\"): expected a string or an object with \"title\", found a number\n")
            let missing = DemoMainTests.run(["--data", directory.appendingPathComponent("none.plist").path])
            #expect(missing.status == 2)
            #expect(missing.errors == "listkernel-demo: \(directory.appendingPathComponent("none.plist").path): no such file\n")
        }
    }

    @Test func offATerminalTheFirstScreenIsPrintedAsPlainText() throws {
        let text = """
            [{"title": "魏", "items": ["张辽", {"title": "李典", "detail": "d"}]},
             {"title": "越", "items": []},
             {"title": "吴", "items": ["周瑜"], "collapsed": true}]
            """
        try withTemporaryDirectory { directory in
            let path = try writeFixture(text, named: "kingdoms.json", in: directory)
            let result = DemoMainTests.run(["--data", path, "--size", "24x7"])
            #expect(result.status == 0 && result.errors.isEmpty)
            // 越 is empty and unfolded: its footer says so. 吴 (folded) is below the fold.
            #expect(screenLines(result.output) == [
                line("> ▾ 魏 (2)", columns: 24),
                line("    张辽", columns: 24),
                line("    李典", "+ ", columns: 24),
                line("  ▾ 越 (0)", columns: 24),
                line("    (no items)", columns: 24),
                line(" 3 sections · 3…", "0.0 µs ", columns: 24),
                line(" ↑↓ PgUp/Dn g/G · enter…", columns: 24),
            ])
            #expect(result.output.hasSuffix("enter…\n"))
        }
    }

    @Test func aMillionRowListPrintsItsFirstScreen() {
        let result = DemoMainTests.run(["--generate", "10000x100", "--size", "70x5"])
        #expect(result.status == 0)
        #expect(screenLines(result.output) == [
            line("> ▾ Section 0 (100)", columns: 70),
            line("    Row 0.0", "+ ", columns: 70),
            line("    Row 0.1", columns: 70),
            line(" 10000 sections · 1000000 rows · 1-3/1010000 · views 3/0", "0.0 µs ", columns: 70),
            line(" ↑↓ PgUp/Dn g/G · enter fold/open · c/e all · /find · q quit", columns: 70),
        ])
    }

    @Test func theScriptRunsOnTheDefaultScreenAndStopsAtQ() {
        let result = DemoMainTests.run(["--script", "down enter q down"])
        #expect(result.status == 0)
        let lines = screenLines(result.output)
        #expect(lines.count == 24)
        #expect(lines[0] == line("  ▾ 000 Apple Products › iPhone (3)", columns: 80))
        #expect(lines[1] == line(">   iPhone 15 Pro", "- ", columns: 80))
        #expect(lines[2] == line("      A17 Pro, titanium", columns: 80))
        #expect(lines[22].hasPrefix(" 17 sections · 46 rows · lines 1-22 of 46 · views 22 new, 0 reused"))
    }

    @Test func framesPrintsEveryScreenAfterASeparatorLine() {
        let result = DemoMainTests.run(["--script", "down q j", "--frames", "--size", "40x6"])
        #expect(result.status == 0)
        let lines = screenLines(result.output)
        #expect(lines.count == 2 * 7)
        #expect(lines[0] == "--- frame 0 ---")
        #expect(lines[1] == line("> ▾ 000 Apple Products › iPhone (3)", columns: 40))
        #expect(lines[7] == "--- frame 1: down ---")
        #expect(lines[8] == line("  ▾ 000 Apple Products › iPhone (3)", columns: 40))
        #expect(lines[9] == line(">   iPhone 15 Pro", "+ ", columns: 40))
        #expect(lines.filter { $0.hasPrefix("--- frame ") }.count == 2)

        let single = DemoMainTests.run(["--frames", "--size", "40x6"])
        #expect(screenLines(single.output).count == 7 && single.output.hasPrefix("--- frame 0 ---\n"))
    }
}
