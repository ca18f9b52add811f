/// A dictionary split into shards by hash, so that a copy changed in a few keys copies only
/// the shards those keys fall in.
///
/// A snapshot derived from the data source's (`var next = dataSource.snapshot()`, then a few
/// edits) shares its storage until its first change; with one dictionary for a million
/// items' locations that first change copies the whole dictionary (tens of megabytes, which
/// also evicts the caches the apply then needs), and dropping the replaced snapshot frees
/// it. Split into shards, an edit copies one shard (about `count / shards` entries) and the
/// copies share the rest.
///
/// The shards sit in groups of at most 64, and the groups in one table, so that the first
/// change of a copy copies the table and one group, not a table of every shard: each entry
/// copied is a reference count written in a cache line of its own. At a million items in
/// 100,000 sections, a flat table of 1,024 shards (of about 1,000 entries each) and the
/// sections' flat table of chunks made the five deletes of a derivation touch about 490 KB
/// (a cache simulation of the 1 MB level 2), which pushed the apply that follows out of the
/// core's cache; in groups, about 150 KB. The index also keeps its shards small (16 to 256
/// entries on average) as it grows:
///
///     keys   hashValue & (shards − 1) ──▶ group (high bits) ──▶ shard (low 6 bits) ──▶ [Key: Value]
///
///     entries   ≤ 16,384   ≤ 262,144   ≤ 1,048,576   ≤ 4,194,304   …
///     shards         1        1,024         4,096        16,384     ×4
///     groups         1           16            64           256     ×4
///
/// Each split rehashes every entry, and each insert goes through one more array, so building
/// a million-item index by inserts costs about 10–20% more than in one table of 1,024
/// shards (`Docs/LiveLists.md`); splitting sixteen ways, into 16,384 shards whose headers
/// no longer fit in the core's cache, cost 40%.
///
/// Small indexes stay in one shard (no per-shard overhead). Past `shardingThreshold`
/// entries the index splits into `shardCount` shards, and each time the shards average more
/// than `maximumShardFill` entries into four times as many; it goes back to one shard
/// only through `removeAll()`.
///
/// - Complexity: lookups, inserts and removals are O(1) expected (one hash for the shard,
///   one in the shard's dictionary), and amortized O(1) across the splits; copying is O(1)
///   (one reference count); the first change of a copy is O(groups) for the table, and the
///   first change of a group and of a shard O(64) and O(count / shards).
@usableFromInline
internal struct _ShardedIndex<Key: Hashable, Value> {
    /// The shards in their groups: shard `g << 6 | s` (or just `s` with fewer than 64
    /// shards) is `_groups[g][s]`. Stored as dictionaries, not boxes, so that a lookup
    /// follows two array buffers and one dictionary's storage.
    @usableFromInline internal var _groups: [[[Key: Value]]]
    /// The number of entries in all shards.
    @usableFromInline internal var _count: Int
    /// The number of writes (sets and removals) since the index was made or
    /// `resetCopyCount()`: each changes at most one shard and one group, so a copy that made
    /// them copied at most that many of each from the index it was copied from.
    @usableFromInline internal var _writes: Int
    /// `log2` of the number of shards: 0 for one shard.
    @usableFromInline internal var _shardBits: Int

    /// The number of shards at the first split (a power of two).
    @usableFromInline internal static var shardCount: Int { 1_024 }
    /// The number of entries past which one shard splits into `shardCount`.
    @usableFromInline internal static var shardingThreshold: Int { 16_384 }
    /// The average entries per shard past which the shards split four ways.
    @usableFromInline internal static var maximumShardFill: Int { 256 }
    /// `log2` of the most shards a group holds.
    @usableFromInline internal static var groupBits: Int { 6 }

