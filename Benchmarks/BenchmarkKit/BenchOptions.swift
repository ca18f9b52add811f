/// What `listkernel-bench`'s command line asks for, parsed without side effects so that every
/// mistake becomes a message (and exit status 2) instead of a trap.
///
/// ```swift
/// switch BenchOptions.parse(["--scaling", "--json-full"]) {
/// case .success(let options): print(options.scaling, options.output)   // true jsonFull
/// case .failure(.help): print(BenchOptions.usage)
/// case .failure(.error(let message)): print(message)
/// }
/// ```
package struct BenchOptions: Equatable, Sendable {
    /// How results are printed.
    package enum Output: Equatable, Sendable {
        /// A table with each metric's spread.
        case table
        /// One JSON object, metric → median.
        case json
        /// One JSON object with each metric's spread and the machine's facts.
        case jsonFull
    }

    /// Why `parse` returned no options.
    package enum Exit: Error, Equatable {
        /// `--help` or `-h`: print `usage` and exit 0.
        case help
        /// A mistake, described for the user: print it with `usage` and exit 2.
        case error(String)
    }

    /// `--quick`: reduced sizes.
    package var quick = false
    /// `--json` or `--json-full`, else the table.
    package var output = Output.table
    /// `--filter WORD`, each given.
    package var filters: [String] = []
    /// `--stress N`: the number of operations.
    package var stress: Int?
    /// `--twins M`: the number of operations on each correct twin.
    package var twins: Int?
    /// `--scaling`.
    package var scaling = false
    /// `--svg PATH`.
    package var svgPath: String?

    /// Options with every flag off.
    ///
    /// - Complexity: O(1).
    package init() {}

    /// The usage text.
    package static let usage = """
        usage: listkernel-bench [--quick] [--json | --json-full] [--filter WORD]...
               listkernel-bench --scaling [--quick] [--json | --json-full] [--filter WORD]... [--svg PATH]
               listkernel-bench [--stress N] [--twins M]
          --quick        every scenario at reduced size (a smoke pass, well under a minute)
          --json         print one JSON object {"metric": median, ...} on stdout
          --json-full    print one JSON object with each metric's median, min, max and median
                         absolute deviation, the date, and the machine (CPU, cores, caches)
          --filter WORD  run only scenarios (or scaling operations) whose title or metric
                         names contain WORD
          --scaling      measure each core operation over sizes spanning four decades, fit its
                         growth (constant, log n, n, n log n) and draw the log-log chart
          --svg PATH     where --scaling writes its chart (default Docs/scaling.svg;
                         .build/scaling-quick.svg with --quick)
          --stress N     N random operations through the stale-state auditor instead; exits 1 on a failure
          --twins M      M random operations on each correct twin of the auditor's message-list
                         bug classes; exits 1 on a failure
        """

    /// Parses `arguments` (without the program's name).
    ///
    /// - Returns: the options, `.help` for `--help`, or `.error` naming the mistake: an
    ///   unknown flag, a flag missing its value (a value may not start with `--`), a count
    ///   that is not a positive whole number, `--json` with `--json-full`, `--stress` or
    ///   `--twins` with another flag but each other, `--svg` without `--scaling`.
    /// - Complexity: O(arguments).
    package static func parse(_ arguments: [String]) -> Result<BenchOptions, Exit> {
        var options = BenchOptions()
        var index = 0
        /// The value after `arguments[index]`, or nil when there is none or it is a flag.
        func value() -> String? {
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else { return nil }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick": options.quick = true
            case "--json", "--json-full":
                let output: Output = argument == "--json" ? .json : .jsonFull
                if options.output != .table, options.output != output {
                    return .failure(.error("--json and --json-full are exclusive: pick one"))
                }
                options.output = output
            case "--filter":
                guard let word = value(), !word.isEmpty else { return .failure(.error("--filter needs a word")) }
                options.filters.append(word)
            case "--stress":
                guard let text = value() else { return .failure(.error("--stress needs a number of operations")) }
                guard let count = Int(text), count > 0 else {
                    return .failure(.error("--stress needs a positive whole number of operations, not '\(text)'"))
                }
                options.stress = count
            case "--twins":
                guard let text = value() else { return .failure(.error("--twins needs a number of operations")) }
                guard let count = Int(text), count > 0 else {
                    return .failure(.error("--twins needs a positive whole number of operations, not '\(text)'"))
                }
                options.twins = count
            case "--scaling": options.scaling = true
            case "--svg":
                guard let path = value(), !path.isEmpty else { return .failure(.error("--svg needs a file path")) }
                options.svgPath = path
            case "--help", "-h": return .failure(.help)
            default: return .failure(.error("unknown argument '\(argument)'"))
            }
            index += 1
        }
        if options.stress != nil || options.twins != nil,
           options.scaling || options.output != .table || options.quick || !options.filters.isEmpty || options.svgPath != nil {
            return .failure(.error("--stress and --twins run alone: they take no other flag but each other"))
        }
        if options.svgPath != nil, !options.scaling { return .failure(.error("--svg goes with --scaling")) }
        return .success(options)
    }
}
