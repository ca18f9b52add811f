import ListKernel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the command line, refuses debug builds, runs the selected scenarios and prints a
/// table or one JSON object.
enum BenchRunner {
    static let usage = """
        usage: listkernel-bench [--quick] [--json] [--filter WORD]... | [--stress N] [--twins M]
          --quick        every scenario at reduced size (a smoke pass, well under a minute)
          --json         print one JSON object {"metric": median, ...} on stdout
          --filter WORD  run only scenarios whose title or metric names contain WORD
          --stress N     N random operations through the stale-state auditor instead; exits 1 on a failure
          --twins M      M random operations on each correct twin of the auditor's message-list bug classes
        """

    static func main(arguments: [String], scenarios: [Scenario]) -> Int32 {
        var quick = false
        var json = false
        var filters: [String] = []
        var stress: Int?
        var twins: Int?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--quick": quick = true
            case "--json": json = true
            case "--filter":
                index += 1
                guard index < arguments.count else {
                    printError("listkernel-bench: --filter needs a word\n\(usage)")
                    return 2
                }
                filters.append(arguments[index])
            case "--stress":
                index += 1
                guard index < arguments.count, let count = Int(arguments[index]) else {
                    printError("listkernel-bench: --stress needs a number of operations\n\(usage)")
                    return 2
                }
                stress = count
            case "--twins":
                index += 1
                guard index < arguments.count, let count = Int(arguments[index]) else {
                    printError("listkernel-bench: --twins needs a number of operations\n\(usage)")
                    return 2
                }
                twins = count
            case "--help", "-h":
                print(usage)
                return 0
            default:
                printError("listkernel-bench: unknown argument '\(arguments[index])'\n\(usage)")
                return 2
            }
            index += 1
        }

        if stress != nil || twins != nil {
            var status: Int32 = 0
            if let stress { status = max(status, StressRunner.run(operations: stress)) }
            if let twins { status = max(status, StressRunner.runTwins(operationsEach: twins)) }
            return status
        }

        if _isDebugAssertConfiguration() || listKernelInvariantChecksEnabled {
            printError("""
                listkernel-bench: refusing to report: this is a debug build or invariant checks are \
                compiled in, so the figures would not mean anything. Run: swift run -c release listkernel-bench
                """)
            return 3
        }

        let selected = scenarios.filter { scenario in
            filters.isEmpty || filters.contains { word in
                scenario.title.localizedLowercaseContains(word)
                    || scenario.metrics.contains { $0.localizedLowercaseContains(word) }
            }
        }
        if selected.isEmpty {
            printError("listkernel-bench: no scenario matches \(filters)")
            return 2
        }

        var context = BenchContext(quick: quick)
        for scenario in selected {
            if !json { printError("running: \(scenario.title)") }
            scenario.body(&context)
        }

        if json {
            let fields = context.results.map { "\"\($0.name)\": \(formatNumber($0.value))" }
            print("{" + fields.joined(separator: ", ") + "}")
        } else {
            let width = max(6, context.results.map(\.name.count).max() ?? 0)
            print("metric".padding(width) + "  median")
            print(String(repeating: "-", count: width + 16))
            for result in context.results {
                print(result.name.padding(width) + "  " + formatNumber(result.value) + " " + result.unit)
            }
            if quick { print("(quick pass: reduced sizes, not the figures of record)") }
        }
        return 0
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
