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
        /// For an operation judged in reads: every model fitted to its cold cost in 64 MB
        /// reads (`ScalingPoint.coldMemoryReads`), and the slowest adequate one. This is the
        /// growth of the work itself: the reads it waits for, each at the price of memory.
        let coldFits: [GrowthFit]
        let coldBest: GrowthFit?
        /// For an operation judged in reads: the log–log slopes, from `readsJudgedFrom` up,
        /// of its warm and cold costs in 64 MB reads; 0 is flat.
        let memoryReadsSlope: Double?
        let coldReadsSlope: Double?

        /// Whether the best model leaves the medians within `cleanFit` of its curve.
        var fitsCleanly: Bool { (best?.error ?? .infinity) <= ScalingRunner.cleanFit }

        /// Whether the medians grow no faster than documented.
        var fitsDocumentation: Bool { best.map { $0.model <= operation.documented } ?? false }

        /// Whether the cold reads follow a curve within `cleanFit` that grows no faster than
        /// documented.
        var coldFitsDocumentation: Bool {
            guard let coldBest else { return false }
            return coldBest.error <= ScalingRunner.cleanFit && coldBest.model <= operation.documented
        }
    }

    /// The largest RMS relative error of a fit called clean: above it no curve of the four
    /// follows the medians (typically a warm operation whose reads get dearer as the
    /// structure outgrows each cache).
    static let cleanFit = 0.15

    /// The size from which the issue asks a random lookup to be flat in reads that go to
    /// memory: 100,000 rows (1,000 sections of 100).
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
        let svgPath = options.svgPath ?? (options.quick ? ".build/scaling-quick.svg" : "Docs/scaling.svg")
        let started = monotonicNanoseconds()
        let measurer = ScalingMeasurer(quick: options.quick)
        let chase = measurer.batches(size: measurer.memory.bytes, operations: 1_000_000) { blackHole(measurer.memory.follow(1_000_000)) }
        _ = chase.run()
        let memoryRead = SampleSummary((0..<measurer.runs).flatMap { _ in chase.run().costs })!

        var points: [String: [ScalingPoint]] = [:]
        for group in groups {
            let names = group.operations.map(\.label).joined(separator: ", ")
            let measured = measurer.measure(group, sizes: options.quick ? group.quickSizes : group.sizes) { size in
                BenchRunner.printError("scaling: preparing \(names) at \(grouped(size)) \(group.operations[0].axis.rawValue)")
            }
            points.merge(measured) { $0 + $1 }
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
            print("warm: every call on one structure; cold: every call on a random one of copies that fill 64 MB together, so each finds the caches as at 10M rows\n")
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
        let coldPoints = points.filter { $0.coldMemoryReads != nil }
        let coldFits = operation.judgedInReads
            ? GrowthFit.all(sizes: coldPoints.map { Double($0.size) }, costs: coldPoints.map { $0.coldMemoryReads!.median })
            : []
        let judged = coldPoints.filter { $0.size >= readsJudgedFrom(operation.axis) }
        func slope(_ reads: (ScalingPoint) -> SampleSummary?) -> Double? {
            operation.judgedInReads
                ? GrowthFit.logLogSlope(sizes: judged.map { Double($0.size) }, costs: judged.compactMap { reads($0)?.median })
                : nil
        }
        return Analysis(
            operation: operation,
            points: points,
            fits: fits,
            best: GrowthFit.best(of: fits),
            logLogSlope: GrowthFit.logLogSlope(sizes: sizes, costs: costs),
            coldFits: coldFits,
            coldBest: GrowthFit.best(of: coldFits),
            memoryReadsSlope: slope(\.memoryReads),
            coldReadsSlope: slope(\.coldMemoryReads)
        )
    }

    // MARK: Printing

    static func printOperation(_ analysis: Analysis) {
        let operation = analysis.operation
        print("\(operation.title) — documented \(operation.documentedText)")
        var header = operation.axis.rawValue.leftPadding(12) + "  " + "median".leftPadding(10) + "  " + "min – max".leftPadding(21) + "  " + "MAD".leftPadding(6)
        if operation.judgedInReads {
            header += "  " + "layout".leftPadding(8) + "  " + "64 MB reads".leftPadding(11) + "  " + "cold".leftPadding(9) + "  " + "cold reads".leftPadding(10) + "  " + "copies".leftPadding(6)
        }
        print(header)
        for point in analysis.points {
            var line = grouped(point.size).leftPadding(12) + "  " + duration(point.cost.median).leftPadding(10) + "  "
                + (duration(point.cost.minimum) + " – " + duration(point.cost.maximum)).leftPadding(21) + "  "
                + ("±" + format(point.cost.relativeDeviation * 100, decimals: 1) + "%").leftPadding(6)
            if let memoryReads = point.memoryReads, let cold = point.cold, let coldReads = point.coldMemoryReads {
                line += "  " + bytes(point.footprint ?? 0).leftPadding(8) + "  " + format(memoryReads.median, decimals: 2).leftPadding(11)
                    + "  " + duration(cold.median).leftPadding(9) + "  " + format(coldReads.median, decimals: 2).leftPadding(10)
                    + "  " + grouped(point.copies ?? 1).leftPadding(6)
            }
            print(line)
        }
        if let best = analysis.best {
            print("  warm fit: \(describe(best)), error \(format(best.error * 100, decimals: 1))%\(analysis.fitsCleanly ? "" : " (no curve fits cleanly)")  (others: \(others(analysis.fits, best)))")
        }
        if let coldBest = analysis.coldBest {
            print("  cold fit, in 64 MB reads: \(describe(coldBest, unit: " reads")), error \(format(coldBest.error * 100, decimals: 1))%  (others: \(others(analysis.coldFits, coldBest)))")
        }
        if let warm = analysis.memoryReadsSlope, let cold = analysis.coldReadsSlope {
            print("  in 64 MB reads from \(grouped(readsJudgedFrom(operation.axis))) \(operation.axis.rawValue) up: log-log slope \(format(cold, decimals: 2)) cold, \(format(warm, decimals: 2)) warm (0 is flat)")
        }
        print("  log-log slope \(format(analysis.logLogSlope ?? .nan, decimals: 2)); \(verdict(analysis))\n")
    }

    /// The other fits than `best`, as "O(1) 12%, O(n) 30%".
    static func others(_ fits: [GrowthFit], _ best: GrowthFit) -> String {
        fits.filter { $0.model != best.model }.map { "\($0.model.notation) \(format($0.error * 100, decimals: 0))%" }.joined(separator: ", ")
    }

    static func printSummary(_ analyses: [Analysis]) {
        print("Fitted growth (an operation judged in reads is fitted on its cold cost in 64 MB reads)")
        print("operation".padding(28) + "sizes".padding(18) + "documented".padding(22) + "fitted".padding(12) + "error".leftPadding(8) + "  slope" + "  verdict")
        for analysis in analyses {
            let sizes = analysis.points.map(\.size)
            let range = "\(compact(sizes.min() ?? 0))–\(compact(sizes.max() ?? 0)) \(analysis.operation.axis.rawValue)"
            let judged = analysis.operation.judgedInReads
            let fit = judged ? analysis.coldBest : analysis.best
            let clean = (fit?.error ?? .infinity) <= cleanFit
            var line = analysis.operation.label.padding(28) + range.padding(18) + analysis.operation.documentedText.padding(22)
            line += (fit.map { $0.model.notation + (judged ? " rd" : "") } ?? "-").padding(12)
            line += (fit.map { format($0.error * 100, decimals: 1) + "%" + (clean ? " " : "*") } ?? "-").leftPadding(8)
            line += "  " + format(analysis.logLogSlope ?? .nan, decimals: 2).leftPadding(5)
            line += "  " + verdict(analysis)
            print(line)
        }
        print("(rd: fitted in 64 MB reads, cold; * no curve fits cleanly: RMS error above \(format(cleanFit * 100, decimals: 0))%)\n")
    }

    /// "fits the documented growth" or "GROWS FASTER THAN DOCUMENTED", judged on the cold
    /// reads for an operation judged in reads (with what its warm cost does beside it), and
    /// on the timings otherwise; "no clean fit" when no curve follows the medians.
    static func verdict(_ analysis: Analysis) -> String {
        let documented = analysis.operation.documentedText
        guard analysis.operation.judgedInReads else {
            guard analysis.fitsCleanly else { return "no clean fit" }
            return analysis.fitsDocumentation ? "fits the documented growth" : "GROWS FASTER THAN DOCUMENTED (\(documented))"
        }
        let cold: String
        if let coldBest = analysis.coldBest, coldBest.error <= cleanFit {
            cold = analysis.coldFitsDocumentation
                ? "fits the documented growth in memory reads"
                : "GROWS FASTER THAN DOCUMENTED (\(documented)) in memory reads"
        } else {
            cold = "no clean fit in memory reads"
        }
        let warm = analysis.fitsCleanly && analysis.fitsDocumentation
            ? "warm fits it too"
            : "warm: each read gets dearer as the layout outgrows the caches"
        return cold + "; " + warm
    }

    static func describe(_ fit: GrowthFit, unit: String? = nil) -> String {
        switch fit.model {
        case .constant: "\(fit.model.notation) ≈ " + (unit.map { format(fit.intercept, decimals: 2) + $0 } ?? duration(fit.intercept))
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
                name: analysis.operation.label + " — " + (analysis.operation.judgedInReads
                    ? "cold: " + (analysis.coldBest?.model.notation ?? "?") + " in memory reads"
                    : "fit " + (analysis.best?.model.notation ?? "?")),
                points: analysis.points.map { .init(size: Double($0.size), cost: $0.cost.median) },
                style: style
            ))
        }
        if let lookup = analyses.first(where: { $0.operation.key == "offset_lookup_random" }) {
            chart.series.append(.init(
                name: "offset lookup, random, cold (over copies filling 64 MB)",
                points: lookup.points.compactMap { point in point.cold.map { .init(size: Double(point.size), cost: $0.median) } },
                style: .dotted
            ))
            chart.series.append(.init(
                name: "one read that misses every cache (64 MB)",
                points: lookup.points.map { .init(size: Double($0.size), cost: memoryRead) },
                style: .dotted,
                color: "#555555"
            ))
        }
        return chart
    }

    /// Every figure of the run by JSON name: `<key>_ns@<size>`, `<key>_memory_reads@<size>`,
    /// `<key>_cold_ns@<size>`, `<key>_cold_memory_reads@<size>`, and `random_read_64mb_ns`.
    static func jsonMetrics(_ analyses: [Analysis], memoryRead: SampleSummary) -> [(String, SampleSummary)] {
        var metrics: [(String, SampleSummary)] = [("random_read_64mb_ns", memoryRead)]
        for analysis in analyses {
            for point in analysis.points {
                let key = analysis.operation.key
                metrics.append(("\(key)_ns@\(point.size)", point.cost))
                if let memoryReads = point.memoryReads { metrics.append(("\(key)_memory_reads@\(point.size)", memoryReads)) }
                if let cold = point.cold { metrics.append(("\(key)_cold_ns@\(point.size)", cold)) }
                if let coldReads = point.coldMemoryReads { metrics.append(("\(key)_cold_memory_reads@\(point.size)", coldReads)) }
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
            if let coldBest = analysis.coldBest {
                fields.append(("cold_memory_reads", .object([
                    ("fitted", .string(coldBest.model.notation)),
                    ("intercept_reads", .number(coldBest.intercept)),
                    ("slope_reads", .number(coldBest.slope)),
                    ("error", .number(coldBest.error)),
                    ("fits_documentation", .bool(analysis.coldFitsDocumentation)),
                    ("loglog_slope_from_judged_size", analysis.coldReadsSlope.map(JSONValue.number) ?? .null),
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
