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
    /// One shard's entries, boxed so that whether a copy shares it is observable
    /// (`isKnownUniquelyReferenced`), and so that copying the index retains boxes rather
    /// than dictionaries.
    @usableFromInline
    internal final class _Shard {
        @exclusivity(unchecked) @usableFromInline internal var entries: [Key: Value]

        @inlinable
        internal init(_ entries: [Key: Value]) { self.entries = entries }
    }

    /// The shards: one, or `shardCount` once split.
    @usableFromInline internal var _shards: [_Shard]
    /// The number of entries in all shards.
    @usableFromInline internal var _count: Int
    /// The number of shards this index copied from storage it shared (since it was made or
    /// `resetCopyCount()`): what the index it was copied from now holds alone.
    @usableFromInline internal var _copiedShards: Int

    /// The number of shards once split (a power of two).
    @usableFromInline internal static var shardCount: Int { 1_024 }
    /// The number of entries past which one shard splits into `shardCount`.
    @usableFromInline internal static var shardingThreshold: Int { 16_384 }

    /// An empty index in one shard.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal init() {
        _shards = [_Shard([:])]
        _count = 0
        _copiedShards = 0
    }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var count: Int { _count }

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
        get { _shards[_shard(of: key)].entries[key] }
        set {
            let shard = _shard(of: key)
            if !isKnownUniquelyReferenced(&_shards[shard]) {
                _shards[shard] = _Shard(_shards[shard].entries)
                _copiedShards += 1
            }
            if let newValue {
                guard _shards[shard].entries.updateValue(newValue, forKey: key) == nil else { return }
                _count += 1
                if _shards.count == 1, _count > Self.shardingThreshold { _split() }
            } else if _shards[shard].entries.removeValue(forKey: key) != nil {
                _count -= 1
            }
        }
    }

    /// Removes every entry, back to one shard.
    ///
    /// - Complexity: O(1) (plus freeing the shards this index alone holds).
    @inlinable
    internal mutating func removeAll() {
        _shards = [_Shard([:])]
        _count = 0
    }

    /// Starts counting copied shards afresh (a snapshot committed as a new base).
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func resetCopyCount() { _copiedShards = 0 }

    /// About how many entries the index this one was copied from holds alone since the copy
    /// (those of the shards this one copied on change): what dropping that index frees.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal var copiedEntries: Int {
        _copiedShards * Swift.max(1, _count / _shards.count)
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
        for (key, value) in _shards[0].entries { shards[key.hashValue & mask][key] = value }
        var boxes: [_Shard] = []
        boxes.reserveCapacity(shards.count)
        for shard in shards { boxes.append(_Shard(shard)) }
        _shards = boxes
        _copiedShards = Self.shardCount  // a copy sharing the single shard holds it alone now
    }
}

// The shards are changed only through an index that holds them uniquely (a shared one is
// copied first), so a shard reachable from two threads is never written: the boxes are as
// safe to share as the dictionaries they hold.
extension _ShardedIndex: @unchecked Sendable where Key: Sendable, Value: Sendable {}
