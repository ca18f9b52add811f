import Testing
import TerminalList

struct DemoOptionsTests {
    static func error(_ arguments: [String]) -> String? {
        do throws(DemoOptionsError) {
            _ = try DemoOptions.parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func noArgumentsMeanTheBuiltInListDrivenByTheKeyboard() throws {
        let options = try DemoOptions.parse([])
        #expect(options.dataSource == .builtIn)
        #expect(options.script == nil && options.size == nil && !options.printsEveryFrame && !options.showsHelp)
    }

    @Test func everyOptionIsParsed() throws {
        let options = try DemoOptions.parse(["--data", "三国.json", "--script", "j j enter /张 q", "--size", "100x30", "--frames"])
        #expect(options.dataSource == .file("三国.json"))
        #expect(options.script == [.moveDown, .moveDown, .activate, .search("张"), .quit])
        #expect(options.size == TerminalSize(columns: 100, rows: 30))
        #expect(options.printsEveryFrame)
    }

    @Test(arguments: ["10000x100", "10000X100", "10000×100"])
    func generateAcceptsEachSeparator(value: String) throws {
        #expect(try DemoOptions.parse(["--generate", value]).dataSource == .generated(sections: 10_000, itemsPerSection: 100))
    }

    @Test func optionValuesMayFollowAnEqualsSign() throws {
        let options = try DemoOptions.parse(["--generate=3x0", "--size=40×10", "--script=q"])
        #expect(options.dataSource == .generated(sections: 3, itemsPerSection: 0))
        #expect(options.size == TerminalSize(columns: 40, rows: 10))
        #expect(options.script == [.quit])
    }

    @Test func helpWinsOverEverythingElse() throws {
        #expect(try DemoOptions.parse(["--bogus", "--help"]).showsHelp)
        #expect(try DemoOptions.parse(["-h"]).showsHelp)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option \"--bogus\" (see --help)"),
        (["data.json"], "unexpected argument \"data.json\" (see --help)"),
        (["--data"], "--data needs a value (see --help)"),
        (["--data="], "--data needs a file name"),
        (["--size", "80x24", "--size", "80x25"], "--size is given twice"),
        (["--data", "a.json", "--generate", "2x2"], "--data and --generate can't be used together"),
        (["--generate", "10x"], "--generate \"10x\": expected SECTIONSxROWS, e.g. 10000x100"),
        (["--generate", "-1x5"], "--generate \"-1x5\": expected SECTIONSxROWS, e.g. 10000x100"),
        (["--generate", "1000000000x0"], "--generate 1000000000x0: needs about 488314 MiB (512 B a section, 8 B a row, 32 MiB more), over the limit of 1024 MiB; at most 2031616 sections of 0 rows fit"),
        (["--generate", "100000000x1"], "--generate 100000000x1: needs about 49624 MiB (512 B a section, 8 B a row, 32 MiB more), over the limit of 1024 MiB; at most 2000360 sections of 1 row fit"),
        (["--generate", "1x200000000"], "--generate 1x200000000: needs about 1558 MiB (512 B a section, 8 B a row, 32 MiB more), over the limit of 1024 MiB; one section holds at most 130023360 rows"),
        (["--generate", "99999999999999999999x1"], "--generate 99999999999999999999x1: needs more memory than can be counted (512 B a section, 8 B a row, 32 MiB more), over the limit of 1024 MiB; at most 2000360 sections of 1 row fit"),
        (["--generate", "2x99999999999999999999"], "--generate 2x99999999999999999999: needs more memory than can be counted (512 B a section, 8 B a row, 32 MiB more), over the limit of 1024 MiB; one section holds at most 130023360 rows"),
        (["--size", "80"], "--size \"80\": expected COLSxROWS, e.g. 80x24"),
        (["--size", "0x24"], "--size 0x24: columns must be 1 to 2000 and rows 1 to 1000"),
        (["--size", "2001x24"], "--size 2001x24: columns must be 1 to 2000 and rows 1 to 1000"),
        (["--size", "80x1001"], "--size 80x1001: columns must be 1 to 2000 and rows 1 to 1000"),
        (["--size", "65535x65535"], "--size 65535x65535: columns must be 1 to 2000 and rows 1 to 1000"),
        (["--frames=yes"], "--frames takes no value"),
        (["--script", "down bogus"], "--script: unknown key name \"bogus\" (word 2); known names: down up j k pgdn pgup home end g G enter right left l h c e esc q /TEXT"),
    ] as [([String], String)])
    func aBadCommandLineIsOneLineNamingTheArgument(arguments: [String], message: String) {
        #expect(DemoOptionsTests.error(arguments) == message)
    }
}

/// `--generate` refuses a world from its memory estimate, before anything is allocated:
/// these tests only parse, so the worlds refused here are never built.
struct GenerateLimitsTests {
    /// The estimate written out from its documented parts.
    static func estimate(_ sections: Int, _ rows: Int) -> Int { (32 << 20) + sections * 512 + sections * rows * 8 }

    @Test(arguments: [(0, 0), (10_000, 100), (10_000, 10_000), (2_031_616, 0), (1, 130_023_360), (1_000, 3)])
    func theEstimateIsTheDocumentedSum(sections: Int, rows: Int) {
        #expect(DemoOptions.estimatedGeneratedBytes(sections: sections, itemsPerSection: rows) == GenerateLimitsTests.estimate(sections, rows))
    }

    @Test func theLargestWorldsAreAcceptedAndOneMoreSectionOrRowIsRefused() throws {
        let limit = 1 << 30
        let sections = ((limit - (32 << 20)) / 512)
        let rows = ((limit - (32 << 20) - 512) / 8)
        #expect(GenerateLimitsTests.estimate(sections, 0) <= limit && GenerateLimitsTests.estimate(sections + 1, 0) > limit)
        #expect(try DemoOptions.parse(["--generate", "\(sections)x0"]).dataSource == .generated(sections: sections, itemsPerSection: 0))
        #expect(DemoOptionsTests.error(["--generate", "\(sections + 1)x0"])?.hasSuffix("at most \(sections) sections of 0 rows fit") == true)
        #expect(try DemoOptions.parse(["--generate", "1x\(rows)"]).dataSource == .generated(sections: 1, itemsPerSection: rows))
        #expect(DemoOptionsTests.error(["--generate", "1x\(rows + 1)"])?.hasSuffix("one section holds at most \(rows) rows") == true)
        // The README's and the worlds.
        #expect(try DemoOptions.parse(["--generate", "10000x10000"]).dataSource == .generated(sections: 10_000, itemsPerSection: 10_000))
    }

    @Test func overflowingSizesAreRefusedNotTrapped() {
        #expect(DemoOptions.estimatedGeneratedBytes(sections: Int.max, itemsPerSection: 2) == nil)
        #expect(DemoOptions.estimatedGeneratedBytes(sections: Int.max / 512 + 1, itemsPerSection: 0) == nil)
        #expect(DemoOptions.estimatedGeneratedBytes(sections: 1, itemsPerSection: Int.max / 8 + 1) == nil)
        #expect(DemoOptionsTests.error(["--generate", "\(Int.max)x\(Int.max)"])?.contains("needs more memory than can be counted") == true)
    }
}
