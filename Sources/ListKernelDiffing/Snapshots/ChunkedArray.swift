/// An array stored in chunks of 64 elements, so that a copy changed in a few elements copies
/// only their chunks.
///
/// A snapshot's sections are one record each (identifier and items); copying a snapshot
/// with 100,000 sections and changing one section's items would copy the whole array of
/// records and retain every section's item array (100,000 reference counts written, in as
/// many cache lines). In chunks, that change copies the chunk array (1,563 references) and
/// one chunk of 64 records.
///
///     index i ──▶ chunk i >> 6, slot i & 63
///
/// Every chunk but the last is full, so an index finds its chunk by a shift. Appends fill
/// the last chunk; inserting or removing anywhere else rebuilds the chunks (O(n)), as the
/// snapshot's section edits already re-index the sections after them.
///
/// - Complexity: reads and in-place changes O(1); `append` O(1) amortized; other
///   replacements O(n); copying O(n / 64) (reference counts).
@usableFromInline
package struct _ChunkedArray<Element> {
    /// The chunks, each of `chunkSize` elements but the last (which is not empty).
    @usableFromInline package var _chunks: [[Element]]
    /// The number of elements.
    @usableFromInline package var _count: Int

    /// Elements per chunk (a power of two).
    @usableFromInline package static var chunkSize: Int { 64 }
    /// `log2(chunkSize)`.
    @usableFromInline package static var chunkShift: Int { 6 }

    /// An empty array.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init() {
        _chunks = []
        _count = 0
    }

    /// Appends `element`.
    ///
    /// - Complexity: O(1) amortized (a shared last chunk is copied first: O(64)).
    @inlinable
    package mutating func append(_ element: Element) {
        if _count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            _chunks.append(chunk)
        } else {
            _chunks[_chunks.count - 1].append(element)
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
    /// chunk, once): its chunk table, one reference per chunk, and the changed chunks.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func copiedEntries(chunksChanged changes: Int) -> Int {
        guard changes > 0 else { return 0 }
        return _chunks.count + Swift.min(changes, _chunks.count) &* Self.chunkSize
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
            yield _chunks[position &>> Self.chunkShift][position & (Self.chunkSize - 1)]
        }
        _modify {
            precondition(position >= 0 && position < _count, "kernel invariant: chunked index \(position) outside 0..<\(_count)")
            yield &_chunks[position &>> Self.chunkShift][position & (Self.chunkSize - 1)]
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
        _chunks.removeSubrange(keptChunks...)
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
        lhs._count == rhs._count && lhs._chunks == rhs._chunks
    }
}

extension _ChunkedArray: Sendable where Element: Sendable {}
