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

/// One random layout operation, printable as a line of Swift for a reproducer.
enum LayoutOp: CustomStringConvertible {
    case collapse(Bool, Int)
    case setItem(Double, ItemPath, Bool)
    case setItems([Double], ItemPath, Bool)
    case setEstimate(Double, Int)
    case setHeader(Double?, Int)
    case setFooter(Double?, Int)
    case insertItems(ItemPath, Int, Double?)
    case deleteItems(Range<Int>, Int)
    case moveItem(ItemPath, ItemPath)
    case insertSections([ListLayout.Section], Int)
    case deleteSections(Range<Int>)
    case moveSection(Int, Int)
    case replaceSection(Int, ListLayout.Section)

    var description: String {
        switch self {
        case .collapse(let c, let s): "try layout.setCollapsed(\(c), section: \(s))"
        case .setItem(let v, let p, let m): "try layout.setItemExtent(\(v), at: ItemPath(section: \(p.section), item: \(p.item)), isMeasured: \(m))"
        case .setItems(let v, let p, let m): "try layout.setItemExtents(\(v), from: ItemPath(section: \(p.section), item: \(p.item)), isMeasured: \(m))"
        case .setEstimate(let v, let s): "try layout.setEstimatedItemExtent(\(v), section: \(s))"
        case .setHeader(let v, let s): "try layout.setHeaderExtent(\(String(describing: v)), section: \(s))"
        case .setFooter(let v, let s): "try layout.setFooterExtent(\(String(describing: v)), section: \(s))"
        case .insertItems(let p, let n, let v): "try layout.insertItems(at: ItemPath(section: \(p.section), item: \(p.item)), count: \(n), measuredExtent: \(String(describing: v)))"
        case .deleteItems(let r, let s): "try layout.deleteItems(\(r.lowerBound)..<\(r.upperBound), inSection: \(s))"
        case .moveItem(let a, let b): "try layout.moveItem(from: ItemPath(section: \(a.section), item: \(a.item)), to: ItemPath(section: \(b.section), item: \(b.item)))"
        case .insertSections(let specs, let i): "try layout.insertSections(\(specs), at: \(i))"
        case .deleteSections(let r): "try layout.deleteSections(\(r.lowerBound)..<\(r.upperBound))"
        case .moveSection(let a, let b): "try layout.moveSection(from: \(a), to: \(b))"
        case .replaceSection(let i, let spec): "try layout.replaceSection(\(i), with: \(spec))"
        }
    }

    /// Applies to the kernel; throws what the kernel throws.
    func apply(to layout: inout ListLayout) throws(LayoutError) {
        switch self {
        case .collapse(let c, let s): try layout.setCollapsed(c, section: s)
        case .setItem(let v, let p, let m): try layout.setItemExtent(v, at: p, isMeasured: m)
        case .setItems(let v, let p, let m): try layout.setItemExtents(v, from: p, isMeasured: m)
        case .setEstimate(let v, let s): try layout.setEstimatedItemExtent(v, section: s)
        case .setHeader(let v, let s): try layout.setHeaderExtent(v, section: s)
        case .setFooter(let v, let s): try layout.setFooterExtent(v, section: s)
        case .insertItems(let p, let n, let v): try layout.insertItems(at: p, count: n, measuredExtent: v)
        case .deleteItems(let r, let s): try layout.deleteItems(r, inSection: s)
        case .moveItem(let a, let b): try layout.moveItem(from: a, to: b)
        case .insertSections(let specs, let i): try layout.insertSections(specs, at: i)
        case .deleteSections(let r): try layout.deleteSections(r)
        case .moveSection(let a, let b): try layout.moveSection(from: a, to: b)
        case .replaceSection(let i, let spec): try layout.replaceSection(i, with: spec)
        }
    }

    /// Applies to the reference (only called for operations the kernel accepted).
    func apply(to reference: inout ReferenceLayout) {
        switch self {
        case .collapse(let c, let s): reference.setCollapsed(c, section: s)
        case .setItem(let v, let p, let m): reference.setItemExtent(v, at: p, isMeasured: m)
        case .setItems(let v, let p, let m):
            for (offset, extent) in v.enumerated() { reference.setItemExtent(extent, at: ItemPath(section: p.section, item: p.item + offset), isMeasured: m) }
        case .setEstimate(let v, let s): reference.setEstimatedItemExtent(v, section: s)
        case .setHeader(let v, let s): reference.setHeaderExtent(v, section: s)
        case .setFooter(let v, let s): reference.setFooterExtent(v, section: s)
        case .insertItems(let p, let n, let v): reference.insertItems(at: p, count: n, measuredExtent: v)
        case .deleteItems(let r, let s): reference.deleteItems(r, inSection: s)
        case .moveItem(let a, let b): reference.moveItem(from: a, to: b)
        case .insertSections(let specs, let i): reference.insertSections(specs, at: i)
        case .deleteSections(let r): reference.deleteSections(r)
        case .moveSection(let a, let b): reference.moveSection(from: a, to: b)
        case .replaceSection(let i, let spec): reference.replaceSection(i, with: spec)
        }
    }
}

