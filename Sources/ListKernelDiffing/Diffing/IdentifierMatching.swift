@_spi(ListKernelTesting) import ListKernelCore

// Matching two identifier sequences (Heckel-style): trim the common prefix and suffix, then
// pair the rest through one open-addressing hash table.
//
//     old: a b │ c d e f │ y z          prefix and suffix are paired by position
//     new: a b │ f c x e │ y z          (no hashing); the middles go through the table
//
// The table holds one UInt64 per slot:
//
//     63            32 31             0
//     ┌───────────────┬───────────────┐
//     │ hash tag      │ entry + 1     │   0 = empty slot
//     └───────────────┴───────────────┘
//
// `entry` is an index into the combined middle space: `0..<oldMiddle` are old elements,
// `oldMiddle...` are new elements that matched nothing (kept so a second new element with
// the same identifier is caught). The slot position comes from the low bits of the hash and
// the tag from the high 32 bits, so a tag mismatch rejects almost every foreign slot without
// touching the identifiers. Linear probing, load factor at most 1/2.

/// Two identifiers found equal inside one input: absolute indexes into that input.
@usableFromInline
internal struct _DuplicateIdentifier: Error {
    @usableFromInline var side: DiffSide
    @usableFromInline var first: Int
    @usableFromInline var second: Int

    @usableFromInline
    init(side: DiffSide, first: Int, second: Int) {
        self.side = side
        self.first = first
        self.second = second
    }
}

/// The pairing of an old and a new sequence by identity: for each element, the index of the
/// element with the same identifier on the other side, or -1.
@usableFromInline
internal struct _Matching {
    /// For each old index, the new index of the same identifier, or -1 (deleted).
    @usableFromInline var oldToNew: [Int]
    /// For each new index, the old index of the same identifier, or -1 (inserted).
    @usableFromInline var newToOld: [Int]

    @usableFromInline
    init(oldToNew: [Int], newToOld: [Int]) {
        self.oldToNew = oldToNew
        self.newToOld = newToOld
    }
}

/// Pairs `old` and `new` by identifier: common prefix and suffix by position, the rest by
/// hash.
///
/// - Returns: the matching, or `_DuplicateIdentifier` when an identifier outside the common
///   prefix and suffix occurs twice in one input.
/// - Complexity: O(n) expected time and memory, n = `old.count + new.count`; only the
///   elements between the common prefix and suffix are hashed.
@inlinable
internal func _matchIdentifiers<ID: Hashable>(
    _ old: ContiguousArray<ID>,
    _ new: ContiguousArray<ID>
) -> Result<_Matching, _DuplicateIdentifier> {
    old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
            _matchIdentifiers(old, new)
        }
    }
}

/// `_matchIdentifiers` on buffers.
@inlinable
internal func _matchIdentifiers<ID: Hashable>(
    _ old: UnsafeBufferPointer<ID>,
    _ new: UnsafeBufferPointer<ID>
) -> Result<_Matching, _DuplicateIdentifier> {
    let oldCount = old.count
    let newCount = new.count
    let shorter = Swift.min(oldCount, newCount)
    var prefix = 0
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[oldCount - 1 - suffix] == new[newCount - 1 - suffix] { suffix += 1 }

    var oldToNew = [Int](repeating: -1, count: oldCount)
    var newToOld = [Int](repeating: -1, count: newCount)
    for index in 0..<prefix {
        oldToNew[index] = index
        newToOld[index] = index
    }
    for offset in 0..<suffix {
        oldToNew[oldCount - 1 - offset] = newCount - 1 - offset
        newToOld[newCount - 1 - offset] = oldCount - 1 - offset
    }

    let oldMiddle = oldCount - prefix - suffix
    let newMiddle = newCount - prefix - suffix
    if oldMiddle + newMiddle > 0 {
        // Hash once per element; the table only ever reads these.
        var hashes = [Int](unsafeUninitializedCapacity: oldMiddle + newMiddle) { buffer, initialized in
            for offset in 0..<oldMiddle { buffer[offset] = old[prefix + offset].hashValue }
            for offset in 0..<newMiddle { buffer[oldMiddle + offset] = new[prefix + offset].hashValue }
            initialized = oldMiddle + newMiddle
        }
        let duplicate = hashes.withUnsafeMutableBufferPointer { hashBuffer in
            _matchMiddlesByHash(
                prefix: prefix,
                oldMiddle: oldMiddle,
                newMiddle: newMiddle,
                hashes: UnsafeBufferPointer(hashBuffer),
                oldToNew: &oldToNew,
                newToOld: &newToOld
            ) { a, b in
                let left = a < oldMiddle ? old[prefix + a] : new[prefix + a - oldMiddle]
                let right = b < oldMiddle ? old[prefix + b] : new[prefix + b - oldMiddle]
                return left == right
            }
        }
        if let duplicate {
            return .failure(_DuplicateIdentifier(
                side: duplicate.first < oldMiddle ? .old : .new,
                first: prefix + (duplicate.first < oldMiddle ? duplicate.first : duplicate.first - oldMiddle),
                second: prefix + (duplicate.second < oldMiddle ? duplicate.second : duplicate.second - oldMiddle)
            ))
        }
    }
    return .success(_Matching(oldToNew: oldToNew, newToOld: newToOld))
}

