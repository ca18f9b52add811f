/// An array stored in chunks of 64 elements, the chunks in groups of 64, so that a copy
/// changed in a few elements copies only their chunks and groups.
///
/// A snapshot's sections are one record each (identifier and items); copying a snapshot
/// with 100,000 sections and changing one section's items would copy the whole array of
/// records and retain every section's item array (100,000 reference counts written, in as
/// many cache lines). In one table of chunks, that change copied the table (1,563
/// references, each written in the chunk's own cache line) and one chunk of 64 records; in
/// groups, it copies the group table (25 references), one group (64) and one chunk (64).
///
///     index i ──▶ group i >> 12, chunk (i >> 6) & 63, slot i & 63
///
/// Every group but the last holds 64 chunks and every chunk but the last 64 elements, so
/// an index finds its place by shifts. Appends fill the last chunk; inserting or removing
/// anywhere else rebuilds the chunks from there on (O(n)), as the snapshot's section edits
/// already re-index the sections after them.
///
/// - Complexity: reads and in-place changes O(1); `append` O(1) amortized; other
///   replacements O(n); copying O(1) (one reference count); the first change of a copy
///   O(n / 4,096 + 64 + 64).
@usableFromInline
package struct _ChunkedArray<Element> {
    /// The groups, each of `groupSize` chunks but the last (which is not empty); the
    /// chunks, each of `chunkSize` elements but the very last (which is not empty).
    @usableFromInline package var _groups: [[[Element]]]
    /// The number of elements.
    @usableFromInline package var _count: Int

    /// Elements per chunk (a power of two).
    @usableFromInline package static var chunkSize: Int { 64 }
    /// `log2(chunkSize)`.
    @usableFromInline package static var chunkShift: Int { 6 }
    /// Chunks per group (a power of two).
    @usableFromInline package static var groupSize: Int { 64 }
    /// `log2(chunkSize * groupSize)`: an index's group.
    @usableFromInline package static var groupShift: Int { 12 }

    /// An empty array.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init() {
        _groups = []
        _count = 0
    }

    /// The chunks, in order (what the tests check the shape by).
    ///
    /// - Complexity: O(n / 64).
    @inlinable
    package var _chunks: [[Element]] { _groups.flatMap { $0 } }

    /// Appends `element`.
    ///
    /// - Complexity: O(1) amortized (a shared last chunk or group is copied first: O(64)).
    @inlinable
    package mutating func append(_ element: Element) {
        if _count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            if _count & ((1 &<< Self.groupShift) - 1) == 0 {
                var group: [[Element]] = []
                group.reserveCapacity(Self.groupSize)
                group.append(chunk)
                _groups.append(group)
            } else {
                _groups[_groups.count - 1].append(chunk)
            }
        } else {
            let last = _groups.count - 1
            _groups[last][_groups[last].count - 1].append(element)
        }
        _count += 1
    }

    /// Appends `elements`, in order.
    ///
    /// - Complexity: O(k) amortized.
    @inlinable
    package mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }
}

extension _ChunkedArray {
    /// At most about how many entries the array this one was copied from holds alone after
    /// this one changed `changes` of its elements in place (each change copies at most its
    /// group and its chunk, once): its group table, one reference per group, and the changed
    /// groups and chunks.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func copiedEntries(chunksChanged changes: Int) -> Int {
        guard changes > 0 else { return 0 }
        let chunks = (_count + Self.chunkSize - 1) &>> Self.chunkShift
        return _groups.count + Swift.min(changes, _groups.count) &* Self.groupSize
            + Swift.min(changes, chunks) &* Self.chunkSize
    }
}

extension _ChunkedArray: RandomAccessCollection, MutableCollection {
    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { _count }
    @inlinable package var count: Int { _count }
    @inlinable package var isEmpty: Bool { _count == 0 }

    /// The element at `position`, changed in place through its chunk.
    ///
    /// - Complexity: O(1) (the first change of a chunk shared with a copy: O(64)).
    @inlinable
    package subscript(position: Int) -> Element {
        // Borrowed, not copied: reading one field of a record (a section's item count) must
        // not copy and release the whole record.
        _read {
            precondition(position >= 0 && position < _count, "kernel invariant: chunked index \(position) outside 0..<\(_count)")
            yield _groups[position &>> Self.groupShift][(position &>> Self.chunkShift) & (Self.groupSize - 1)][position & (Self.chunkSize - 1)]
        }
        _modify {
            precondition(position >= 0 && position < _count, "kernel invariant: chunked index \(position) outside 0..<\(_count)")
            yield &_groups[position &>> Self.groupShift][(position &>> Self.chunkShift) & (Self.groupSize - 1)][position & (Self.chunkSize - 1)]
        }
    }
}

extension _ChunkedArray: RangeReplaceableCollection {
    /// Replaces the elements in `subrange` with `newElements`, rebuilding the chunks from
    /// the first changed one on (an append only touches the last).
    ///
    /// - Complexity: O(n − subrange.lowerBound + k), O(k) for an append.
    @inlinable
    package mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= _count, "kernel invariant: chunked range \(subrange) outside 0..<\(_count)")
        if subrange.isEmpty && subrange.lowerBound == _count {
            append(contentsOf: newElements)
            return
        }
        // Keep the full chunks before the change; rebuild the rest.
        let keptChunks = subrange.lowerBound &>> Self.chunkShift
        let keptCount = keptChunks &<< Self.chunkShift
        var tail: [Element] = []
        tail.reserveCapacity(_count - keptCount - subrange.count + newElements.count)
        for index in keptCount..<subrange.lowerBound { tail.append(self[index]) }
        tail.append(contentsOf: newElements)
        for index in subrange.upperBound..<_count { tail.append(self[index]) }
        let keptGroups = keptChunks &>> (Self.groupShift - Self.chunkShift), keptInGroup = keptChunks & (Self.groupSize - 1)
        if keptInGroup == 0 {
            _groups.removeSubrange(keptGroups...)
        } else {
            _groups.removeSubrange((keptGroups + 1)...)
            _groups[keptGroups].removeSubrange(keptInGroup...)
        }
        _count = keptCount
        append(contentsOf: tail)
    }
}

extension _ChunkedArray: Equatable where Element: Equatable {
    /// Equal when they hold equal elements in the same order.
    ///
    /// - Complexity: O(n).
    @inlinable
    package static func == (lhs: _ChunkedArray, rhs: _ChunkedArray) -> Bool {
        lhs._count == rhs._count && lhs._groups == rhs._groups
    }
}

extension _ChunkedArray: Sendable where Element: Sendable {}
