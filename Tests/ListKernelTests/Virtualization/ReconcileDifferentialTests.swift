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

/// Random scrolls, resizes, insets, overscan, folds and measurements; after every pass the
/// displayed set and frames are compared with what the reference layout says the viewport
/// shows, and the recording front end checks every view.
@Suite struct ReconcileDifferentialTests {
    struct Expected: Equatable, CustomStringConvertible {
        var element: ListElement
        var start: Int64
        var extent: Int64
        var description: String { "\(element)@\(start)+\(extent)" }
    }

    /// What the reference says is on screen: elements in the window, plus pinned ones.
    static func expected(_ reference: ReferenceLayout, viewport: Viewport, direction: ScrollDirection, style: ListStyle) -> [Expected] {
        let unit = Double(FixedPoint.unitsPerPoint)
        let before = direction == .forward ? viewport.overscan.behind : viewport.overscan.ahead
        let after = direction == .forward ? viewport.overscan.ahead : viewport.overscan.behind
        let lower = Int64(((viewport.offset - before) * unit).rounded(.down))
        let upper = Int64(((viewport.offset + viewport.size + after) * unit).rounded(.up))
        var result = reference.elements(unitsFrom: lower, to: upper).map { Expected(element: $0.element, start: $0.start, extent: $0.extent) }
        guard style == .plain else { return result }
        let laidOut = reference.laidOut()
        func span(of section: Int) -> (start: Int64, end: Int64) {
            let parts = laidOut.filter { $0.element.section == section }
            return (parts.first!.start, parts.last!.start + parts.last!.extent)
        }
        let top = Int64(((viewport.offset + viewport.insets.top) * unit).rounded(.down))
        if let hit = reference.element(atUnits: top) {
            let section = hit.element.section
            if let header = reference.sections[section].header, header > 0 {
                let (start, end) = span(of: section)
                let pinned = min(max(start, top), end - header)
                result.removeAll { $0.element == .header(section: section) }
                result.append(Expected(element: .header(section: section), start: pinned, extent: header))
            }
        }
        let bottom = Int64(((viewport.offset + viewport.size - viewport.insets.bottom) * unit).rounded(.down))
        if bottom > 0, let hit = reference.element(atUnits: bottom - 1) {
            let section = hit.element.section
            if let footer = reference.sections[section].footer, footer > 0 {
                let (start, end) = span(of: section)
                let pinned = max(min(end - footer, bottom - footer), start)
                result.removeAll { $0.element == .footer(section: section) }
                result.append(Expected(element: .footer(section: section), start: pinned, extent: footer))
            }
        }
        return result.sorted { $0.element < $1.element }
    }