/// Whether the reference model would accept `op` (its own, independent validity rules).
func referenceAccepts(_ op: LayoutOp, _ reference: ReferenceLayout) -> Bool {
    let sections = reference.sections
    func validSection(_ s: Int) -> Bool { s >= 0 && s < sections.count }
    func validItem(_ p: ItemPath) -> Bool { validSection(p.section) && p.item >= 0 && p.item < sections[p.section].items.count }
    func validExtent(_ v: Double?) -> Bool { v.map { $0.isFinite && $0 >= 0 && $0 <= FixedPoint.maximumElementExtent } ?? true }
    func validSpec(_ spec: ListLayout.Section) -> Bool {
        validExtent(spec.header) && validExtent(spec.footer) && validExtent(spec.itemExtent.points) && spec.itemCount >= 0
            && (spec.measuredItemExtents ?? []).allSatisfy { validExtent($0) }
    }
    switch op {
    case .collapse(_, let s): return validSection(s)
    case .setItem(let v, let p, _): return validItem(p) && validExtent(v)
    case .setItems(let v, let p, _):
        return validSection(p.section) && (v.isEmpty || validItem(p) && validItem(ItemPath(section: p.section, item: p.item + v.count - 1)))
            && v.allSatisfy { validExtent($0) }
    case .setEstimate(let v, let s), .setHeader(.some(let v), let s), .setFooter(.some(let v), let s):
        return validSection(s) && validExtent(v)
    case .setHeader(nil, let s), .setFooter(nil, let s): return validSection(s)
    case .insertItems(let p, let n, let v):
        return validSection(p.section) && p.item >= 0 && p.item <= sections[p.section].items.count && n >= 0 && validExtent(v)
    case .deleteItems(let r, let s): return validSection(s) && r.lowerBound >= 0 && r.upperBound <= sections[s].items.count
    case .moveItem(let a, let b):
        guard validItem(a), validSection(b.section) else { return false }
        let count = sections[b.section].items.count - (a.section == b.section ? 1 : 0)
        return b.item >= 0 && b.item <= count
    case .insertSections(let specs, let i): return i >= 0 && i <= sections.count && specs.allSatisfy(validSpec)
    case .deleteSections(let r): return r.lowerBound >= 0 && r.upperBound <= sections.count
    case .moveSection(let a, let b): return validSection(a) && validSection(b)
    case .replaceSection(let i, let spec): return validSection(i) && validSpec(spec)
    }
}

struct LayoutOpGenerator {
    var rng: SplitMix64
    /// Above this many sections, an insert of sections turns into a delete.
    var maximumSections = 12

    mutating func extent() -> Double {
        switch rng.below(10) {
        case 0, 1: 0
        case 2: Double(rng.below(400)) / 4
        default: Double(rng.int(in: 1...60))
        }
    }

    mutating func badExtent() -> Double {
        [-1, .nan, .infinity, -.infinity, FixedPoint.maximumElementExtent * 2][rng.below(5)]
    }

    mutating func maybeBad(_ value: Double) -> Double { rng.chance(1, in: 25) ? badExtent() : value }

    mutating func spec() -> ListLayout.Section {
        let header: Double? = rng.chance(1, in: 5) ? nil : extent()
        let footer: Double? = rng.chance(1, in: 3) ? nil : extent()
        let collapsed = rng.chance(1, in: 4)
        switch rng.below(3) {
        case 0: return .init(itemCount: rng.below(6), itemExtent: .uniform(extent()), header: header, footer: footer, isCollapsed: collapsed)
        case 1: return .init(itemCount: rng.below(6), itemExtent: .estimated(extent()), header: header, footer: footer, isCollapsed: collapsed)
        default:
            return .init(itemExtents: (0..<rng.below(6)).map { _ in extent() }, estimate: extent(), header: header, footer: footer, isCollapsed: collapsed)
        }
    }

    /// An index that is usually valid for `count` slots and sometimes just outside.
    mutating func index(_ count: Int) -> Int {
        rng.chance(1, in: 20) ? [-1, count, count + 1][rng.below(3)] : (count == 0 ? 0 : rng.below(count))
    }

