import Testing
import Foundation
import TerminalList

struct DemoMainTests {
    /// Runs the demo as if standard output were a file.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = DemoMain.run(arguments: arguments, outputIsTerminal: false,
                                  output: { output += $0 }, errorOutput: { errors += $0 })
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
            #expect(result.output == """
                ▾ 魏                  2 
                    张辽                
                    李典 +              
                ▾ 越                  0 
                ▸ 吴                  1 
                                        
                 listkernel-de… preview 

                """)
        }
    }

    @Test func aMillionRowListPrintsItsFirstScreen() {
        let result = DemoMainTests.run(["--generate", "10000x100", "--size", "50x5"])
        #expect(result.status == 0)
        #expect(result.output == """
            ▾ Section 0                                   100 
                Row 0.0 +                                     
                Row 0.1                                       
                Row 0.2                                       
             listkernel-demo  10000 sections · 10000… preview 

            """)
    }

    @Test func theBuiltInListFillsTheDefaultScreen() {
        let result = DemoMainTests.run(["--script", "down enter q"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 25)  // 24 lines, each ended by "\n"
        #expect(lines[0] == "▾ 000 Apple Products › iPhone" + String(repeating: " ", count: 49) + "3 ")
        #expect(lines[1] == "    iPhone 15 Pro +" + String(repeating: " ", count: 61))
    }
}
