import Testing
@testable import BenchmarkKit

/// The bench's command line: every mistake is a message (exit status 2), never a trap.
@Suite struct BenchOptionsTests {
    static func options(_ arguments: [String]) -> BenchOptions? {
        if case .success(let options) = BenchOptions.parse(arguments) { return options }
        return nil
    }

    static func error(_ arguments: [String]) -> String? {
        if case .failure(.error(let message)) = BenchOptions.parse(arguments) { return message }
        return nil
    }

    @Test func flagsCombineAsTheUsageSays() throws {
        let none = try #require(BenchOptionsTests.options([]))
        #expect(none == BenchOptions())
        let scaling = try #require(BenchOptionsTests.options(["--scaling", "--quick", "--json-full", "--filter", "diff", "--filter", "lookup", "--svg", "/tmp/x.svg"]))
        #expect(scaling.scaling && scaling.quick && scaling.output == .jsonFull)
        #expect(scaling.filters == ["diff", "lookup"])
        #expect(scaling.svgPath == "/tmp/x.svg")
        #expect(BenchOptionsTests.options(["--json", "--json"])?.output == .json)
        #expect(BenchOptionsTests.options(["--stress", "1000"])?.stress == 1_000)
        let both = try #require(BenchOptionsTests.options(["--stress", "1000", "--twins", "500"]))
        #expect(both.stress == 1_000 && both.twins == 500)
    }

    @Test func helpIsNotAnError() {
        #expect(BenchOptions.parse(["--help"]) == .failure(.help))
        #expect(BenchOptions.parse(["--quick", "-h"]) == .failure(.help))
    }

    @Test func everyMistakeIsNamed() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown argument '--bogus'"),
            (["quick"], "unknown argument 'quick'"),
            (["--filter"], "--filter needs a word"),
            (["--filter", ""], "--filter needs a word"),
            (["--filter", "--quick"], "--filter needs a word"),
            (["--stress"], "--stress needs a number of operations"),
            (["--stress", "many"], "--stress needs a positive whole number of operations, not 'many'"),
            (["--stress", "0"], "--stress needs a positive whole number of operations, not '0'"),
            (["--stress", "-5"], "--stress needs a positive whole number of operations, not '-5'"),
            (["--stress", "99999999999999999999"], "--stress needs a positive whole number of operations, not '99999999999999999999'"),
            (["--stress", "10", "--quick"], "--stress and --twins run alone: they take no other flag but each other"),
            (["--twins", "10", "--json"], "--stress and --twins run alone: they take no other flag but each other"),
            (["--twins"], "--twins needs a number of operations"),
            (["--twins", "0"], "--twins needs a positive whole number of operations, not '0'"),
            (["--json", "--json-full"], "--json and --json-full are exclusive: pick one"),
            (["--svg", "x.svg"], "--svg goes with --scaling"),
            (["--scaling", "--svg"], "--svg needs a file path"),
        ]
        for (arguments, message) in cases {
            #expect(BenchOptionsTests.error(arguments) == message, "\(arguments)")
        }
    }

    @Test func theUsageNamesEveryFlag() {
        for flag in ["--quick", "--json", "--json-full", "--filter", "--scaling", "--svg", "--stress", "--twins"] {
            #expect(BenchOptions.usage.contains(flag))
        }
    }
}
