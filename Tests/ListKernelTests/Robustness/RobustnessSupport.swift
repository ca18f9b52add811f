import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
@_spi(ListKernelTesting) @testable import ListKernelReuse
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelUpdates
@_spi(ListKernelTesting) @testable import ListKernelDiffUpdates
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

/// The values a hostile or careless caller passes: the edges of `Int` and `Double`, the
/// limits and one past them, and a few ordinary values so that some calls succeed.
enum Extremes {
    static let ints: [Int] = [
        0, 1, 2, 3, -1, Int.min, Int.max, Int.max / 44, Int.min + 1,
        ListLimits.maximumSectionCount, ListLimits.maximumSectionCount + 1,
        ListLimits.maximumItemCount, ListLimits.maximumItemCount + 1,
        ListLimits.maximumPerItemCount + 1, 1 << 40, 818_836_295_885_534, 1 << 62,
    ]
    /// Counts small enough to build, and the extremes.
    static let counts: [Int] = [0, 1, 5, -1, Int.max, Int.min, ListLimits.maximumItemCount + 1, 818_836_295_885_534, 1 << 30]
    static let doubles: [Double] = [
        0, 1, 44, -0.0, -1, .nan, -.nan, .infinity, -.infinity, 1e300, -1e300, 1e-300,
        .greatestFiniteMagnitude, FixedPoint.maximumElementExtent, FixedPoint.maximumElementExtent + 1,
        ListLimits.maximumContentExtent, 1e12, -1e12, 1e15, 0.5 / 256,
    ]
    static let optionalDoubles: [Double?] = [nil] + doubles.map { $0 }

    static func int(_ random: inout SplitMix64) -> Int { ints[random.below(ints.count)] }
    static func count(_ random: inout SplitMix64) -> Int { counts[random.below(counts.count)] }
    static func double(_ random: inout SplitMix64) -> Double { doubles[random.below(doubles.count)] }
    /// An index: mostly small (so some calls are valid), sometimes extreme.
    static func index(_ random: inout SplitMix64, below bound: Int) -> Int {
        random.below(3) == 0 ? int(&random) : random.below(max(bound + 2, 1)) - 1
    }
    static func path(_ random: inout SplitMix64, sections: Int, items: Int) -> ItemPath {
        ItemPath(section: index(&random, below: sections), item: index(&random, below: items))
    }
    static func element(_ random: inout SplitMix64, sections: Int, items: Int) -> ListElement {
        switch random.below(3) {
        case 0: .header(section: index(&random, below: sections))
        case 1: .footer(section: index(&random, below: sections))
        default: .item(path(&random, sections: sections, items: items))
        }
    }
}

/// A layout of every shape: uniform, estimated, measured, collapsed, empty, no header.
func robustnessBaseLayout() throws -> ListLayout {
    try ListLayout(sections: [
        .init(itemCount: 4, itemExtent: .uniform(44), header: 30, footer: 10),
        .init(itemCount: 3, itemExtent: .estimated(50), header: 20),
        .init(itemExtents: [10, 0, 80, 25], footer: 5),
        .init(itemCount: 0, itemExtent: .uniform(44), header: 30, footer: 10),
        .init(itemCount: 6, itemExtent: .uniform(0), isCollapsed: true),
        .init(itemCount: 5_000, itemExtent: .uniform(44), header: 30),
    ])
}

/// Checks what every call must leave behind: the structure's invariants, and a list within
/// `ListLimits` whose sums are exact.
func expectSound(_ layout: ListLayout, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    layout._checkInvariantsNow()
    #expect(layout.sectionCount <= ListLimits.maximumSectionCount, "\(what())", sourceLocation: sourceLocation)
    #expect(layout.totalItemCount <= ListLimits.maximumItemCount, "\(what())", sourceLocation: sourceLocation)
    #expect(layout.contentExtent >= 0 && layout.contentExtent <= ListLimits.maximumContentExtent, "\(what())", sourceLocation: sourceLocation)
}

/// A description of an error's message that must name at least one number.
func namesANumber(_ message: String) -> Bool { message.contains(where: \.isNumber) }

/// A data source whose every answer is a knob: counts and metrics from the extremes, and
/// answers that change between calls when `fickle` is set.
class HostileDataSource: ListDataSource {
    var sectionCount = 3
    var itemCounts: [Int: Int] = [:]
    var metrics: [Int: SectionMetrics] = [:]
    var identifiers: [ListElement: String] = [:]
    /// Every answer of a count changes by one on each call (a data source racing its model).
    var fickle = false
    var calls = 0

    func numberOfSections(in list: VirtualList<RecordingView>) -> Int {
        calls += 1
        return fickle ? sectionCount &+ calls % 2 : sectionCount
    }
    func list(_ list: VirtualList<RecordingView>, numberOfItemsInSection section: Int) -> Int {
        calls += 1
        let count = itemCounts[section] ?? 5
        return fickle ? count &+ calls % 3 : count
    }
    func list(_ list: VirtualList<RecordingView>, metricsForSection section: Int) -> SectionMetrics {
        metrics[section] ?? SectionMetrics(header: 30, footer: 10, itemExtent: .uniform(44))
    }
    func list(_ list: VirtualList<RecordingView>, reuseIdentifierFor element: ListElement) -> String {
        identifiers[element] ?? element.kind.name
    }
    func list(_ list: VirtualList<RecordingView>, configure view: RecordingView, for element: ListElement, binding: BindingToken) {
        view.content = "\(element)"
        view.configuredFor = element
        view.binding = binding
    }
}

/// What a list shows and holds, for "a call that throws changes nothing".
struct ListState: Equatable {
    var layout: ListLayout
    var viewport: Viewport
    var displayed: [String]
    var counters: ReuseCounters

    init(_ list: VirtualList<RecordingView>) {
        layout = list.layout
        viewport = list.viewport
        displayed = list.displayed.map { "\($0.element)@\($0.frame)#\(ObjectIdentifier($0.view).hashValue)" }
        counters = list.pool.totalCounters
    }
}

/// Checks the list's views against its pool: every displayed view is displayed, once.
func expectConsistent(_ list: VirtualList<RecordingView>, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectSound(list.layout, what(), sourceLocation: sourceLocation)
    var seen = Set<ObjectIdentifier>()
    for shown in list.displayed {
        #expect(list.pool.state(of: shown.view) == .displayed, "\(what()): \(shown.element)", sourceLocation: sourceLocation)
        #expect(seen.insert(ObjectIdentifier(shown.view)).inserted, "\(what()): a view shows two elements", sourceLocation: sourceLocation)
        #expect(shown.frame.start.isFinite && shown.frame.extent.isFinite, "\(what())", sourceLocation: sourceLocation)
    }
    #expect(list.viewport.offset.isFinite, "\(what())", sourceLocation: sourceLocation)
    list.pool._checkInvariantsNow()
}
