import BenchmarkKit
import Foundation

/// `--scaling`: every core operation over sizes spanning four decades, in one run; a table
/// and the fitted growth per operation, a summary, and the log–log chart.
enum ScalingRunner {
    /// One operation's points and fits.
    struct Analysis {
        let operation: ScalingOperation
        let points: [ScalingPoint]
        /// Every model fitted to the medians, slowest first.
        let fits: [GrowthFit]
        /// The growth the medians show (the slowest adequate model).
        let best: GrowthFit?
        let logLogSlope: Double?
        /// For an operation judged in reads: the log–log slope of its cost in 64 MB reads
        /// (`random_read_64mb_ns`) from `readsJudgedFrom` up; 0 is flat.
        let memoryReadsSlope: Double?

        /// For an operation judged in reads: `a + b·log₂n + c·read(n)`, where `read(n)` is
        /// the floor read at each size; `c` counts the reads it waits for.
        let memoryFit: TermsFit?

        /// Whether the best model leaves the medians within `cleanFit` of its curve.
        var fitsCleanly: Bool { (best?.error ?? .infinity) <= ScalingRunner.cleanFit }

        /// Whether the medians grow no faster than documented.
        var fitsDocumentation: Bool { best.map { $0.model <= operation.documented } ?? false }
    }

    /// The size from which the issue asks a random lookup to be flat in reads that go to
    /// memory: 100,000 rows (1,000 sections of 100). Below it the whole layout sits in the
    /// caches.
    /// The largest RMS relative error of a fit called clean: above it no curve of the four
    /// follows the medians (typically an operation whose reads get dearer as the structure
    /// outgrows each cache).
    static let cleanFit = 0.15

    static func readsJudgedFrom(_ axis: SizeAxis) -> Int { axis == .sections ? 1_000 : 100_000 }

