/// A section's items in order, with each item's index: flat for the sections of most lists,
/// in chunks for a section of many thousands (a chat or a log of a million lines in one
/// section), so that a copy changed in a few items copies a few chunks, not the section.
///
///     flat     items [a, b, c, …]            positions { a: 0, b: 1, … } past 32 items
///     chunked  chunks [[a … ≤ 256] [… ≤ 256] …]   ends [256, 512, …]   running item counts
///              chunk of item (sharded) { a: id 7, … }   id → chunk position [7: 0, …]
///
/// A flat list is an array and a dictionary of indexes: an insert re-indexes the items after
/// it, O(m). Past `chunkingThreshold` items the list turns chunked: each item is filed under
/// its chunk's *identifier*, which an insert or delete elsewhere does not change, and its
/// index is its chunk's start plus its offset in the chunk (found by a scan of at most
/// `chunkCapacity`). A derived snapshot appending to a million-item section then copies the
/// chunk array's references (m / 256), the last chunk and one shard of the chunk index with
/// its group (about 250 entries and 64 references at a million items), where a flat list
/// copies all m items and m indexes.
///
/// Chunks hold up to `chunkCapacity` items; those made at once (a long section built or
/// turned chunked) are filled to three quarters, so that inserts in the middle find room.
/// An insert that overflows the last chunk at its end fills it and opens new full chunks
/// after it, and one that overflows the first chunk at its start opens new chunks before it
/// (a log's appends and a chat's history move no item);
/// an insert that overflows any other chunk splits it evenly, the first piece keeping the
/// chunk's identifier, so at most the items of the later pieces are filed again. Empty
/// chunks are removed. Below `flatteningThreshold` items the list turns flat again (the gap
/// between the two thresholds keeps a section near one from converting back and forth).
///
/// - Complexity: `count`, reads at an index O(1) flat, O(log(m / 256)) chunked; `index(of:)`
///   O(1) expected flat, O(256) chunked; inserts and removals O(m + k) flat, O(m / 256 +
///   k + 256) chunked (plus O(min(m / 1,024, 256) + 64) for each shard of the chunk index
///   first changed in a copy, with its group).
@usableFromInline
package struct _ItemList<Item: Hashable> {
    /// The items of a flat list (empty when chunked).
    @usableFromInline internal var _flat: [Item] = []
    /// Item → index, for a flat list past `indexedThreshold` items; empty otherwise.
    @usableFromInline internal var _positions: [Item: Int] = [:]
    /// The chunked representation, or `nil` for a flat list. A class, so that a section
    /// record stays three references wide; copied before a change when shared.
    @usableFromInline internal var _chunked: _ItemChunks<Item>?

    /// The item count up to which a flat list keeps no `positions` (a scan is as fast).
    @usableFromInline static var indexedThreshold: Int { 32 }
    /// The item count past which a flat list turns chunked.
    @usableFromInline static var chunkingThreshold: Int { 8_192 }
    /// The item count below which a chunked list turns flat.
    @usableFromInline static var flatteningThreshold: Int { 2_048 }
    /// The most items a chunk holds.
    @usableFromInline static var chunkCapacity: Int { 256 }

    /// A list of `items`, in order (which must hold no repeats).
    ///
    /// - Complexity: O(m).
    @inlinable
    init(_ items: [Item]) {
        if items.count > Self.chunkingThreshold {
            _chunked = _ItemChunks(items, capacity: Self.chunkCapacity)
        } else {
            _flat = items
            _reindexFlat(from: 0, removed: EmptyCollection())
        }
    }

    /// Whether the list is chunked.
    @inlinable
    package var isChunked: Bool { _chunked != nil }

    /// The number of items.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var count: Int { _chunked?.count ?? _flat.count }

    /// The items as one array.
    ///
    /// - Complexity: O(1) flat (shared, copy-on-write); O(m) chunked.
    @inlinable
    package var array: [Item] {
        guard _chunked != nil else { return _flat }
        var items: [Item] = []
        items.reserveCapacity(count)
        forEachRun { items.append(contentsOf: $0) }
        return items
    }

    /// Calls `body` with the items in order, as runs: the flat array, or each chunk. Copying
    /// items out run by run copies arrays, not one element at a time through an iterator.
    ///
    /// - Complexity: O(1) per run (plus what `body` does): one run flat, m / 256 chunked.
    @inlinable
    package func forEachRun(_ body: ([Item]) throws -> Void) rethrows {
        guard let chunked = _chunked else { return try body(_flat) }
        for chunk in chunked.chunks { try body(chunk) }
    }

    /// About how many entries a derived copy copies when it changes this list once: all of
    /// a flat list's items and indexes, or a chunk, the chunk tables and a shard of the
    /// chunk index.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var editWeight: Int {
        guard let chunked = _chunked else { return _flat.count }
        return Self.chunkCapacity + chunked.chunks.count + chunked.count / 1_024
    }

    /// The index of `item`, which the list must hold for a meaningful answer (`nil`
    /// otherwise).
    ///
    /// - Complexity: O(1) expected flat (O(32) for a short list); O(256) chunked.
    @inlinable
    package func index(of item: Item) -> Int? {
        if let chunked = _chunked { return chunked.index(of: item) }
        return _flat.count > Self.indexedThreshold ? _positions[item] : _flat.firstIndex(of: item)
    }

    /// Inserts `new` (items the list does not hold) at `index`.
    ///
    /// - Complexity: O(m + k) flat; O(m / 256 + k + 256) chunked.
    @inlinable
    mutating func insert(contentsOf new: [Item], at index: Int) {
        guard !new.isEmpty else { return }
        if _chunked != nil {
            _mutateChunks { $0.insert(contentsOf: new, at: index) }
            return
        }
        _flat.insert(contentsOf: new, at: index)
        if _flat.count > Self.chunkingThreshold {
            _chunked = _ItemChunks(_flat, capacity: Self.chunkCapacity)
            _flat = []
            _positions = [:]
            return
        }
        _reindexFlat(from: index, removed: EmptyCollection())
    }

    /// Removes the items at `doomed` (indexes).
    ///
    /// - Complexity: O(m) flat; O(m / 256 + k log k + 256 per chunk changed) chunked.
    @usableFromInline
    mutating func remove(at doomed: Set<Int>) {
        guard let first = doomed.min() else { return }
        if _chunked != nil {
            _mutateChunks { $0.remove(at: doomed.sorted()) }
            if let chunked = _chunked, chunked.count < Self.flatteningThreshold {
                _flat = array
                _chunked = nil
                _reindexFlat(from: 0, removed: EmptyCollection())
            }
            return
        }
        let removed = doomed.map { _flat[$0] }
        var index = 0
        _flat.removeAll { _ in
            defer { index += 1 }
            return doomed.contains(index)
        }
        _reindexFlat(from: first, removed: removed)
    }

    /// Removes every item.
    ///
    /// - Complexity: O(1) (plus freeing).
    @usableFromInline
    mutating func removeAll() {
        _flat = []
        _positions = [:]
        _chunked = nil
    }

    /// Runs `change` on the chunks, copying them first when another list shares them.
    @inlinable
    mutating func _mutateChunks(_ change: (_ItemChunks<Item>) -> Void) {
        if !isKnownUniquelyReferenced(&_chunked) { _chunked = _chunked!.copy() }
        change(_chunked!)
    }

    /// Brings a flat list's `positions` up to date after a change of its items from `start`
    /// on that removed `removed`: kept exact past `indexedThreshold` items, built when the
    /// list grows past it, dropped when it shrinks to it.
    ///
    /// - Complexity: O(m − start + removed), O(m) when built.
    @inlinable
    mutating func _reindexFlat<Removed: Collection<Item>>(from start: Int, removed: Removed) {
        guard _flat.count > Self.indexedThreshold else {
            if !_positions.isEmpty { _positions = [:] }
            return
        }
        if _positions.isEmpty {
            _positions.reserveCapacity(_flat.count)
            for (index, item) in _flat.enumerated() { _positions[item] = index }
            return
        }
        for item in removed { _positions[item] = nil }
        for index in start..<_flat.count { _positions[_flat[index]] = index }
    }

    /// Stops unless every index agrees with the items: each item at its recorded index, no
    /// stray entries, chunk tables consistent (`ListSnapshot._checkInvariantsNow`).
    ///
    /// - Complexity: O(m).
    package func _checkIndexes(_ describe: () -> String) {
        if let chunked = _chunked {
            precondition(_flat.isEmpty && _positions.isEmpty, "\(describe()): a chunked list with flat items")
            precondition(chunked.count > Self.flatteningThreshold - 1, "\(describe()): a chunked list of \(chunked.count) items")
            chunked.checkIndexes(capacity: Self.chunkCapacity, describe)
            return
        }
        precondition(_flat.count <= Self.chunkingThreshold, "\(describe()): a flat list of \(_flat.count) items")
        let indexed = _flat.count > Self.indexedThreshold
        precondition(_positions.count == (indexed ? _flat.count : 0), "\(describe()) indexes \(_positions.count) of its \(_flat.count) items")
        guard indexed else { return }
        // Index loops here and in `checkIndexes`: a debug build, the only one that runs these,
        // looks an enumerated sequence's tuple type up at run time on every step.
        for index in _flat.indices {
            let item = _flat[index]
            precondition(_positions[item] == index, "\(describe()): item \(item) indexed at \(String(describing: _positions[item])), is at \(index)")
        }
    }
}