/// The hash-table pass over the two middles. Entries are indexes into the combined middle
/// space (old middle, then new middle); `equal` compares two of them by identifier.
///
/// Returns the two combined indexes of the first duplicate found inside one input, or `nil`.
/// On success, fills the middles of `oldToNew` / `newToOld` (absolute indexes).
///
/// - Complexity: O(m) expected, m = `oldMiddle + newMiddle`.
@usableFromInline
internal func _matchMiddlesByHash(
    prefix: Int,
    oldMiddle: Int,
    newMiddle: Int,
    hashes: UnsafeBufferPointer<Int>,
    oldToNew: inout [Int],
    newToOld: inout [Int],
    equal: (Int, Int) -> Bool
) -> (first: Int, second: Int)? {
    precondition(oldMiddle + newMiddle < Int(UInt32.max), "diff input too large: \(oldMiddle + newMiddle) elements")
    var table = _OpenAddressingTable(minimumCapacity: 2 * Swift.max(oldMiddle, 8))
    defer { table.deallocate() }

    // Old middle: every identifier once; a second occurrence is a duplicate.
    for entry in 0..<oldMiddle {
        if let existing = table.insertUnlessPresent(entry, hash: hashes[entry], equal: equal) {
            return (existing, entry)
        }
    }

    // New middle: find the old element with the same identifier, or record the new one.
    return oldToNew.withUnsafeMutableBufferPointer { oldToNew in
        newToOld.withUnsafeMutableBufferPointer { newToOld in
            for offset in 0..<newMiddle {
                let entry = oldMiddle + offset
                if table.count * 2 >= table.capacity {
                    table.grow(hashes: hashes)
                }
                guard let existing = table.insertUnlessPresent(entry, hash: hashes[entry], equal: equal) else {
                    continue  // inserted: no old element has this identifier
                }
                if existing >= oldMiddle {
                    return (existing, entry)  // an earlier unmatched new element
                }
                let matchedNew = oldToNew[prefix + existing]
                if matchedNew >= 0 {
                    return (oldMiddle + matchedNew - prefix, entry)  // an earlier matched new element
                }
                oldToNew[prefix + existing] = prefix + offset
                newToOld[prefix + offset] = prefix + existing
            }
            return nil
        }
    }
}

/// The open-addressing table of `_matchMiddlesByHash`: slots of (hash tag, entry + 1), linear
/// probing. The owner deallocates it.
internal struct _OpenAddressingTable {
    private var slots: UnsafeMutableBufferPointer<UInt64>
    private(set) var count = 0

    var capacity: Int { slots.count }

    init(minimumCapacity: Int) {
        var capacity = 16
        while capacity < minimumCapacity { capacity <<= 1 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
    }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    private static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) >> 32
    }

    /// Inserts `entry` unless an entry with an equal identifier is present; returns that
    /// entry if so (and inserts nothing).
    @inline(__always)
    mutating func insertUnlessPresent(_ entry: Int, hash: Int, equal: (Int, Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        let tag = Self.tag(hash)
        var position = hash & mask
        while true {
            let slot = slots[position]
            if slot == 0 {
                slots[position] = tag << 32 | UInt64(entry + 1)
                count += 1
                return nil
            }
            if slot >> 32 == tag {
                let other = Int(slot & 0xFFFF_FFFF) - 1
                if equal(other, entry) { return other }
            }
            position = (position + 1) & mask
        }
    }

    /// Doubles the capacity, re-placing every entry by its hash.
    mutating func grow(hashes: UnsafeBufferPointer<Int>) {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: 0)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var position = hashes[Int(slot & 0xFFFF_FFFF) - 1] & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
        old.deallocate()
    }
}