    static func run(_ options: BenchOptions) -> Int32 {
        let groups = scalingGroups().compactMap { group -> ScalingGroup? in
            let operations = group.operations.filter { operation in
                options.filters.isEmpty || options.filters.contains { word in
                    operation.title.localizedLowercaseContains(word) || operation.key.localizedLowercaseContains(word)
                        || operation.label.localizedLowercaseContains(word)
                }
            }
            return operations.isEmpty ? nil : group
        }
        guard !groups.isEmpty else {
            BenchRunner.printError("listkernel-bench: no scaling operation matches \(options.filters)")
            return 2
        }
        let svgPath = options.svgPath ?? (options.quick ? ".build/scaling-quick.svg" : "Docs/images/scaling.svg")
        let started = monotonicNanoseconds()
        let measurer = ScalingMeasurer(quick: options.quick)
        let memoryRead = measurer.batches(operations: 1_000_000) { blackHole(measurer.memory.follow(1_000_000)) }

        var points: [String: [ScalingPoint]] = [:]
        for group in groups {
            for size in options.quick ? group.quickSizes : group.sizes {
                let names = group.operations.map(\.label).joined(separator: ", ")
                BenchRunner.printError("scaling: \(names) at \(grouped(size)) \(group.operations[0].axis.rawValue)")
                for (key, point) in group.measure(size, measurer) { points[key, default: []].append(point) }
            }
        }
        let operations = groups.flatMap(\.operations).filter { points[$0.key] != nil }
        let analyses = operations.map { analyze($0, points[$0.key] ?? []) }
        let seconds = Double(monotonicNanoseconds() - started) / 1e9

        let machine = MachineFacts.current()
        let chart = chart(analyses, machine: machine, memoryRead: memoryRead.median, quick: options.quick)
        var chartError: String?
        do {
            let url = URL(fileURLWithPath: svgPath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try chart.svg().write(to: url, atomically: true, encoding: .utf8)
        } catch {
            chartError = "listkernel-bench: could not write the chart to \(svgPath): \(error.localizedDescription)"
        }

        switch options.output {
        case .json:
            print(JSONValue.object(jsonMetrics(analyses, memoryRead: memoryRead).map { ($0.0, .number($0.1.median)) }).text)
        case .jsonFull:
            print(fullJSON(analyses, memoryRead: memoryRead, quick: options.quick, seconds: seconds).text)
        case .table:
            print("Scaling run, \(BenchRunner.isoDate()), \(machine.summary)")
            print("random_read_64mb_ns (one read that misses every cache): \(format(memoryRead.median)) ns, runs \(format(memoryRead.minimum)) – \(format(memoryRead.maximum))")
            print("floor read: one dependent random read in a buffer as large as the layout at that size (its heap storage)\n")
            for analysis in analyses { printOperation(analysis) }
            printSummary(analyses)
            print("(\(format(seconds, decimals: 0)) s; chart: \(svgPath)\(options.quick ? "; quick pass: reduced sizes, not the figures of record" : ""))")
        }
        if let chartError {
            BenchRunner.printError(chartError)
            return 1
        }
        return 0
    }

    static func analyze(_ operation: ScalingOperation, _ points: [ScalingPoint]) -> Analysis {
        let sizes = points.map { Double($0.size) }
        let costs = points.map(\.cost.median)
        let fits = GrowthFit.all(sizes: sizes, costs: costs)
        let judged = points.filter { $0.size >= readsJudgedFrom(operation.axis) && $0.memoryReads != nil }
        return Analysis(
            operation: operation,
            points: points,
            fits: fits,
            best: GrowthFit.best(of: fits),
            logLogSlope: GrowthFit.logLogSlope(sizes: sizes, costs: costs),
            memoryReadsSlope: operation.judgedInReads
                ? GrowthFit.logLogSlope(sizes: judged.map { Double($0.size) }, costs: judged.map { $0.memoryReads!.median })
                : nil,
            memoryFit: operation.judgedInReads
                ? TermsFit(
                    terms: points.compactMap { point in point.floor.map { [1, log2(Double(point.size)), $0.median] } },
                    costs: points.compactMap { point in point.floor == nil ? nil : point.cost.median }
                )
                : nil
        )
    }

    // MARK: Printing

    static func printOperation(_ analysis: Analysis) {
        let operation = analysis.operation
        print("\(operation.title) — documented \(operation.documentedText)")
        var header = operation.axis.rawValue.leftPadding(12) + "  " + "median".leftPadding(10) + "  " + "min – max".leftPadding(21) + "  " + "MAD".leftPadding(6)
        if operation.judgedInReads {
            header += "  " + "layout".leftPadding(9) + "  " + "floor read".leftPadding(10) + "  " + "reads/call".leftPadding(10) + "  " + "64 MB reads".leftPadding(11)
        }
        print(header)
        for point in analysis.points {
            var line = grouped(point.size).leftPadding(12) + "  " + duration(point.cost.median).leftPadding(10) + "  "
                + (duration(point.cost.minimum) + " – " + duration(point.cost.maximum)).leftPadding(21) + "  "
                + ("±" + format(point.cost.relativeDeviation * 100, decimals: 1) + "%").leftPadding(6)
            if let floor = point.floor, let reads = point.reads, let memoryReads = point.memoryReads {
                line += "  " + bytes(point.footprint ?? 0).leftPadding(9) + "  " + duration(floor.median).leftPadding(10) + "  " + format(reads.median, decimals: 2).leftPadding(10)
                    + "  " + format(memoryReads.median, decimals: 2).leftPadding(11)
            }
            print(line)
        }
        if let best = analysis.best {
            let others = analysis.fits.filter { $0.model != best.model }
                .map { "\($0.model.notation) \(format($0.error * 100, decimals: 0))%" }.joined(separator: ", ")
            print("  fit: \(describe(best)), error \(format(best.error * 100, decimals: 1))%\(analysis.fitsCleanly ? "" : " (no curve fits cleanly)")  (others: \(others))")
            print("  log-log slope \(format(analysis.logLogSlope ?? .nan, decimals: 2)); \(verdict(analysis))"
                + (analysis.fitsCleanly ? "" : operation.judgedInReads ? ": see the floor read and the 64 MB reads" : ""))
        }
        if let memory = analysis.memoryFit {
            let c = memory.coefficients
            print("  with the floor read: \(format(c[0], decimals: 1)) ns + \(format(c[1], decimals: 2)) ns·log₂n + \(format(c[2], decimals: 2)) × read(n), error \(format(memory.error * 100, decimals: 1))%")
        }
        if let slope = analysis.memoryReadsSlope {
            print("  in 64 MB reads from \(grouped(readsJudgedFrom(operation.axis))) \(operation.axis.rawValue) up: log-log slope \(format(slope, decimals: 2)) (0 is flat)")
        }
        print("")
    }

    static func printSummary(_ analyses: [Analysis]) {
        print("Fitted growth")
        print("operation".padding(28) + "sizes".padding(18) + "documented".padding(22) + "fitted".padding(12) + "error".leftPadding(8) + "  slope" + "  verdict")
        for analysis in analyses {
            let sizes = analysis.points.map(\.size)
            let range = "\(compact(sizes.min() ?? 0))–\(compact(sizes.max() ?? 0)) \(analysis.operation.axis.rawValue)"
            let best = analysis.best
            var line = analysis.operation.label.padding(28) + range.padding(18) + analysis.operation.documentedText.padding(22)
            line += (best?.model.notation ?? "-").padding(12)
            line += (best.map { format($0.error * 100, decimals: 1) + "%" + (analysis.fitsCleanly ? " " : "*") } ?? "-").leftPadding(8)
            line += "  " + format(analysis.logLogSlope ?? .nan, decimals: 2).leftPadding(5)
            line += "  " + verdict(analysis)
            if let slope = analysis.memoryReadsSlope {
                line += "; 64 MB reads from \(compact(readsJudgedFrom(analysis.operation.axis))): slope \(format(slope, decimals: 2))"
            }
            print(line)
        }
        print("(* no curve fits cleanly: RMS error above \(format(cleanFit * 100, decimals: 0))%)\n")
    }

    /// "fits the documented curve", "grows faster than documented", or, when no curve fits
    /// cleanly, says so (and that the operation is memory-bound, when it is judged in reads).
    static func verdict(_ analysis: Analysis) -> String {
        if !(analysis.fitsCleanly && analysis.fitsDocumentation), let memory = analysis.memoryFit,
           memory.error <= cleanFit, analysis.operation.documented <= .logarithmic {
            return "fits the documented growth plus \(format(memory.coefficients[2], decimals: 1)) reads of its memory"
        }
        guard analysis.fitsCleanly else {
            return "no clean fit" + (analysis.operation.judgedInReads ? " (memory-bound)" : "")
        }
        return analysis.fitsDocumentation ? "fits the documented growth" : "GROWS FASTER THAN DOCUMENTED (\(analysis.operation.documentedText))"
    }

    static func describe(_ fit: GrowthFit) -> String {
        switch fit.model {
        case .constant: "\(fit.model.notation) ≈ \(duration(fit.intercept))"
        case .logarithmic: "\(fit.model.notation): \(format(fit.intercept, decimals: 2)) + \(format(fit.slope, decimals: 3))·log₂n"
        case .linear: "\(fit.model.notation): \(format(fit.intercept, decimals: 2)) + \(scientific(fit.slope))·n"
        case .linearithmic: "\(fit.model.notation): \(format(fit.intercept, decimals: 2)) + \(scientific(fit.slope))·n·log₂n"
        }
    }

    // MARK: Chart and JSON

    static func chart(_ analyses: [Analysis], machine: MachineFacts, memoryRead: Double, quick: Bool) -> ScalingChart {
        var chart = ScalingChart(
            title: "ListKernel: cost per operation as the list grows" + (quick ? " (quick pass)" : ""),
            subtitle: "\(BenchRunner.isoDate().prefix(10)) · \(machine.cpuModel ?? "unknown CPU"), \(machine.logicalCPUs.map { "\($0) CPUs" } ?? "") · median of the runs at each size"
        )
        for analysis in analyses {
            let style: ScalingChart.LineStyle = analysis.operation.axis == .rows ? .solid : .dashed
            chart.series.append(.init(
                name: analysis.operation.label + " — fit " + (analysis.best?.model.notation ?? "?"),
                points: analysis.points.map { .init(size: Double($0.size), cost: $0.cost.median) },
                style: style
            ))
        }
        if let lookup = analyses.first(where: { $0.operation.key == "offset_lookup_random" }) {
            chart.series.append(.init(
                name: "one dependent read in memory the layout's size",
                points: lookup.points.compactMap { point in point.floor.map { .init(size: Double(point.size), cost: $0.median) } },
                style: .dotted,
                color: "#555555"
            ))
        }
        return chart
    }

    /// Every figure of the run by JSON name: `<key>_ns@<size>`, `<key>_reads@<size>`,
    /// `<key>_memory_reads@<size>`, `<key>_floor_ns@<size>`, and `random_read_64mb_ns`.
    static func jsonMetrics(_ analyses: [Analysis], memoryRead: SampleSummary) -> [(String, SampleSummary)] {
        var metrics: [(String, SampleSummary)] = [("random_read_64mb_ns", memoryRead)]
        for analysis in analyses {
            for point in analysis.points {
                let key = analysis.operation.key
                metrics.append(("\(key)_ns@\(point.size)", point.cost))
                if let floor = point.floor { metrics.append(("\(key)_floor_ns@\(point.size)", floor)) }
                if let reads = point.reads { metrics.append(("\(key)_reads@\(point.size)", reads)) }
                if let memoryReads = point.memoryReads { metrics.append(("\(key)_memory_reads@\(point.size)", memoryReads)) }
            }
        }
        return metrics
    }

    static func fullJSON(_ analyses: [Analysis], memoryRead: SampleSummary, quick: Bool, seconds: Double) -> JSONValue {
        let results = jsonMetrics(analyses, memoryRead: memoryRead).map { name, summary in
            BenchResult(name: name, value: summary.median, unit: name.hasSuffix("reads") || name.contains("reads@") ? "reads" : "ns", spread: summary)
        }
        let fits: [(String, JSONValue)] = analyses.map { analysis in
            var fields: [(String, JSONValue)] = [
                ("axis", .string(analysis.operation.axis.rawValue)),
                ("documented", .string(analysis.operation.documentedText)),
                ("documented_model", .string(analysis.operation.documented.notation)),
                ("fitted", analysis.best.map { .string($0.model.notation) } ?? .null),
                ("intercept_ns", analysis.best.map { .number($0.intercept) } ?? .null),
                ("slope_ns", analysis.best.map { .number($0.slope) } ?? .null),
                ("error", analysis.best.map { .number($0.error) } ?? .null),
                ("loglog_slope", analysis.logLogSlope.map(JSONValue.number) ?? .null),
                ("fits_documentation", .bool(analysis.fitsDocumentation)),
                ("fits_cleanly", .bool(analysis.fitsCleanly)),
                ("errors", .object(analysis.fits.map { ($0.model.notation, .number($0.error)) })),
            ]
            if let memory = analysis.memoryFit {
                fields.append(("with_floor_read", .object([
                    ("fixed_ns", .number(memory.coefficients[0])),
                    ("per_log2n_ns", .number(memory.coefficients[1])),
                    ("reads", .number(memory.coefficients[2])),
                    ("error", .number(memory.error)),
                ])))
            }
            if let slope = analysis.memoryReadsSlope {
                fields.append(("memory_reads_loglog_slope", .number(slope)))
                fields.append(("memory_reads_judged_from", .number(Double(readsJudgedFrom(analysis.operation.axis)))))
            }
            return (analysis.operation.key, .object(fields))
        }
        return BenchRunner.fullJSON(results, quick: quick, extra: [("seconds", .number(seconds)), ("fits", .object(fits))])
    }

    // MARK: Formatting

    /// 1234567 → "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// 1000 → "1k", 10_000_000 → "10M".
    static func compact(_ value: Int) -> String {
        if value >= 1_000_000, value % 1_000_000 == 0 { return "\(value / 1_000_000)M" }
        if value >= 1_000, value % 1_000 == 0 { return "\(value / 1_000)k" }
        return "\(value)"
    }

    /// Nanoseconds in the largest unit that keeps a whole part: "812 ns", "3.41 µs", "12.9 ms".
    static func duration(_ nanoseconds: Double) -> String {
        guard nanoseconds.isFinite else { return "-" }
        let (value, unit): (Double, String) = switch abs(nanoseconds) {
        case ..<1_000: (nanoseconds, "ns")
        case ..<1_000_000: (nanoseconds / 1_000, "µs")
        case ..<1_000_000_000: (nanoseconds / 1_000_000, "ms")
        default: (nanoseconds / 1_000_000_000, "s")
        }
        let decimals = abs(value) >= 100 ? 0 : (abs(value) >= 10 ? 1 : 2)
        return format(value, decimals: decimals) + " " + unit
    }

    /// Bytes as "4 KB", "1.2 MB", "88 MB".
    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        let (kilo, mega, giga) = (1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024)
        if value >= giga { return format(value / giga, decimals: 1) + " GB" }
        if value >= 10 * mega { return format(value / mega, decimals: 0) + " MB" }
        if value >= mega { return format(value / mega, decimals: 1) + " MB" }
        return format(value / kilo, decimals: 0) + " KB"
    }

    static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "-" }
        return String(format: "%.\(decimals)f", value)
    }

    static func scientific(_ value: Double) -> String { String(format: "%.3g", value) }
}

extension String {
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
