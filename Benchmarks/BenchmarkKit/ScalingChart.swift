import Foundation

/// A log–log line chart of cost against size, one line per series, written as SVG text by
/// hand (no dependency): what `listkernel-bench --scaling` draws into `Docs/images/`.
///
///     1 ms ┤                         ╱ linear diff
///          │                    ╱╱╱╱
///     1 µs ┤            ────────────── batch apply
///          │  ══════════════════════ offset lookup
///     1 ns ┼──────┬──────┬──────┬──── size
///          1k     10k    100k   1M
///
/// Both axes run over whole decades that hold every point; a straight line of slope 1 is a
/// linear cost, a flat one a constant cost. A series whose points are not positive and
/// finite loses those points (a log axis has no place for them).
///
/// ```swift
/// var chart = ScalingChart(title: "Cost as the list grows")
/// chart.series.append(.init(name: "offset lookup", points: [.init(size: 1e3, cost: 40), .init(size: 1e6, cost: 90)]))
/// let svg = chart.svg()   // "<svg xmlns=…"
/// ```
package struct ScalingChart: Equatable, Sendable {
    /// One measured cost.
    package struct Point: Equatable, Sendable {
        /// The input size (rows, sections, items).
        package var size: Double
        /// The cost, in nanoseconds.
        package var cost: Double

        /// A point at `size` costing `cost` nanoseconds.
        ///
        /// - Complexity: O(1).
        package init(size: Double, cost: Double) { (self.size, self.cost) = (size, cost) }
    }

    /// How a series' line is drawn.
    package enum LineStyle: Equatable, Sendable {
        case solid, dashed, dotted
    }

    /// One line of the chart.
    package struct Series: Equatable, Sendable {
        /// The legend's text.
        package var name: String
        /// The points, drawn in order of size.
        package var points: [Point]
        /// The line's dash pattern.
        package var style: LineStyle
        /// A colour (CSS); `nil` takes the next colour of the palette.
        package var color: String?

        /// A series named `name` through `points`.
        ///
        /// - Complexity: O(1).
        package init(name: String, points: [Point], style: LineStyle = .solid, color: String? = nil) {
            (self.name, self.points, self.style, self.color) = (name, points, style, color)
        }
    }

    /// The heading, above the plot.
    package var title: String
    /// A line under the title (the machine and the date), or empty.
    package var subtitle: String
    /// The horizontal axis' label.
    package var sizeLabel: String
    /// The vertical axis' label.
    package var costLabel: String
    /// The lines, in legend order.
    package var series: [Series]

    /// An empty chart.
    ///
    /// - Complexity: O(1).
    package init(
        title: String,
        subtitle: String = "",
        sizeLabel: String = "size n (rows, or sections where marked)",
        costLabel: String = "time per operation",
        series: [Series] = []
    ) {
        (self.title, self.subtitle, self.sizeLabel, self.costLabel, self.series) = (title, subtitle, sizeLabel, costLabel, series)
    }

    /// Colours of the series without their own, in order (Tableau's ten, then two more).
    package static let palette = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#17becf", "#bcbd22", "#393b79", "#ad494a", "#637939",
    ]

    // Geometry, in SVG user units.
    static let width = 1100.0
    static let plotLeft = 90.0
    static let plotRight = 660.0
    static let plotTop = 70.0
    static let legendLeft = 690.0
    static let legendRowHeight = 20.0

    /// The decades the axes span: `(lowest, highest)` powers of ten holding every drawable
    /// point, at least one decade apart; `nil` when no point is drawable.
    ///
    /// - Complexity: O(points).
    package func decades() -> (size: ClosedRange<Int>, cost: ClosedRange<Int>)? {
        let points = series.flatMap(\.points).filter(ScalingChart.isDrawable)
        guard !points.isEmpty else { return nil }
        func span(_ values: [Double]) -> ClosedRange<Int> {
            let low = Int(floor(log10(values.min()!) + 1e-9))
            let high = max(Int(ceil(log10(values.max()!) - 1e-9)), low + 1)
            return low...high
        }
        return (span(points.map(\.size)), span(points.map(\.cost)))
    }

    /// The chart as a standalone SVG document.
    ///
    /// - Complexity: O(points + series).
    package func svg() -> String {
        let legendHeight = Double(series.count) * ScalingChart.legendRowHeight
        let plotBottom = max(560.0, ScalingChart.plotTop + legendHeight + 40)
        let height = plotBottom + 70
        let width = ScalingChart.width
        let (left, right, top) = (ScalingChart.plotLeft, ScalingChart.plotRight, ScalingChart.plotTop)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">

            """
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(n(left))\" y=\"28\" font-size=\"17\" font-weight=\"bold\">\(escape(title))</text>\n"
        if !subtitle.isEmpty {
            out += "<text x=\"\(n(left))\" y=\"48\" fill=\"#555555\">\(escape(subtitle))</text>\n"
        }
        guard let (sizes, costs) = decades() else {
            out += "<text x=\"\(n(left))\" y=\"\(n(top + 20))\">no measurements</text>\n</svg>\n"
            return out
        }
        func x(_ size: Double) -> Double {
            left + (log10(size) - Double(sizes.lowerBound)) / Double(sizes.count - 1) * (right - left)
        }
        func y(_ cost: Double) -> Double {
            plotBottom - (log10(cost) - Double(costs.lowerBound)) / Double(costs.count - 1) * (plotBottom - top)
        }

        // Grid: a line per decade, light ones at 2…9 of each.
        out += "<g stroke-width=\"1\">\n"
        for decade in sizes {
            let at = x(pow(10, Double(decade)))
            out += "<line x1=\"\(n(at))\" y1=\"\(n(top))\" x2=\"\(n(at))\" y2=\"\(n(plotBottom))\" stroke=\"#cccccc\"/>\n"
            guard decade < sizes.upperBound else { continue }
            for step in 2...9 {
                let minor = x(Double(step) * pow(10, Double(decade)))
                out += "<line x1=\"\(n(minor))\" y1=\"\(n(top))\" x2=\"\(n(minor))\" y2=\"\(n(plotBottom))\" stroke=\"#eeeeee\"/>\n"
            }
        }
        for decade in costs {
            let at = y(pow(10, Double(decade)))
            out += "<line x1=\"\(n(left))\" y1=\"\(n(at))\" x2=\"\(n(right))\" y2=\"\(n(at))\" stroke=\"#cccccc\"/>\n"
            guard decade < costs.upperBound else { continue }
            for step in 2...9 {
                let minor = y(Double(step) * pow(10, Double(decade)))
                out += "<line x1=\"\(n(left))\" y1=\"\(n(minor))\" x2=\"\(n(right))\" y2=\"\(n(minor))\" stroke=\"#eeeeee\"/>\n"
            }
        }
        out += "</g>\n"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(right - left))\" height=\"\(n(plotBottom - top))\" fill=\"none\" stroke=\"#333333\"/>\n"

        // Tick labels and axis labels.
        for decade in sizes {
            out += "<text x=\"\(n(x(pow(10, Double(decade)))))\" y=\"\(n(plotBottom + 18))\" text-anchor=\"middle\">\(ScalingChart.sizeText(decade))</text>\n"
        }
        for decade in costs {
            out += "<text x=\"\(n(left - 8))\" y=\"\(n(y(pow(10, Double(decade))) + 4))\" text-anchor=\"end\">\(ScalingChart.costText(decade))</text>\n"
        }
        out += "<text x=\"\(n((left + right) / 2))\" y=\"\(n(plotBottom + 42))\" text-anchor=\"middle\">\(escape(sizeLabel))</text>\n"
        let middle = (top + plotBottom) / 2
        out += "<text x=\"22\" y=\"\(n(middle))\" text-anchor=\"middle\" transform=\"rotate(-90 22 \(n(middle)))\">\(escape(costLabel))</text>\n"

        // The lines, then the legend.
        var nextColor = 0
        var colors: [String] = []
        for line in series {
            if let color = line.color { colors.append(color) } else {
                colors.append(ScalingChart.palette[nextColor % ScalingChart.palette.count])
                nextColor += 1
            }
        }
        for (index, line) in series.enumerated() {
            let points = line.points.filter(ScalingChart.isDrawable).sorted { $0.size < $1.size }
            guard !points.isEmpty else { continue }
            let color = colors[index]
            let coordinates = points.map { "\(n(x($0.size))),\(n(y($0.cost)))" }.joined(separator: " ")
            out += "<g><title>\(escape(line.name))</title>"
            out += "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(ScalingChart.dash(line.style))/>"
            for point in points {
                out += "<circle cx=\"\(n(x(point.size)))\" cy=\"\(n(y(point.cost)))\" r=\"3\" fill=\"\(color)\"/>"
            }
            out += "</g>\n"
        }
        for (index, line) in series.enumerated() {
            let rowY = top + 10 + Double(index) * ScalingChart.legendRowHeight
            let left = ScalingChart.legendLeft
            out += "<line x1=\"\(n(left))\" y1=\"\(n(rowY))\" x2=\"\(n(left + 28))\" y2=\"\(n(rowY))\" stroke=\"\(colors[index])\" stroke-width=\"2\"\(ScalingChart.dash(line.style))/>"
            out += "<circle cx=\"\(n(left + 14))\" cy=\"\(n(rowY))\" r=\"3\" fill=\"\(colors[index])\"/>"
            out += "<text x=\"\(n(left + 36))\" y=\"\(n(rowY + 4))\">\(escape(line.name))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// "100", "1k", "10k", "100k", "1M", "10M", …; "10^k" beyond.
    ///
    /// - Complexity: O(1).
    package static func sizeText(_ decade: Int) -> String {
        switch decade {
        case 0...2: String(Int(pow(10, Double(decade))))
        case 3...5: String(Int(pow(10, Double(decade - 3)))) + "k"
        case 6...8: String(Int(pow(10, Double(decade - 6)))) + "M"
        case 9...11: String(Int(pow(10, Double(decade - 9)))) + "G"
        default: "10^\(decade)"
        }
    }

    /// 10^`decade` nanoseconds as "1 ns", "10 ns", "100 ns", "1 µs", … "1 s", "10 s"; powers
    /// below a nanosecond as "0.1 ns", "0.01 ns", ….
    ///
    /// - Complexity: O(1).
    package static func costText(_ decade: Int) -> String {
        if decade < 0 { return "0." + String(repeating: "0", count: -decade - 1) + "1 ns" }
        let units = ["ns", "µs", "ms", "s"]
        let unit = min(decade / 3, units.count - 1)
        return String(Int(pow(10, Double(decade - 3 * unit)))) + " " + units[unit]
    }

    private static func isDrawable(_ point: Point) -> Bool {
        point.size.isFinite && point.size > 0 && point.cost.isFinite && point.cost > 0
    }

    private static func dash(_ style: LineStyle) -> String {
        switch style {
        case .solid: ""
        case .dashed: " stroke-dasharray=\"7 4\""
        case .dotted: " stroke-dasharray=\"2 3\""
        }
    }

    /// A coordinate with at most one decimal, so the file stays small and its text stable.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
