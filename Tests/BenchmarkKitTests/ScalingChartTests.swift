import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import BenchmarkKit

/// The hand-written SVG is well-formed XML with one line and one legend entry per series,
/// drawn on log–log axes that hold every point.
@Suite struct ScalingChartTests {
    /// Collects element names, attributes and text.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    static func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG is well-formed: \(parser.parserError.map(String.init(describing:)) ?? "")")
        return collector
    }

    static var chart: ScalingChart {
        ScalingChart(title: "Cost <as> the list grows & more", subtitle: "a machine", series: [
            .init(name: "offset lookup", points: [.init(size: 1e3, cost: 40), .init(size: 1e5, cost: 80), .init(size: 1e7, cost: 700)]),
            .init(name: "toggle (sections)", points: [.init(size: 1e2, cost: 30), .init(size: 1e5, cost: 90)], style: .dashed),
            .init(name: "diff", points: [.init(size: 1e3, cost: 20_000), .init(size: 1e7, cost: 2e9), .init(size: 1e4, cost: 0)], style: .dotted),
        ])
    }

    @Test func theChartIsWellFormed_withOneLineAndOneLegendEntryPerSeries() throws {
        let collector = try ScalingChartTests.parse(ScalingChartTests.chart.svg())
        #expect(collector.elements.first?.name == "svg")
        #expect(collector.elements.filter { $0.name == "polyline" }.count == 3)
        let text = collector.texts.joined()
        for name in ["offset lookup", "toggle (sections)", "diff", "Cost <as> the list grows & more", "a machine"] {
            #expect(text.contains(name), "the chart shows \(name)")
        }
        // The unplottable point (cost 0) is left out: two points, two circles in the line.
        let diffLine = try #require(collector.elements.filter { $0.name == "polyline" }.last)
        #expect(diffLine.attributes["points"]?.split(separator: " ").count == 2)
        #expect(diffLine.attributes["stroke-dasharray"] != nil)
    }

    @Test func theAxesSpanWholeDecadesHoldingEveryPoint() throws {
        let decades = try #require(ScalingChartTests.chart.decades())
        #expect(decades.size == 2...7)
        #expect(decades.cost == 1...10)  // 20 ns … 2 s
        #expect(ScalingChart(title: "one point", series: [.init(name: "x", points: [.init(size: 1e3, cost: 1e3)])]).decades()?.cost == 3...4)
    }

    @Test func largerSizesLieFurtherRight_andLargerCostsHigher() throws {
        let collector = try ScalingChartTests.parse(ScalingChartTests.chart.svg())
        let line = try #require(collector.elements.first { $0.name == "polyline" })
        let points = try #require(line.attributes["points"]).split(separator: " ").map { pair -> (Double, Double) in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return (xy[0], xy[1])
        }
        #expect(points.count == 3)
        #expect(points[0].0 < points[1].0 && points[1].0 < points[2].0)
        #expect(points[0].1 > points[1].1 && points[1].1 > points[2].1, "SVG's y grows downwards")
        // Log axes: 10^3 → 10^5 and 10^5 → 10^7 are the same distance.
        #expect(abs((points[1].0 - points[0].0) - (points[2].0 - points[1].0)) <= 0.2)
    }

    @Test func aChartWithNothingToDrawSaysSo() throws {
        let empty = ScalingChart(title: "nothing", series: [.init(name: "x", points: [.init(size: 0, cost: 5)])])
        #expect(empty.decades() == nil)
        let collector = try ScalingChartTests.parse(empty.svg())
        #expect(collector.texts.joined().contains("no measurements"))
    }

    @Test func tickLabelsReadAsSizesAndTimes() {
        #expect((2...7).map(ScalingChart.sizeText) == ["100", "1k", "10k", "100k", "1M", "10M"])
        #expect([-1, 0, 1, 2, 3, 6, 9, 10].map(ScalingChart.costText) == ["0.1 ns", "1 ns", "10 ns", "100 ns", "1 µs", "1 ms", "1 s", "10 s"])
    }
}