    func run(seed: UInt64, passes: Int) throws {
        var rng = SplitMix64(seed: seed)
        let sectionCount = rng.int(in: 1...12)
        var specs: [RecordingSection] = []
        var nextItem = 0
        for s in 0..<sectionCount {
            let count = rng.below(4) == 0 ? 0 : rng.int(in: 1...30)
            let extent: ListLayout.ItemExtent = rng.chance(1, in: 6) ? .uniform(0) : (rng.chance(1, in: 2) ? .uniform(Double(rng.int(in: 10...60))) : .estimated(Double(rng.int(in: 10...60))))
            specs.append(RecordingSection(
                id: s, items: Array(nextItem..<(nextItem + count)),
                header: rng.chance(1, in: 5) ? nil : Double(rng.int(in: 0...40)),
                footer: rng.chance(1, in: 2) ? nil : Double(rng.int(in: 0...20)),
                itemExtent: extent
            ))
            nextItem += count
        }
        let style: ListStyle = rng.chance(1, in: 2) ? .plain : .grouped
        let frontEnd = RecordingFrontEnd(sections: specs)
        frontEnd.isRecording = false
        let list = frontEnd.makeList(style: style)
        var reference = ReferenceLayout(sections: specs.map {
            ListLayout.Section(itemCount: $0.items.count, itemExtent: $0.itemExtent, header: $0.header, footer: $0.footer)
        })
        var viewport = Viewport(size: Double(rng.int(in: 50...400)))
        var log: [String] = []
        for step in 0..<passes {
            let content = max(1, Int(list.layout.contentExtent))
            switch rng.below(10) {
            case 0, 1, 2, 3:
                viewport.offset += Double(rng.int(in: -80...80)) + Double(rng.below(4)) / 4
                log.append("scroll to \(viewport.offset)")
            case 4:
                viewport.offset = Double(rng.below(content + 200) - 100)
                log.append("jump to \(viewport.offset)")
            case 5:
                viewport.size = Double(rng.int(in: 0...500))
                viewport.insets = .init(top: Double(rng.below(3) * 20), bottom: Double(rng.below(2) * 15))
                viewport.overscan = .init(ahead: Double(rng.below(3) * 50), behind: Double(rng.below(2) * 25))
                log.append("resize \(viewport)")
            case 6:
                let section = rng.below(sectionCount)
                let collapsed = !list.isCollapsed(section: section)
                try list.setCollapsed(collapsed, section: section)
                reference.setCollapsed(collapsed, section: section)
                log.append("collapse \(collapsed) \(section)")
                viewport = list.viewport
            default:
                let section = rng.below(sectionCount)
                let count = reference.sections[section].items.count
                guard count > 0 else { continue }
                let item = ItemPath(section: section, item: rng.below(count))
                let extent = Double(rng.int(in: 0...90))
                try list.setMeasuredExtent(extent, for: .item(item))
                reference.setItemExtent(extent, at: item)
                log.append("measure \(item) = \(extent)")
                viewport = list.viewport
            }
            try list.setViewport(viewport)
            let want = ReconcileDifferentialTests.expected(reference, viewport: list.viewport, direction: list.scrollDirection, style: style)
            let got = list.displayed.map {
                Expected(element: $0.element, start: Int64($0.frame.start * 256), extent: Int64($0.frame.extent * 256))
            }
            if got != want {
                Issue.record("seed \(seed) step \(step): displayed \(got) != expected \(want)\nsteps:\n\(log.suffix(12).joined(separator: "\n"))")
                return
            }
            let problems = frontEnd.problems(in: list)
            if !problems.isEmpty {
                Issue.record("seed \(seed) step \(step): \(problems)\nsteps:\n\(log.suffix(12).joined(separator: "\n"))")
                return
            }
            list.pool._checkInvariantsNow()
        }
    }

    @Test(arguments: (1...10).map { UInt64($0) })
    func theDisplayedSetMatchesTheReferenceAfterEveryPass(seed: UInt64) throws {
        try run(seed: seed, passes: 1_000)
    }
}

@Suite struct ViewCountTests {
    @Test func flingingAMillionRowsDownAndBackCreatesNoMoreViewsThanAreShownAtOnce() throws {
        // 10,000 sections × 100 rows, uniform: scrolled top to bottom and back in random steps.
        let frontEnd = RecordingFrontEnd(sections: (0..<10_000).map { s in
            RecordingSection(id: s, items: Array((s * 100)..<(s * 100 + 100)), header: 30, footer: nil, itemExtent: .uniform(44))
        })
        frontEnd.isRecording = false
        let list = frontEnd.makeList(style: .plain)
        let overscan = Viewport.Overscan(ahead: 200, behind: 100)
        var viewport = Viewport(size: 900, overscan: overscan)
        var rng = SplitMix64(seed: 2_024)
        var peak: [ElementKind: Int] = [:]
        let end = list.layout.contentExtent - viewport.size
        func pass() throws {
            try list.setViewport(viewport)
            for kind in [ElementKind.item, .header] {
                peak[kind] = max(peak[kind, default: 0], list.displayed.filter { $0.element.kind == kind }.count)
            }
        }
        // The pool's O(views) check runs every 500 passes here instead of after each call.
        var passes = 0
        try InvariantChecks.$areSuspended.withValue(true) {
            while viewport.offset < end {
                viewport.offset = min(end, viewport.offset + Double(rng.int(in: 1...6_000)))
                try pass()
                passes += 1
                if passes % 500 == 0 { list.pool._checkInvariantsNow() }
            }
            while viewport.offset > 0 {
                viewport.offset = max(0, viewport.offset - Double(rng.int(in: 1...6_000)))
                try pass()
                passes += 1
                if passes % 500 == 0 { list.pool._checkInvariantsNow() }
            }
        }
        list.pool._checkInvariantsNow()
        for kind in [ElementKind.item, .header] {
            let created = list.pool.counters(kind: kind, identifier: kind.name).created
            #expect(created <= peak[kind, default: 0] + 2, "\(kind): created \(created), peak displayed \(peak[kind, default: 0])")
        }
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}
