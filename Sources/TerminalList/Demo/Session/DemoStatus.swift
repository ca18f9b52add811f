/// The kernel's figures the status line shows.
///
///     17 sections · 52 rows · lines 1-22 of 64 · views 24 new, 0 reused      3.1 µs
///
/// - sections and rows: the model's sizes (rows of folded sections included);
/// - lines: the content rows the viewport shows, from 1, and the content's extent (the
///   kernel's `layout.contentExtent`: headers, laid-out rows, footers);
/// - views: `list.pool.totalCounters`, views made by a factory and dequeues served by
///   recycling;
/// - the time: the kernel calls of the last command, on a monotonic clock.
///
/// When the long form does not fit, a short one is used (`1-14/64`, `views 16/0`); when
/// that does not fit either, it is cut with "…", keeping the time.
///
/// - Complexity: every member is O(1) apart from formatting.
public struct DemoStatus: Hashable, Sendable {
    /// Sections in the model.
    public var sections: Int
    /// Items in the model.
    public var rows: Int
    /// The first content line on screen, from 1; 0 when nothing is.
    public var firstLine: Int
    /// The last content line on screen, from 1; 0 when nothing is.
    public var lastLine: Int
    /// The content's extent, in lines.
    public var contentLines: Int
    /// Views made by a factory so far.
    public var viewsCreated: Int
    /// Dequeues served by a recycled view so far.
    public var viewsReused: Int
    /// Nanoseconds spent in kernel calls by the last command.
    public var kernelNanoseconds: UInt64

    /// Creates figures.
    ///
    /// - Complexity: O(1).
    public init(sections: Int, rows: Int, firstLine: Int, lastLine: Int, contentLines: Int,
                viewsCreated: Int, viewsReused: Int, kernelNanoseconds: UInt64) {
        self.sections = sections
        self.rows = rows
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.contentLines = contentLines
        self.viewsCreated = viewsCreated
        self.viewsReused = viewsReused
        self.kernelNanoseconds = kernelNanoseconds
    }

    /// The figures, long form: `17 sections · 52 rows · lines 1-22 of 64 · views 24 new, 0 reused`.
    ///
    /// - Complexity: O(1).
    public var longText: String {
        "\(sections) sections · \(rows) rows · lines \(firstLine)-\(lastLine) of \(contentLines) · views \(viewsCreated) new, \(viewsReused) reused"
    }

    /// The figures, short form: `17 sections · 52 rows · 1-22/64 · views 24/0`.
    ///
    /// - Complexity: O(1).
    public var shortText: String {
        "\(sections) sections · \(rows) rows · \(firstLine)-\(lastLine)/\(contentLines) · views \(viewsCreated)/\(viewsReused)"
    }

    /// The kernel time: `0.8 µs`, `12.3 µs`, `123 µs`, `4.5 ms`.
    ///
    /// - Complexity: O(1).
    public var timeText: String { DemoStatus.format(nanoseconds: kernelNanoseconds) }

    /// `nanoseconds` as µs with one decimal below 100 µs, whole µs below 10 ms, ms with
    /// one decimal above.
    ///
    /// - Complexity: O(1).
    public static func format(nanoseconds: UInt64) -> String {
        if nanoseconds < 100_000 {
            let tenths = (nanoseconds + 50) / 100
            return "\(tenths / 10).\(tenths % 10) µs"
        }
        if nanoseconds < 10_000_000 { return "\((nanoseconds + 500) / 1_000) µs" }
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// The status line's spans for a screen `width` columns wide: the figures from the left
    /// (long form if it fits beside the time, else short), the time against the right edge.
    ///
    /// - Complexity: O(1).
    public func line(width: Int) -> ViewLine {
        let trailing = " \(timeText) "
        let long = " " + longText
        let fits = DisplayWidth.columns(of: long) + DisplayWidth.columns(of: trailing) <= width
        return ViewLine([StyledSpan(fits ? long : " " + shortText, style: .reverse)],
                        trailing: [StyledSpan(trailing, style: .reverse)], fill: .reverse)
    }
}
