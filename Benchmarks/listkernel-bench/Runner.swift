import BenchmarkKit
import ListKernel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the command line, refuses debug builds, runs the selected scenarios (or the
/// scaling run) and prints a table or one JSON object.
enum BenchRunner {
    static func main(arguments: [String], scenarios: [Scenario]) -> Int32 {
        let options: BenchOptions
        switch BenchOptions.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(.help):
            print(BenchOptions.usage)
            return 0
        case .failure(.error(let message)):
            printError("listkernel-bench: \(message)\n\(BenchOptions.usage)")
            return 2
        }

        if options.stress != nil || options.twins != nil {
            var status: Int32 = 0
            if let stress = options.stress { status = max(status, StressRunner.run(operations: stress)) }
            if let twins = options.twins { status = max(status, StressRunner.runTwins(operationsEach: twins)) }
            return status
        }

        if _isDebugAssertConfiguration() || listKernelInvariantChecksEnabled {
            printError("""
                listkernel-bench: refusing to report: this is a debug build or invariant checks are \
                compiled in, so the figures would not mean anything. Run: swift run -c release listkernel-bench
                """)
            return 3
        }

        if options.scaling { return ScalingRunner.run(options) }

        let selected = scenarios.filter { scenario in
            options.filters.isEmpty || options.filters.contains { word in
                scenario.title.localizedLowercaseContains(word)
                    || scenario.metrics.contains { $0.localizedLowercaseContains(word) }
            }
        }
        if selected.isEmpty {
            printError("listkernel-bench: no scenario matches \(options.filters)")
            return 2
        }

        var context = BenchContext(quick: options.quick)
        for scenario in selected {
            if options.output == .table { printError("running: \(scenario.title)") }
            scenario.body(&context)
        }

        switch options.output {
        case .json:
            print(JSONValue.object(context.results.map { ($0.name, .number($0.value)) }).text)
        case .jsonFull:
            print(fullJSON(context.results, quick: options.quick, extra: []).text)
        case .table:
            printTable(context.results)
            if options.quick { print("(quick pass: reduced sizes, not the figures of record)") }
        }
        return 0
    }

    /// The metrics with their spread, the run's date and the machine's facts.
    static func fullJSON(_ results: [BenchResult], quick: Bool, extra: [(String, JSONValue)]) -> JSONValue {
        let metrics: [(String, JSONValue)] = results.map { result in
            var fields: [(String, JSONValue)] = [("median", .number(result.value)), ("unit", .string(result.unit))]
            if let spread = result.spread {
                fields += [
                    ("min", .number(spread.minimum)),
                    ("max", .number(spread.maximum)),
                    ("mad", .number(spread.medianAbsoluteDeviation)),
                    ("runs", .number(Double(spread.count))),
                ]
            }
            return (result.name, .object(fields))
        }
        return .object([
            ("date", .string(isoDate())),
            ("quick", .bool(quick)),
            ("machine", MachineFacts.current().json),
            ("metrics", .object(metrics)),
        ] + extra)
    }

    /// The results as a table: median, then the runs' range and median absolute deviation.
    static func printTable(_ results: [BenchResult]) {
        let width = max(6, results.map(\.name.count).max() ?? 0)
        let rows = results.map { result -> (String, String, String, String) in
            let median = formatNumber(result.value) + (result.unit.isEmpty ? "" : " " + result.unit)
            guard let spread = result.spread else { return (result.name, median, "", "") }
            let range = formatNumber(spread.minimum) + " – " + formatNumber(spread.maximum)
            let deviation = "±" + formatNumber((spread.relativeDeviation * 1000).rounded() / 10) + "%"
            return (result.name, median, range, deviation)
        }
        let medianWidth = max(6, rows.map(\.1.count).max() ?? 0)
        let rangeWidth = max(12, rows.map(\.2.count).max() ?? 0)
        print("metric".padding(width) + "  " + "median".padding(medianWidth) + "  " + "min – max".padding(rangeWidth) + "  MAD")
        print(String(repeating: "-", count: width + medianWidth + rangeWidth + 12))
        for row in rows {
            print(row.0.padding(width) + "  " + row.1.padding(medianWidth) + "  " + row.2.padding(rangeWidth) + "  " + row.3)
        }
        print("(min – max over the runs; MAD: median absolute deviation, as a share of the median)")
    }

    /// Today's date and time in UTC, ISO 8601.
    static func isoDate() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    static func formatNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let scaled = (value * 1000).rounded() / 1000
        return "\(scaled)"
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension String {
    func localizedLowercaseContains(_ word: String) -> Bool {
        lowercased().contains(word.lowercased())
    }

    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
