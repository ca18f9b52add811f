import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

/// The entry of `laidOut` (`ReferenceLayout.laidOut()`, in order and gap-free) whose span
/// holds `offset`, skipping zero-extent entries: `ReferenceLayout.element(atUnits:)`'s answer,
/// found by a binary search in one state's list instead of a walk over a new one per offset.
/// The first entry that ends after `offset` holds it, when it starts at or before it (a
/// zero-extent entry ending after `offset` also starts after it).
///
/// - Complexity: O(log n).
func element(
    atUnits offset: Int64, in laidOut: [(element: ListElement, start: Int64, extent: Int64)]
) -> (element: ListElement, start: Int64, extent: Int64)? {
    var low = 0
    var high = laidOut.count
    while low < high {
        let middle = (low + high) / 2
        if laidOut[middle].start + laidOut[middle].extent > offset { high = middle } else { low = middle + 1 }
    }
    guard low < laidOut.count, laidOut[low].start <= offset, laidOut[low].extent > 0 else { return nil }
    return laidOut[low]
}

/// Compares every answer of `layout` with `reference`; returns the first disagreement.
/// Checks every element's frame and position, every flat position, and lookups at every
/// element boundary (and one unit either side), plus a few random ranges.
func disagreement(_ layout: ListLayout, _ reference: ReferenceLayout, rng: inout SplitMix64) -> String? {
    let laidOut = reference.laidOut()
    let content = laidOut.reduce(Int64(0)) { $0 + $1.extent }
    if layout.contentUnits != content { return "content \(layout.contentUnits) != reference \(content)" }
    if layout.sectionCount != reference.sections.count { return "section count differs" }
    if layout.positionCount != laidOut.count { return "position count \(layout.positionCount) != \(laidOut.count)" }
    for (position, entry) in laidOut.enumerated() {
        guard let element = layout.element(at: FlatPosition(position)), element == entry.element else {
            return "element at position \(position): \(String(describing: layout.element(at: FlatPosition(position)))) != \(entry.element)"
        }
        guard let back = layout.position(of: entry.element), back == FlatPosition(position) else {
            return "position of \(entry.element) is not \(position)"
        }
        guard let frame = layout.unitFrame(of: entry.element), frame.start == entry.start, frame.extent == entry.extent else {
            return "frame of \(entry.element): \(String(describing: layout.unitFrame(of: entry.element))) != \(entry.start)+\(entry.extent)"
        }
    }
    // Elements that exist in the model but are not laid out have no frame and no position.
    for (s, section) in reference.sections.enumerated() {
        if section.header == nil, layout.unitFrame(of: .header(section: s)) != nil { return "header \(s) should not be laid out" }
        if section.footer == nil, layout.unitFrame(of: .footer(section: s)) != nil { return "footer \(s) should not be laid out" }
        if section.isCollapsed {
            for i in section.items.indices {
                let element = ListElement.item(ItemPath(section: s, item: i))
                if layout.unitFrame(of: element) != nil { return "\(element) of collapsed section has a frame" }
                if layout.position(of: element) != nil { return "\(element) of collapsed section has a position" }
            }
        }
        for (i, item) in section.items.enumerated() {
            let path = ItemPath(section: s, item: i)
            if (layout.itemExtent(at: path)) != FixedPoint.points(item.units) { return "extent of \(path)" }
            if (layout.isMeasured(path)) != item.isMeasured { return "measured flag of \(path)" }
        }
    }
    var probes: Set<Int64> = [-1, 0, content - 1, content, content + 1]
    for entry in laidOut {
        probes.insert(entry.start - 1)
        probes.insert(entry.start)
        probes.insert(entry.start + entry.extent - 1)
    }
    // The reference's own walk answers a few probes; a search in `laidOut` answers the rest,
    // once it agrees with that walk (3 probes an element, each walk O(n): O(n²) otherwise).
    // Sorted, so that a seed picks the same probes in every process (a set's order changes).
    let sortedProbes = probes.sorted()
    for _ in 0..<4 {
        let probe = sortedProbes[rng.below(sortedProbes.count)]
        let walked = reference.element(atUnits: probe)
        let searched = element(atUnits: probe, in: laidOut)
        if walked?.element != searched?.element || walked?.start != searched?.start || walked?.extent != searched?.extent {
            return "the reference's walk and its search disagree at unit \(probe): \(String(describing: walked)) != \(String(describing: searched))"
        }
    }
    for probe in probes {
        let got = layout.locate(units: probe)
        let want = element(atUnits: probe, in: laidOut)
        if got?.element != want?.element || got?.start != want?.start || got?.extent != want?.extent {
            return "element at unit \(probe): \(String(describing: got)) != \(String(describing: want))"
        }
        let section = layout.section(at: FixedPoint.points(probe))
        if section != want?.element.section { return "section at unit \(probe): \(String(describing: section)) != \(String(describing: want?.element.section))" }
    }
    for _ in 0..<4 {
        let lower = Int64(rng.below(Int(content) + 3)) - 1
        let upper = lower + Int64(rng.below(Int(content) + 2))
        var got: [(ListElement, Int64, Int64)] = []
        layout.forEachElement(units: lower, upper) { got.append(($0, $1, $2)); return true }
        let want = reference.elements(unitsFrom: lower, to: upper)
        if got.map(\.0) != want.map(\.element) || got.map(\.1) != want.map(\.start) {
            return "elements in \(lower)..<\(upper): \(got.map(\.0)) != \(want.map(\.element))"
        }
        let sections = layout.sections(in: FixedPoint.points(lower)..<FixedPoint.points(upper))
        let wantSections = want.isEmpty ? nil : want.first!.element.section...want.last!.element.section
        if sections != wantSections { return "sections in \(lower)..<\(upper): \(String(describing: sections)) != \(String(describing: wantSections))" }
    }
    return nil
}