    mutating func next(_ reference: ReferenceLayout) -> LayoutOp {
        let sections = reference.sections
        let s = index(sections.count)
        let count = s >= 0 && s < sections.count ? sections[s].items.count : 0
        switch rng.below(13) {
        case 0, 1: return .collapse(rng.chance(1, in: 2), s)
        case 2: return .setItem(maybeBad(extent()), ItemPath(section: s, item: index(count)), rng.chance(4, in: 5))
        case 3:
            if rng.chance(1, in: 2) { return .setItem(maybeBad(extent()), ItemPath(section: s, item: index(count)), rng.chance(4, in: 5)) }
            let start = index(count)
            return .setItems((0..<rng.below(max(1, count - max(0, start)) + 2)).map { _ in maybeBad(extent()) }, ItemPath(section: s, item: start), rng.chance(4, in: 5))
        case 4: return .setEstimate(maybeBad(extent()), s)
        case 5: return .setHeader(rng.chance(1, in: 4) ? nil : maybeBad(extent()), s)
        case 6: return .setFooter(rng.chance(1, in: 4) ? nil : maybeBad(extent()), s)
        case 7: return .insertItems(ItemPath(section: s, item: index(count + 1)), rng.below(4), rng.chance(1, in: 2) ? nil : maybeBad(extent()))
        case 8:
            let lower = index(count + 1)
            return .deleteItems(lower..<(lower + rng.below(3)), s)
        case 9:
            let t = index(sections.count)
            let tCount = t >= 0 && t < sections.count ? sections[t].items.count : 0
            return .moveItem(ItemPath(section: s, item: index(count)), ItemPath(section: t, item: index(tCount + 1)))
        case 10:
            var spec = spec()
            if rng.chance(1, in: 20) { spec.header = badExtent() }
            return sections.count < maximumSections ? .insertSections([spec], index(sections.count + 1)) : .deleteSections(s..<(s + 1))
        case 11:
            return rng.chance(1, in: 2) ? .deleteSections(s..<(s + rng.below(2))) : .moveSection(s, index(sections.count))
        default: return .replaceSection(s, spec())
        }
    }
}

@Suite struct LayoutDifferentialTests {
    /// Runs `steps` random operations (valid and invalid) against the kernel and the
    /// reference, comparing every answer after every step.
    func run(seed: UInt64, steps: Int, sections: ClosedRange<Int> = 0...5, maximumSections: Int = 12) {
        var generator = LayoutOpGenerator(rng: SplitMix64(seed: seed), maximumSections: maximumSections)
        var specs: [ListLayout.Section] = []
        for _ in 0..<generator.rng.int(in: sections) { specs.append(generator.spec()) }
        guard var layout = try? ListLayout(sections: specs) else {
            Issue.record("seed \(seed): initial sections rejected: \(specs)")
            return
        }
        var reference = ReferenceLayout(sections: specs)
        var history: [String] = ["var layout = try ListLayout(sections: \(specs))"]
        var checkRng = SplitMix64(seed: seed ^ 0xC0FFEE)
        for step in 0..<steps {
            let op = generator.next(reference)
            history.append(op.description)
            let before = layout
            let accepted: Bool
            do {
                try op.apply(to: &layout)
                accepted = true
            } catch {
                accepted = false
                #expect(layout == before, "seed \(seed) step \(step): a rejected call changed the layout\n\(history.joined(separator: "\n"))")
            }
            let shouldAccept = referenceAccepts(op, reference)
            if accepted != shouldAccept {
                Issue.record("seed \(seed) step \(step): kernel \(accepted ? "accepted" : "rejected") \(op)\nreproducer:\n\(history.joined(separator: "\n"))")
                return
            }
            if accepted { op.apply(to: &reference) }
            if let problem = disagreement(layout, reference, rng: &checkRng) {
                Issue.record("seed \(seed) step \(step): \(problem)\nreproducer:\n\(history.joined(separator: "\n"))")
                return
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomOperationsAgreeWithTheReferenceAfterEveryStep(seed: UInt64) {
        run(seed: seed, steps: 2_500)
    }

    /// A hundred sections and more: the section tree has two levels, and section inserts,
    /// deletes and moves split and merge its leaves. (Deeper trees: `SectionTreeTests`.)
    @Test(arguments: [11, 12] as [UInt64])
    func randomOperationsOnAHundredSectionsAgreeWithTheReference(seed: UInt64) {
        run(seed: seed, steps: 150, sections: 100...130, maximumSections: 140)
    }
}
