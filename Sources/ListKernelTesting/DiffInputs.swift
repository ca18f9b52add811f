public import ListKernel

/// An element with an identity and a content version, as `Docs/DiffInputs.md` defines
/// it: identity is `id`; a different `version` means the content changed (an update, not a
/// move).
///
/// ```swift
/// let old = VersionedItem(id: 7, version: 0)
/// let new = VersionedItem(id: 7, version: 1)   // same element, updated
/// ```
///
/// `==` compares both fields, so as an `Identifiable & Equatable` element it gives the diffs
/// exactly that meaning.
///
/// - Complexity: every member is O(1).
public struct VersionedItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The identity.
    public var id: Int
    /// The content version.
    public var version: Int

    /// Creates item `id` at content version `version`.
    ///
    /// - Complexity: O(1).
    public init(id: Int, version: Int) {
        self.id = id
        self.version = version
    }

    /// `id:version`, as the inputs table prints it.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(id):\(version)" }
}

/// An old and a new state to diff.
///
/// - Complexity: every member is O(1).
public struct DiffInputPair<State> {
    /// The before-state.
    public var old: State
    /// The after-state.
    public var new: State

    /// Creates the pair `old` → `new`.
    ///
    /// - Complexity: O(1).
    public init(old: State, new: State) {
        self.old = old
        self.new = new
    }
}

extension DiffInputPair: Sendable where State: Sendable {}

/// The exact inputs of the diff benchmarks, regenerated from `Docs/DiffInputs.md` with
/// `SplitMix64`, so figures measured here compare with figures measured elsewhere on
/// identical data. Tests check them against the published FNV-1a checksums.
///
/// ```swift
/// let input = DiffInputs.scenarioA(count: 10_000)
/// assert(DiffInputs.checksum(input.new) == 0xf04a4eab7be806d7)
/// ```
///
/// - Complexity: each generator is O(n log n) for n elements.
public enum DiffInputs {
    /// `old[i] = VersionedItem(id: i, version: 0)` for `i` in `0..<count`: the old array of
    /// every linear scenario.
    ///
    /// - Complexity: O(count).
    public static func ascending(count: Int) -> [VersionedItem] {
        (0..<count).map { VersionedItem(id: $0, version: 0) }
    }

    /// Scenario A (seed 42): 10% deleted, 10% moved, 10% updated, 10% inserted.
    ///
    /// With `k = count / 10`: a shuffled permutation gives the deleted, moved and updated
    /// ids; the rest stay in order (updated ones at version 1); each moved id, then each new
    /// id `count + t`, is inserted at `below(new.count + 1)`.
    ///
    /// - Parameter count: N, the number of old elements.
    /// - Complexity: O(N log N): the positional inserts are placed with an order-statistic
    ///   tree instead of shifting an array 2k times.
    public static func scenarioA(count: Int) -> DiffInputPair<[VersionedItem]> {
        var random = SplitMix64(seed: 42)
        let k = count / 10
        var permutation = Array(0..<count)
        random.shuffle(&permutation)
        var role = [UInt8](repeating: 0, count: count)  // 1 deleted, 2 moved, 3 updated
        for id in permutation[0..<k] { role[id] = 1 }
        for id in permutation[k..<(2 * k)] { role[id] = 2 }
        for id in permutation[(2 * k)..<(3 * k)] { role[id] = 3 }

        let base = (0..<count).filter { role[$0] == 0 || role[$0] == 3 }.map {
            VersionedItem(id: $0, version: role[$0] == 3 ? 1 : 0)
        }
        var inserted: [VersionedItem] = []
        inserted.reserveCapacity(2 * k)
        for id in permutation[k..<(2 * k)] { inserted.append(VersionedItem(id: id, version: 0)) }
        for t in 0..<k { inserted.append(VersionedItem(id: count + t, version: 0)) }
        var positions: [Int] = []
        positions.reserveCapacity(inserted.count)
        for t in inserted.indices { positions.append(random.below(base.count + t + 1)) }
        let new = placeInserts(base: base, inserted: inserted, positions: positions)
        return DiffInputPair(old: ascending(count: count), new: new)
    }

    /// Scenario B (seed 43): the new array is the old one shuffled.
    ///
    /// - Parameter count: N, the number of elements.
    /// - Complexity: O(N).
    public static func scenarioB(count: Int) -> DiffInputPair<[VersionedItem]> {
        var random = SplitMix64(seed: 43)
        let old = ascending(count: count)
        var new = old
        random.shuffle(&new)
        return DiffInputPair(old: old, new: new)
    }

    /// Scenario C: identical arrays, the new one an element-by-element copy in a separate
    /// buffer.
    ///
    /// - Parameter count: N, the number of elements.
    /// - Complexity: O(N).
    public static func scenarioC(count: Int) -> DiffInputPair<[VersionedItem]> {
        let old = ascending(count: count)
        var new: [VersionedItem] = []
        new.reserveCapacity(count)
        for item in old { new.append(VersionedItem(id: item.id, version: item.version)) }
        return DiffInputPair(old: old, new: new)
    }

