import ListKernelCore

/// The natural frames, in layout units, of the elements an update needs from the layout
/// before it changes (`VirtualList.performChange`): sorted by element, looked up by binary
/// search.
///
/// A dictionary hashed every element of the window on every update, a tenth of a small
/// batch's instructions; the window arrives from the layout already in order, so a sorted
/// array costs one append per element and, only when elements outside the window are added,
/// one sort.
struct ElementFrameTable: InvariantChecked {
    struct Entry {
        let element: ListElement
        let start: Int64
        let extent: Int64
    }

    private(set) var entries: [Entry] = []
    private var isSorted = true

    init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// How many frames it holds (an element appended twice counts twice until `seal()`).
    ///
    /// - Complexity: O(1).
    var count: Int { entries.count }

    /// Appends the frame of `element`; lookups wait for `seal()` when it is out of order.
    ///
    /// - Complexity: amortized O(1).
    mutating func append(_ element: ListElement, start: Int64, extent: Int64) {
        if let last = entries.last, !(last.element < element) { isSorted = false }
        entries.append(Entry(element: element, start: start, extent: extent))
    }

    /// Sorts and drops repeated elements (an element's frame comes from one layout, so its
    /// repeats are equal). Call once after the last `append`, before any lookup.
    ///
    /// - Complexity: O(m log m) for m entries when some were appended out of order, else O(1).
    mutating func seal() {
        guard !isSorted else { return }
        entries.sortAndRemoveDuplicates { $0.element }
        isSorted = true
        _checkInvariants()
    }

    /// Sealed, the entries are in strictly increasing element order (no repeats).
    func _checkInvariantsNow() {
        guard isSorted else { return }
        for index in entries.indices.dropFirst() {
            precondition(
                entries[index - 1].element < entries[index].element,
                "ElementFrameTable: \(entries[index - 1].element) before \(entries[index].element) at \(index)"
            )
        }
    }

    /// The frame of `element`, or `nil` when it has none here.
    ///
    /// - Complexity: O(log m).
    subscript(element: ListElement) -> (start: Int64, extent: Int64)? {
        precondition(isSorted, "kernel invariant: the frame table is read before it was sealed")
        return entries.withUnsafeBufferPointer { entries in
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].element < element { low = middle + 1 } else { high = middle }
            }
            guard low < entries.count, entries[low].element == element else { return nil }
            return (entries[low].start, entries[low].extent)
        }
    }

    /// The frame of `element`, or `nil` when it has none here, for a caller that asks in
    /// increasing element order: `cursor` (0 before the first question) remembers where the
    /// last answer was, so a walk over k sorted elements costs one merge, not k searches.
    ///
    /// - Complexity: O(1) amortized over the walk: O(m + k) for k questions.
    func frame(of element: ListElement, after cursor: inout Int) -> (start: Int64, extent: Int64)? {
        precondition(isSorted, "kernel invariant: the frame table is read before it was sealed")
        return entries.withUnsafeBufferPointer { entries in
            var next = cursor
            while next < entries.count, entries[next].element < element { next += 1 }
            cursor = next
            guard next < entries.count, entries[next].element == element else { return nil }
            return (entries[next].start, entries[next].extent)
        }
    }

    /// Calls `body` with each of `elements` (in element order) that has no frame here, in
    /// one merge walk.
    ///
    /// - Complexity: O(m + k) for k elements.
    func forEachMissing(of elements: some Sequence<ListElement>, _ body: (ListElement) -> Void) {
        precondition(isSorted, "kernel invariant: the frame table is read before it was sealed")
        entries.withUnsafeBufferPointer { entries in
            var next = 0
            for element in elements {
                while next < entries.count, entries[next].element < element { next += 1 }
                if next == entries.count || entries[next].element != element { body(element) }
            }
        }
    }
}
