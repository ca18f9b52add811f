/// A dictionary split into shards by hash, so that a copy changed in a few keys copies only
/// the shards those keys fall in.
///
/// A snapshot derived from the data source's (`var next = dataSource.snapshot()`, then a few
/// edits) shares its storage until its first change; with one dictionary for a million
/// items' locations that first change copies the whole dictionary (tens of megabytes, which
/// also evicts the caches the apply then needs), and dropping the replaced snapshot frees
/// it. Split into `shardCount` dictionaries, an edit copies one shard (about
/// `count / shardCount` entries) and the copies share the rest.
///
///     keys   hashValue & (shardCount − 1) ──▶ shard ──▶ [Key: Value]
///
/// Small indexes stay in one shard (no per-shard overhead); the index splits into
/// `shardCount` shards when it grows past `shardingThreshold` entries, once, and goes back
/// to one shard only through `removeAll()`.
///
/// - Complexity: lookups, inserts and removals are O(1) expected (one hash for the shard,
///   one in the shard's dictionary); copying is O(shardCount) (reference counts), and the
///   first change of a shard in a copy is O(count / shardCount).
@usableFromInline
internal struct _ShardedIndex<Key: Hashable, Value> {
    /// The shards: one, or `shardCount` once split. Stored as dictionaries, not boxes, so
    /// that a lookup follows no more pointers than one dictionary's does (the applies of a
    /// live list read it with cold caches).
    @usableFromInline internal var _shards: [[Key: Value]]
    /// The number of entries in all shards.
    @usableFromInline internal var _count: Int
    /// The number of writes (sets and removals) since the index was made or
    /// `resetCopyCount()`: each changes at most one shard, so a copy that made them copied
    /// at most that many shards from the index it was copied from.
    @usableFromInline internal var _writes: Int

    /// The number of shards once split (a power of two).
    @usableFromInline internal static var shardCount: Int { 1_024 }
    /// The number of entries past which one shard splits into `shardCount`.
    @usableFromInline internal static var shardingThreshold: Int { 16_384 }

    /// An empty index in one shard.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal init() {
        _shards = [[:]]
        _count = 0
        _writes = 0
    }

    /// An empty index with room for `minimumCapacity` entries: sharded from the start when
    /// that is past `shardingThreshold`, so filling it never rehashes or splits.
    ///
    /// - Complexity: O(min(capacity, shards)) plus the allocation.
    @inlinable
    internal init(minimumCapacity: Int) {
        if minimumCapacity > Self.shardingThreshold {
            let perShard = minimumCapacity / Self.shardCount + 1
            _shards = (0..<Self.shardCount).map { _ in Dictionary(minimumCapacity: perShard + perShard / 8) }
        } else {
            _shards = [Dictionary(minimumCapacity: minimumCapacity)]
        }
        _count = 0
        _writes = 0
    }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var count: Int { _count }

    /// Files `value` under `key` and returns the value it replaced, or `nil` when the key
    /// is new: one hash and one probe, where a lookup followed by a set takes two of each.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    internal mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        let shard = _shard(of: key)
        _writes &+= 1
        if let old = _shards[shard].updateValue(value, forKey: key) { return old }
        _count += 1
        if _shards.count == 1, _count > Self.shardingThreshold { _split() }
        return nil
    }

    /// The shard that holds `key`.
    @inlinable
    internal func _shard(of key: Key) -> Int {
        _shards.count == 1 ? 0 : key.hashValue & (_shards.count &- 1)
    }

    /// The value for `key`, or `nil`; setting `nil` removes the entry.
    ///
    /// - Complexity: O(1) expected; O(count / shardCount) for the first change of a shard
    ///   this index shares with a copy, O(count) when the index splits.
    @inlinable
    internal subscript(key: Key) -> Value? {
        get { _shards[_shard(of: key)][key] }
        set {
            if let newValue {
                _ = updateValue(newValue, forKey: key)
                return
            }
            _writes &+= 1
            if _shards[_shard(of: key)].removeValue(forKey: key) != nil { _count -= 1 }
        }
    }

    /// Removes every entry, back to one shard.
    ///
    /// - Complexity: O(1) (plus freeing the shards this index alone holds).
    @inlinable
    internal mutating func removeAll() {
        _shards = [[:]]
        _count = 0
        _writes &+= 1
    }

    /// Starts counting writes afresh (a snapshot committed as a new base).
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func resetCopyCount() { _writes = 0 }

    /// At most about how many entries the index this one was copied from holds alone since
    /// the copy: its shard table (one reference per shard) and the shards this one's writes
    /// changed (each write copies at most its shard, once). What keeping that index alive
    /// costs, and what dropping it frees.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var copiedEntries: Int {
        guard _writes > 0 else { return 0 }
        return _shards.count + Swift.min(_writes, _shards.count) * Swift.max(1, _count / _shards.count)
    }

    /// Redistributes the single shard into `shardCount` shards.
    ///
    /// - Complexity: O(count).
    @usableFromInline
    internal mutating func _split() {
        let mask = Self.shardCount - 1
        var shards = [[Key: Value]](repeating: [:], count: Self.shardCount)
        let expected = _count / Self.shardCount
        for index in shards.indices { shards[index].reserveCapacity(expected + expected / 2) }
        for (key, value) in _shards[0] { shards[key.hashValue & mask][key] = value }
        _shards = shards
        _writes = Self.shardCount  // a copy sharing the single shard holds it alone now
    }
}

extension _ShardedIndex: Sendable where Key: Sendable, Value: Sendable {}