    /// The 2-D scenario (seed 44): `sectionCount` sections of `itemsPerSection` items; a
    /// tenth of the sections emptied in place; 5% of all items moved to another non-emptied
    /// section at a random position. The published checksums are for the defaults, 1,000 ×
    /// 100 (100 sections emptied, 5,000 items moved).
    ///
    /// - Parameters:
    ///   - sectionCount: S.
    ///   - itemsPerSection: P.
    /// - Complexity: O(S·P + moved · P).
    public static func sectioned(
        sectionCount: Int = 1_000,
        itemsPerSection: Int = 100
    ) -> DiffInputPair<[DiffSection<Int, VersionedItem>]> {
        let sections = sectionCount
        let perSection = itemsPerSection
        var random = SplitMix64(seed: 44)
        let old = (0..<sections).map { section in
            DiffSection(id: section, items: (0..<perSection).map { VersionedItem(id: section * perSection + $0, version: 0) })
        }
        var sectionPermutation = Array(0..<sections)
        random.shuffle(&sectionPermutation)
        var emptied = [Bool](repeating: false, count: sections)
        for section in sectionPermutation[0..<(sections / 10)] { emptied[section] = true }

        var eligible: [Int] = []
        for section in 0..<sections where !emptied[section] {
            eligible.append(contentsOf: old[section].items.map(\.id))
        }
        random.shuffle(&eligible)
        let moved = eligible[0..<(sections * perSection * 5 / 100)]
        var isMoved = [Bool](repeating: false, count: sections * perSection)
        for id in moved { isMoved[id] = true }

        var new = old.map { section in
            DiffSection(id: section.id, items: emptied[section.id] ? [] : section.items.filter { !isMoved[$0.id] })
        }
        let open = (0..<sections).filter { !emptied[$0] }
        for id in moved {
            let source = id / perSection
            var target = random.below(open.count)
            if open[target] == source { target = (target + 1) % open.count }
            let section = open[target]
            new[section].items.insert(VersionedItem(id: id, version: 0), at: random.below(new[section].items.count + 1))
        }
        return DiffInputPair(old: old, new: new)
    }

    /// 64-bit FNV-1a over `id, version` of every element, each as 8 little-endian bytes.
    ///
    /// - Complexity: O(n).
    public static func checksum(_ items: [VersionedItem]) -> UInt64 {
        var hash = FNV1a()
        for item in items {
            hash.feed(item.id)
            hash.feed(item.version)
        }
        return hash.value
    }

    /// 64-bit FNV-1a over, per section, `section id, item count`, then `id, version` of each
    /// item, each as 8 little-endian bytes.
    ///
    /// - Complexity: O(S + n).
    public static func checksum(_ sections: [DiffSection<Int, VersionedItem>]) -> UInt64 {
        var hash = FNV1a()
        for section in sections {
            hash.feed(section.id)
            hash.feed(section.items.count)
            for item in section.items {
                hash.feed(item.id)
                hash.feed(item.version)
            }
        }
        return hash.value
    }

    /// The array that results from inserting `inserted[t]` at `positions[t]` (a position in
    /// the array as it is at that step), one after another, into `base`.
    ///
    /// Placed backwards with a Fenwick tree over the final slots: the last insert lands at
    /// its position; each earlier one takes the `positions[t]`-th slot still free (later
    /// inserts only add elements around it); base elements fill the remaining slots in order.
    ///
    /// - Complexity: O((b + m) log(b + m)).
    static func placeInserts<Element>(base: [Element], inserted: [Element], positions: [Int]) -> [Element] {
        let total = base.count + inserted.count
        var free = FenwickFreeSlots(count: total)
        var slotOf = [Int](repeating: -1, count: total)  // slot → index into inserted, or -1
        for t in inserted.indices.reversed() {
            slotOf[free.takeFree(rank: positions[t])] = t
        }
        var result: [Element] = []
        result.reserveCapacity(total)
        var next = 0
        for slot in 0..<total {
            if slotOf[slot] >= 0 {
                result.append(inserted[slotOf[slot]])
            } else {
                result.append(base[next])
                next += 1
            }
        }
        return result
    }
}

/// A Fenwick tree over slots that are free (1) or taken (0), to find the r-th free slot.
struct FenwickFreeSlots {
    private var tree: [Int]
    private var highBit = 1

    /// `count` slots, all free.
    init(count: Int) {
        tree = [Int](repeating: 0, count: count + 1)
        for index in 1...max(count, 1) where index <= count {
            tree[index] += 1
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
        }
        while highBit * 2 <= count { highBit *= 2 }
    }

    /// Takes the `rank`-th free slot (0-based) and returns its index.
    mutating func takeFree(rank: Int) -> Int {
        var position = 0
        var remaining = rank + 1
        var step = highBit
        while step > 0 {
            let next = position + step
            if next < tree.count && tree[next] < remaining {
                position = next
                remaining -= tree[next]
            }
            step >>= 1
        }
        // position + 1 is the 1-based slot; mark it taken.
        var index = position + 1
        while index < tree.count {
            tree[index] -= 1
            index += index & -index
        }
        return position
    }
}

/// 64-bit FNV-1a over little-endian 8-byte integers.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func feed(_ integer: Int) {
        var bits = UInt64(bitPattern: Int64(integer))
        for _ in 0..<8 {
            value ^= bits & 0xFF
            value = value &* 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }
}