extension _ItemList: RandomAccessCollection {
    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    /// The item at `position`.
    ///
    /// - Complexity: O(1) flat; O(log(m / 256)) chunked.
    @inlinable
    package subscript(position: Int) -> Item {
        guard let chunked = _chunked else { return _flat[position] }
        let chunk = chunked.chunk(containing: position)
        return chunked.chunks[chunk][position - chunked.start(of: chunk)]
    }

    /// The item count, for callers that reserve room before iterating.
    @inlinable
    package var underestimatedCount: Int { count }

    /// A flat list's contiguous storage (`nil` for a chunked list): copies of a flat list
    /// take the array's fast paths.
    @inlinable
    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Item>) throws -> R) rethrows -> R? {
        guard _chunked == nil else { return nil }
        return try _flat.withContiguousStorageIfAvailable(body)
    }

    /// Walks the items in order, chunk by chunk (no search per item).
    @inlinable
    package func makeIterator() -> Iterator {
        Iterator(flat: _flat.makeIterator(), chunks: _chunked?.chunks ?? _ChunkedArray())
    }

    /// An iterator over a flat list's array or a chunked list's chunks: it walks one array
    /// at a time (the flat list's, then each chunk's), so a step reads the array it holds and
    /// looks a chunk up only when the one before runs out.
    @usableFromInline
    package struct Iterator: IteratorProtocol {
        /// The array being walked: the flat list's, or the current chunk's.
        @usableFromInline var current: IndexingIterator<[Item]>
        @usableFromInline let chunks: _ChunkedArray<[Item]>
        /// The next chunk to walk.
        @usableFromInline var chunk = 0

        @inlinable
        init(flat: IndexingIterator<[Item]>, chunks: _ChunkedArray<[Item]>) {
            self.current = flat
            self.chunks = chunks
        }

        @inlinable
        package mutating func next() -> Item? {
            while true {
                if let item = current.next() { return item }
                guard chunk < chunks.count else { return nil }
                current = chunks[chunk].makeIterator()
                chunk += 1
            }
        }
    }
}

