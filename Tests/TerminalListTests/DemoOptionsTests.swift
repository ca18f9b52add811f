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
        (["--generate", "100000x100000"], "--generate 100000x100000: more rows than the limit of 100000000"),
        (["--generate", "99999999999999999999x1"], "--generate 99999999999999999999x1: more rows than the limit of 100000000"),
        (["--size", "80"], "--size \"80\": expected COLSxROWS, e.g. 80x24"),
        (["--size", "0x24"], "--size 0x24: columns and rows must be between 1 and 10000"),
        (["--frames=yes"], "--frames takes no value"),
        (["--script", "down bogus"], "--script: unknown key name \"bogus\" (word 2); known names: down up j k pgdn pgup home end g G enter c e q /TEXT"),
    ] as [([String], String)])
    func aBadCommandLineIsOneLineNamingTheArgument(arguments: [String], message: String) {
        #expect(DemoOptionsTests.error(arguments) == message)
    }
}