    /// An empty index in one shard.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal init() {
        _groups = [[[:]]]
        _count = 0
        _writes = 0
        _shardBits = 0
    }

    /// An empty index with room for `minimumCapacity` entries: split from the start into as
    /// many shards as that many entries would reach, so filling it never rehashes or splits.
    ///
    /// - Complexity: O(min(capacity, shards)) plus the allocation.
    @inlinable
    internal init(minimumCapacity: Int) {
        let bits = Self.shardBits(holding: minimumCapacity)
        let perShard = bits == 0 ? minimumCapacity : (minimumCapacity >> bits) + 1
        _groups = Self.emptyGroups(bits: bits, perShard: perShard + perShard / 8)
        _count = 0
        _writes = 0
        _shardBits = bits
    }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var count: Int { _count }

    /// The number of shards.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var _shardCount: Int { 1 &<< _shardBits }

    /// Files `value` under `key` and returns the value it replaced, or `nil` when the key
    /// is new: one hash and one probe, where a lookup followed by a set takes two of each.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    internal mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        let (group, shard) = _place(of: key)
        _writes &+= 1
        if let old = _groups[group][shard].updateValue(value, forKey: key) { return old }
        _count += 1
        if _count > Self.splitThreshold(bits: _shardBits) { _split() }
        return nil
    }

    /// The group and the shard within it that hold `key`.
    @inlinable
    internal func _place(of key: Key) -> (group: Int, shard: Int) {
        guard _shardBits > 0 else { return (0, 0) }
        return Self.place(ofHash: key.hashValue, bits: _shardBits)
    }

    /// The group and the shard within it of a key hashed to `hash`, among `1 << bits` shards.
    @inlinable
    internal static func place(ofHash hash: Int, bits: Int) -> (group: Int, shard: Int) {
        let index = hash & ((1 &<< bits) &- 1)
        let inner = Swift.min(bits, groupBits)
        return (index &>> inner, index & ((1 &<< inner) &- 1))
    }

    /// The value for `key`, or `nil`; setting `nil` removes the entry.
    ///
    /// - Complexity: O(1) expected; O(groups + 64 + count / shards) for the first change
    ///   of a group and a shard this index shares with a copy, O(count) when the index
    ///   splits.
    @inlinable
    internal subscript(key: Key) -> Value? {
        get {
            let (group, shard) = _place(of: key)
            return _groups[group][shard][key]
        }
        set {
            if let newValue {
                _ = updateValue(newValue, forKey: key)
                return
            }
            _writes &+= 1
            let (group, shard) = _place(of: key)
            if _groups[group][shard].removeValue(forKey: key) != nil { _count -= 1 }
        }
    }

    /// Removes every entry, back to one shard.
    ///
    /// - Complexity: O(1) (plus freeing the shards this index alone holds).
    @inlinable
    internal mutating func removeAll() {
        _groups = [[[:]]]
        _shardBits = 0
        _count = 0
        _writes &+= 1
    }

    /// Starts counting writes afresh (a snapshot committed as a new base).
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func resetCopyCount() { _writes = 0 }

    /// At most about how many entries the index this one was copied from holds alone since
    /// the copy: its group table (one reference per group), the groups this one's writes
    /// changed (one reference per shard) and the shards they changed (each write copies at
    /// most its group and its shard, once). What keeping that index alive costs, and what
    /// dropping it frees.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var copiedEntries: Int {
        guard _writes > 0 else { return 0 }
        let groups = _groups.count
        let perGroup = _shardCount / groups
        return groups + Swift.min(_writes, groups) * perGroup
            + Swift.min(_writes, _shardCount) * Swift.max(1, _count >> _shardBits)
    }

    /// The entries past which an index of `1 << bits` shards splits.
    @inlinable
    internal static func splitThreshold(bits: Int) -> Int {
        bits == 0 ? shardingThreshold : maximumShardFill << bits
    }

    /// `log2` of the shards an index of `entries` entries has, had it grown to them: at most
    /// `maximumShardBits`, whose threshold is the largest that does not overflow.
    @inlinable
    internal static func shardBits(holding entries: Int) -> Int {
        var bits = 0
        while bits < maximumShardBits, entries > splitThreshold(bits: bits) { bits = nextBits(after: bits) }
        return bits
    }

    /// The most `shardBits(holding:)` gives: `maximumShardFill << maximumShardBits` is the
    /// largest split threshold below `Int.max` (the next would shift past the top bit, and
    /// every count would exceed it).
    @inlinable
    internal static var maximumShardBits: Int {
        var bits = nextBits(after: 0)
        while nextBits(after: bits) < maximumShardFill.leadingZeroBitCount { bits = nextBits(after: bits) }
        return bits
    }

    /// `log2` of the shards an index of `1 << bits` shards splits into.
    @inlinable
    internal static func nextBits(after bits: Int) -> Int {
        bits == 0 ? shardCount.trailingZeroBitCount : bits + 2
    }

    /// `1 << bits` empty shards in their groups, each with room for `perShard` entries.
    @inlinable
    internal static func emptyGroups(bits: Int, perShard: Int) -> [[[Key: Value]]] {
        let inner = Swift.min(bits, groupBits)
        let group = [[Key: Value]](repeating: [:], count: 1 &<< inner)
        var groups = [[[Key: Value]]](repeating: group, count: 1 &<< (bits - inner))
        guard perShard > 0 else { return groups }
        for g in groups.indices {
            for s in groups[g].indices { groups[g][s].reserveCapacity(perShard) }
        }
        return groups
    }

    /// Redistributes the entries into four times as many shards (or `shardCount`, from
    /// one).
    ///
    /// - Complexity: O(count).
    /// Inlinable, so that it is specialized for the index's key and value types: in generic
    /// code each entry moved looked the nested arrays' types up at run time.
    @inlinable
    internal mutating func _split() {
        let bits = Self.nextBits(after: _shardBits)
        let expected = _count >> bits
        var groups = Self.emptyGroups(bits: bits, perShard: expected + expected / 2)
        for group in _groups {
            for shard in group {
                for (key, value) in shard {
                    let (g, s) = Self.place(ofHash: key.hashValue, bits: bits)
                    groups[g][s][key] = value
                }
            }
        }
        _groups = groups
        _shardBits = bits
        _writes = 1 &<< bits  // a copy sharing the old shards holds them alone now
    }
}

extension _ShardedIndex: Sendable where Key: Sendable, Value: Sendable {}