extension _ItemList: Equatable {
    /// Equal when they hold the same items in the same order, whatever their representation.
    ///
    /// - Complexity: O(m).
    @inlinable
    package static func == (lhs: _ItemList, rhs: _ItemList) -> Bool {
        if lhs._chunked == nil, rhs._chunked == nil { return lhs._flat == rhs._flat }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

// The chunks are never changed while shared (`_ItemList._mutateChunks` copies them first),
// so a list of Sendable items can cross isolation like the arrays it would otherwise hold.
extension _ItemList: @unchecked Sendable where Item: Sendable {}

/// The chunked representation of an `_ItemList`.
///
/// `chunks[p]` holds 1…capacity items (the chunks themselves in groups of 64, so that a
/// copy changed in one chunk copies one group of references, not one per chunk: 3,907
/// chunks for a million items); `ends[p]` is the number of items in chunks `0...p`;
/// `ids[p]` is chunk `p`'s identifier and `positionOfID[id]` its position (−1 for a free
/// identifier, listed in `freeIDs`); `chunkOf[item]` is the identifier of the chunk holding
/// `item`.
@usableFromInline
final class _ItemChunks<Item: Hashable> {
    @usableFromInline var chunks: _ChunkedArray<[Item]>
    @usableFromInline var ends: [Int]
    @usableFromInline var ids: [Int32]
    @usableFromInline var positionOfID: [Int32]
    @usableFromInline var freeIDs: [Int32]
    @usableFromInline var chunkOf: _ShardedIndex<Item, Int32>
    @usableFromInline let capacity: Int

    /// Chunks of `items`, each filled to three quarters (the last may hold fewer), so that
    /// inserts in the middle of a section made in one go find room: a full chunk splits, and
    /// a split re-files the items of its later piece, each in its own shard of the chunk
    /// index (about 128 shards copied by a derived snapshot, of about 250 entries at a
    /// million items).
    ///
    /// - Complexity: O(m).
    @inlinable
    init(_ items: [Item], capacity: Int) {
        self.capacity = capacity
        chunks = _ChunkedArray()
        ends = []
        ids = []
        positionOfID = []
        freeIDs = []
        chunkOf = _ShardedIndex(minimumCapacity: items.count)
        let fill = capacity - capacity / 4
        var start = 0
        while start < items.count {
            let end = Swift.min(start + fill, items.count)
            let id = Int32(chunks.count)
            for item in items[start..<end] { _ = chunkOf.updateValue(id, forKey: item) }
            chunks.append(Array(items[start..<end]))
            ends.append(end)
            ids.append(id)
            positionOfID.append(id)
            start = end
        }
    }

    /// A copy sharing every table (each copy-on-write).
    @usableFromInline
    init(copying other: _ItemChunks) {
        chunks = other.chunks
        ends = other.ends
        ids = other.ids
        positionOfID = other.positionOfID
        freeIDs = other.freeIDs
        chunkOf = other.chunkOf
        capacity = other.capacity
    }

    /// A copy sharing every table.
    ///
    /// - Complexity: O(1) (six references retained).
    @inlinable
    func copy() -> _ItemChunks { _ItemChunks(copying: self) }

    /// The number of items.
    @inlinable
    var count: Int { ends.last ?? 0 }

    /// The index of chunk `p`'s first item.
    @inlinable
    func start(of p: Int) -> Int { p == 0 ? 0 : ends[p - 1] }

    /// The chunk holding index `index` (`0..<count`).
    ///
    /// - Complexity: O(log(chunks)).
    @inlinable
    func chunk(containing index: Int) -> Int {
        // The first chunk whose end is past `index`.
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The index of `item`, or `nil` when the list does not hold it.
    ///
    /// - Complexity: O(1) expected lookups plus a scan of one chunk.
    @inlinable
    func index(of item: Item) -> Int? {
        guard let id = chunkOf[item] else { return nil }
        let p = Int(positionOfID[Int(id)])
        guard let offset = chunks[p].firstIndex(of: item) else { return nil }
        return start(of: p) + offset
    }

    /// Files `items` under chunk identifier `id`.
    @inlinable
    func file<C: Collection<Item>>(_ items: C, under id: Int32) {
        for item in items { chunkOf[item] = id }
    }

    /// A free identifier for a new chunk at position `p` (recorded by `renumber`).
    @inlinable
    func newID() -> Int32 {
        if let id = freeIDs.popLast() { return id }
        positionOfID.append(-1)
        return Int32(positionOfID.count - 1)
    }

    /// Puts `pieces` in new chunks at position `q`, each item filed under its new chunk's
    /// identifier (`renumber` then records the positions).
    ///
    /// - Complexity: O(chunks + items of the pieces).
    @inlinable
    func insertChunks<Pieces: Collection<[Item]>>(_ pieces: Pieces, at q: Int) {
        var newIDs: [Int32] = []
        for piece in pieces {
            let id = newID()
            newIDs.append(id)
            file(piece, under: id)
        }
        chunks.insert(contentsOf: pieces, at: q)
        ids.insert(contentsOf: newIDs, at: q)
    }

    /// Recomputes `ends` and `positionOfID` from chunk `p` on.
    ///
    /// - Complexity: O(chunks − p).
    @inlinable
    func renumber(from p: Int) {
        var end = start(of: p)
        if ends.count != chunks.count { ends = Array(ends.prefix(p)) + Array(repeating: 0, count: chunks.count - p) }
        for q in p..<chunks.count {
            end += chunks[q].count
            ends[q] = end
            positionOfID[Int(ids[q])] = Int32(q)
        }
    }

    /// Inserts `new` at `index` (`0...count`).
    ///
    /// - Complexity: O(chunks + k + capacity).
    @inlinable
    func insert(contentsOf new: [Item], at index: Int) {
        let last = chunks.count - 1
        let p = index == count ? last : chunk(containing: index)
        let offset = index - start(of: p)
        let existing = chunks[p].count
        if existing + new.count <= capacity {
            chunks[p].insert(contentsOf: new, at: offset)
            file(new, under: ids[p])
            for q in p..<ends.count { ends[q] += new.count }
            return
        }
        if p == last && offset == existing {
            // Past the end: fill the last chunk, then open new ones; no item moves.
            let room = capacity - existing
            chunks[p].append(contentsOf: new[..<room])
            file(new[..<room], under: ids[p])
            var pieces: [[Item]] = []
            var start = room
            while start < new.count {
                let end = Swift.min(start + capacity, new.count)
                pieces.append(Array(new[start..<end]))
                start = end
            }
            insertChunks(pieces, at: chunks.count)
            renumber(from: p)
            return
        }
        if p == 0 && offset == 0 {
            // Before the start: new chunks in front, all full but the first; no item moves.
            var pieces: [[Item]] = []
            var end = new.count
            while end > 0 {
                let start = Swift.max(0, end - capacity)
                pieces.append(Array(new[start..<end]))
                end = start
            }
            pieces.reverse()
            insertChunks(pieces, at: 0)
            renumber(from: 0)
            return
        }
        // Inside: merge and split evenly; the first piece keeps the chunk's identifier, so
        // only the new items in it and the items of the later pieces are filed.
        var merged = Array(chunks[p][..<offset])
        merged.append(contentsOf: new)
        merged.append(contentsOf: chunks[p][offset...])
        let pieceCount = (merged.count + capacity - 1) / capacity
        let base = merged.count / pieceCount, extra = merged.count % pieceCount
        var pieces: [[Item]] = []
        var start = 0
        for piece in 0..<pieceCount {
            let end = start + base + (piece < extra ? 1 : 0)
            pieces.append(Array(merged[start..<end]))
            start = end
        }
        let firstCount = pieces[0].count
        if offset < firstCount { file(new[..<Swift.min(new.count, firstCount - offset)], under: ids[p]) }
        chunks[p] = pieces[0]
        insertChunks(pieces.dropFirst(), at: p + 1)
        renumber(from: p)
    }

    /// Removes the items at `doomed` (ascending indexes, no repeats).
    ///
    /// - Complexity: O(chunks + k + capacity per chunk changed).
    @usableFromInline
    func remove(at doomed: [Int]) {
        var first = chunks.count
        var i = 0
        while i < doomed.count {
            let p = chunk(containing: doomed[i])
            let start = start(of: p), end = ends[p]
            var offsets: [Int] = []
            while i < doomed.count, doomed[i] < end {
                offsets.append(doomed[i] - start)
                i += 1
            }
            for offset in offsets { chunkOf[chunks[p][offset]] = nil }
            var position = 0, next = 0
            chunks[p].removeAll { _ in
                defer { position += 1 }
                guard next < offsets.count, offsets[next] == position else { return false }
                next += 1
                return true
            }
            first = Swift.min(first, p)
        }
        // Drop emptied chunks, freeing their identifiers.
        var emptied = false
        for q in first..<chunks.count where chunks[q].isEmpty {
            positionOfID[Int(ids[q])] = -1
            freeIDs.append(ids[q])
            emptied = true
        }
        if emptied {
            var q = 0
            ids.removeAll { _ in
                defer { q += 1 }
                return chunks[q].isEmpty
            }
            chunks.removeAll { $0.isEmpty }
        }
        ends.removeLast(ends.count - chunks.count)
        if first < chunks.count { renumber(from: first) }
    }

    /// Stops unless the tables agree with the chunks.
    ///
    /// - Complexity: O(m).
    func checkIndexes(capacity: Int, _ describe: () -> String) {
        precondition(ends.count == chunks.count && ids.count == chunks.count, "\(describe()): \(chunks.count) chunks, \(ends.count) ends, \(ids.count) identifiers")
        var end = 0
        var items = 0
        for p in 0..<chunks.count {
            let chunk = chunks[p]
            precondition(!chunk.isEmpty && chunk.count <= capacity, "\(describe()): chunk \(p) holds \(chunk.count) items")
            end += chunk.count
            precondition(ends[p] == end, "\(describe()): chunk \(p) ends at \(ends[p]), holds items up to \(end)")
            precondition(positionOfID[Int(ids[p])] == Int32(p), "\(describe()): chunk \(p)'s identifier \(ids[p]) points to \(positionOfID[Int(ids[p])])")
            for item in chunk {
                precondition(chunkOf[item] == ids[p], "\(describe()): item \(item) filed under chunk \(String(describing: chunkOf[item])), is in \(ids[p])")
            }
            items += chunk.count
        }
        precondition(chunkOf.count == items, "\(describe()): the chunk index has \(chunkOf.count) entries for \(items) items")
        let free = Set(freeIDs)
        precondition(free.count == freeIDs.count, "\(describe()): a free identifier listed twice")
        for id in positionOfID.indices {
            let position = positionOfID[id]
            precondition((position == -1) == free.contains(Int32(id)), "\(describe()): identifier \(id) at \(position), free: \(free.contains(Int32(id)))")
        }
    }
}
