import BenchmarkKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The unit a timed metric is reported in.
enum TimeUnit {
    case ns, us, ms

    var nanosecondsPerUnit: Double {
        switch self {
        case .ns: 1
        case .us: 1_000
        case .ms: 1_000_000
        }
    }
}

/// One benchmark scenario: a title in the form "Type operation (variant)", and a body that
/// builds its inputs (outside any timed region) and reports one or more metrics.
struct Scenario {
    let title: String
    /// The metric names the scenario reports, matched by `--filter` together with the title.
    let metrics: [String]
    let body: (inout BenchContext) -> Void
}

/// One reported metric: its median, and the spread of the runs behind it when it was timed.
struct BenchResult {
    let name: String
    /// The figure reported: the median of the samples, or the value recorded.
    let value: Double
    let unit: String
    /// The samples' spread, in `unit`; `nil` for a value that is not timed (a count, a ratio
    /// computed once, bytes).
    let spread: SampleSummary?
}

/// What a scenario body uses to time work and record values. Each timed metric runs one
/// warm-up, then `runs` measured runs, and records the median with the runs' spread.
struct BenchContext {
    /// `--quick`: scenarios build reduced worlds and run fewer repetitions.
    let quick: Bool
    private(set) var results: [BenchResult] = []

    init(quick: Bool) { self.quick = quick }

    /// The number of measured runs a metric gets (fewer with `--quick`).
    var runs: Int { quick ? 3 : 9 }

    /// Times `body` once per run after a warm-up; `setup` runs before each run, outside the
    /// timed region, and its value is handed to `body`. Records the median of
    /// `elapsed / operations` in `unit`, with the runs' spread.
    mutating func time<State>(
        _ metric: String,
        unit: TimeUnit,
        operations: Int = 1,
        setup: () -> State,
        _ body: (inout State) -> Void
    ) {
        var samples: [Double] = []
        for run in 0...runs {
            var state = setup()
            guard run > 0 else {
                body(&state)   // the warm-up
                blackHole(state)
                continue
            }
            let start = monotonicNanoseconds()
            timedRegion(body, &state)
            let elapsed = monotonicNanoseconds() - start
            blackHole(state)
            samples.append(Double(elapsed) / Double(operations))
        }
        record(metric, nanoseconds: samples, unit: unit)
    }

    /// Times `body` with no per-run setup; see `time(_:unit:operations:setup:_:)`.
    mutating func time(_ metric: String, unit: TimeUnit, operations: Int = 1, _ body: () -> Void) {
        time(metric, unit: unit, operations: operations, setup: { () }, { _ in body() })
    }

    /// Times each of `operations` calls of `body` on its own (after `operations / 10` warm-up
    /// calls) and records the median single-call time in `unit`, with the calls' spread. For
    /// operations of a microsecond or more, where the clock's own cost is small.
    mutating func timeEach(_ metric: String, unit: TimeUnit, operations: Int, _ body: (Int) -> Void) {
        for index in 0..<(operations / 10) { body(index) }
        var samples: [Double] = []
        samples.reserveCapacity(operations)
        for index in 0..<operations {
            let start = monotonicNanoseconds()
            body(index)
            samples.append(Double(monotonicNanoseconds() - start))
        }
        record(metric, nanoseconds: samples, unit: unit)
    }

    /// Records the median of `samples` (nanoseconds) in `unit`, with their spread.
    mutating func record(_ metric: String, nanoseconds samples: [Double], unit: TimeUnit) {
        record(metric, samples: samples.map { $0 / unit.nanosecondsPerUnit }, unit: "\(unit)")
    }

    /// Records the median of `samples` (already in `unit`: a ratio, a count per run), with
    /// their spread.
    mutating func record(_ metric: String, samples: [Double], unit: String) {
        guard let summary = SampleSummary(samples) else {
            BenchRunner.printError("listkernel-bench: \(metric) has no usable samples; not reported")
            return
        }
        results.append(BenchResult(name: metric, value: summary.median, unit: unit, spread: summary))
    }

    /// Records a value that is not a time (a count, a ratio, bytes).
    mutating func record(_ metric: String, _ value: Double, unit: String = "") {
        results.append(BenchResult(name: metric, value: value, unit: unit, spread: nil))
    }
}

/// Nanoseconds from a monotonic clock.
func monotonicNanoseconds() -> UInt64 { nanoseconds(of: CLOCK_MONOTONIC) }

/// The CPU time the calling thread has used, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 { nanoseconds(of: CLOCK_THREAD_CPUTIME_ID) }

/// The reading of `clock`, in nanoseconds.
private func nanoseconds(of clock: clockid_t) -> UInt64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs a measured (not warm-up) body of `BenchContext.time` under a name of its own, so
/// that an instruction profile can collect exactly the measured runs
/// (`valgrind --tool=callgrind --toggle-collect='*timedRegion*'`).
/// Not optimized, so it stays one function: specialized copies were merged and entered by a
/// tail jump, which toggled the profile's collection twice (off again).
@inline(never) @_optimize(none)
func timedRegion<State>(_ body: (inout State) -> Void, _ state: inout State) {
    body(&state)
}

/// Keeps the optimizer from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The process's resident set size in bytes, read from /proc/self/statm, after handing
/// freed heap pages back to the system so that earlier scenarios do not hide new memory.
func residentBytes() -> Int {
    #if canImport(Glibc)
    _ = glibcMallocTrim(0)
    #endif
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

#if canImport(Glibc)
/// glibc's `malloc_trim` (declared in malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim")
func glibcMallocTrim(_ pad: Int) -> Int32
#endif
