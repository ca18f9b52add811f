/// A run of at most `ExtentRun.capacity` consecutive item extents, in fixed-point units,
/// with a sum per block of `blockSize` items so that a search reads one or two cache lines of
/// block sums and one block of extents instead of every extent before it.
///
///     extents:    [ e0 … e31 | e32 … e63 | e64 … e70 ]
///     blockSums:  [   Σ0     |    Σ1     |    Σ2     ]      total = Σ0 + Σ1 + Σ2
///     measured:   one bit per item: measured (1) or still an estimate (0)
///
/// A run is a value; `ItemExtents` keeps one or more of them per section.
struct ExtentRun: Equatable {
    /// Items per block sum.
    static let blockSize = 32
    /// The most items one run holds before it is split.
    static let capacity = 2048

    private(set) var extents: [Int32]
    private(set) var blockSums: [Int64]
    private(set) var measured: [UInt64]
    private(set) var total: Int64

    var count: Int { extents.count }

    /// A run holding `extents`, with the measured flags given per item.
    ///
    /// - Complexity: O(k) for k extents.
    init(extents: [Int32], measured isMeasured: (Int) -> Bool) {
        precondition(extents.count <= ExtentRun.capacity, "a run holds at most \(ExtentRun.capacity) extents")
        self.extents = extents
        blockSums = []
        total = 0
        measured = [UInt64](repeating: 0, count: (extents.count + 63) / 64)
        for index in extents.indices where isMeasured(index) {
            measured[index >> 6] |= 1 << UInt64(index & 63)
        }
        recomputeSums(fromBlock: 0)
    }

    /// Recomputes the block sums from `block` on, and the total.
    ///
    /// - Complexity: O(capacity).
    private mutating func recomputeSums(fromBlock block: Int) {
        let size = ExtentRun.blockSize
        let blockCount = (extents.count + size - 1) / size
        if blockSums.count > blockCount { blockSums.removeLast(blockSums.count - blockCount) }
        while blockSums.count < blockCount { blockSums.append(0) }
        extents.withUnsafeBufferPointer { extents in
            for b in block..<blockCount {
                var sum: Int64 = 0
                for i in (b * size)..<min((b + 1) * size, extents.count) { sum &+= Int64(extents[i]) }
                blockSums[b] = sum
            }
        }
        var sum: Int64 = 0
        for value in blockSums { sum &+= value }
        total = sum
    }

    @inline(__always)
    func extent(at index: Int) -> Int32 { extents[index] }

    @inline(__always)
    func isMeasured(_ index: Int) -> Bool { measured[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// The sum of the extents before `index`.
    ///
    /// - Complexity: O(capacity / blockSize + blockSize).
    func prefix(_ index: Int) -> Int64 {
        let size = ExtentRun.blockSize
        let block = index / size
        var sum: Int64 = 0
        blockSums.withUnsafeBufferPointer { sums in
            for b in 0..<block { sum &+= sums[b] }
        }
        extents.withUnsafeBufferPointer { extents in
            for i in (block * size)..<index { sum &+= Int64(extents[i]) }
        }
        return sum
    }

    /// The item whose span holds `offset` (`0 <= offset < total`) and the remainder inside it.
    /// Zero-extent items are never returned.
    ///
    /// - Complexity: O(capacity / blockSize + blockSize).
    @inline(__always)
    func search(_ offset: Int64) -> (index: Int, remainder: Int64) {
        var remainder = offset
        var block = 0
        blockSums.withUnsafeBufferPointer { sums in
            while block < sums.count - 1, sums[block] <= remainder {
                remainder -= sums[block]
                block += 1
            }
        }
        var index = block * ExtentRun.blockSize
        extents.withUnsafeBufferPointer { extents in
            while index < extents.count - 1, Int64(extents[index]) <= remainder {
                remainder -= Int64(extents[index])
                index += 1
            }
        }
        return (index, remainder)
    }

    /// Sets the extent and measured flag of item `index`; returns the change of the total.
    ///
    /// - Complexity: O(1).
    @discardableResult
    mutating func set(_ extent: Int32, measured isMeasured: Bool, at index: Int) -> Int64 {
        let delta = Int64(extent) - Int64(extents[index])
        extents[index] = extent
        blockSums[index / ExtentRun.blockSize] &+= delta
        total &+= delta
        setMeasured(isMeasured, at: index)
        return delta
    }

    private mutating func setMeasured(_ isMeasured: Bool, at index: Int) {
        let bit: UInt64 = 1 << UInt64(index & 63)
        if isMeasured { measured[index >> 6] |= bit } else { measured[index >> 6] &= ~bit }
    }

    /// Inserts `extent` at `index` (the run must have room).
    ///
    /// - Complexity: O(capacity).
    mutating func insert(_ extent: Int32, measured isMeasured: Bool, at index: Int) {
        precondition(extents.count < ExtentRun.capacity, "inserting into a full run")
        extents.insert(extent, at: index)
        if measured.count * 64 < extents.count { measured.append(0) }
        shiftMeasuredUp(from: index)
        setMeasured(isMeasured, at: index)
        recomputeSums(fromBlock: index / ExtentRun.blockSize)
    }

    /// Removes the item at `index`, returning its extent and measured flag.
    ///
    /// - Complexity: O(capacity).
    @discardableResult
    mutating func remove(at index: Int) -> (extent: Int32, measured: Bool) {
        let removed = (extents[index], isMeasured(index))
        extents.remove(at: index)
        shiftMeasuredDown(from: index)
        if measured.count > (extents.count + 63) / 64 { measured.removeLast() }
        recomputeSums(fromBlock: index / ExtentRun.blockSize)
        return removed
    }

    /// Splits off the upper half into a new run.
    ///
    /// - Complexity: O(capacity).
    mutating func splitUpperHalf() -> ExtentRun {
        let middle = extents.count / 2
        let upper = ExtentRun(extents: Array(extents[middle...]), measured: { self.isMeasured(middle + $0) })
        let lowerMeasured = (0..<middle).map { isMeasured($0) }
        self = ExtentRun(extents: Array(extents[..<middle]), measured: { lowerMeasured[$0] })
        return upper
    }

    /// Appends every item of `other` (the result must fit in one run).
    ///
    /// - Complexity: O(capacity).
    mutating func append(contentsOf other: ExtentRun) {
        let base = count
        let mine = (0..<base).map { isMeasured($0) }
        self = ExtentRun(
            extents: extents + other.extents,
            measured: { $0 < base ? mine[$0] : other.isMeasured($0 - base) }
        )
    }

    // Moves the bits at `index...` one place up (index+1...).
    private mutating func shiftMeasuredUp(from index: Int) {
        let words = measured.count
        var carry: UInt64 = 0
        let firstWord = index >> 6
        for w in firstWord..<words {
            let word = measured[w]
            if w == firstWord {
                let low = index & 63
                let keepMask: UInt64 = low == 0 ? 0 : (UInt64.max >> UInt64(64 - low))
                let kept = word & keepMask
                let moving = word & ~keepMask
                measured[w] = kept | (moving << 1)
                carry = moving >> 63
            } else {
                measured[w] = (word << 1) | carry
                carry = word >> 63
            }
        }
    }

    // Moves the bits at `index+1...` one place down (index...).
    private mutating func shiftMeasuredDown(from index: Int) {
        let words = measured.count
        let firstWord = index >> 6
        for w in firstWord..<words {
            let word = measured[w]
            let next: UInt64 = w + 1 < words ? measured[w + 1] & 1 : 0
            if w == firstWord {
                let low = index & 63
                let keepMask: UInt64 = low == 0 ? 0 : (UInt64.max >> UInt64(64 - low))
                let kept = word & keepMask
                let upper = (word >> 1) & ~keepMask
                measured[w] = kept | upper | (next << 63)
            } else {
                measured[w] = (word >> 1) | (next << 63)
            }
        }
    }

    /// Recomputes the sums from scratch and compares (invariant check).
    func checkInvariants() {
        precondition(extents.count <= ExtentRun.capacity, "run over capacity")
        var sums: [Int64] = []
        var total: Int64 = 0
        for (index, value) in extents.enumerated() {
            precondition(value >= 0, "negative extent \(value) at \(index)")
            if index % ExtentRun.blockSize == 0 { sums.append(0) }
            sums[sums.count - 1] += Int64(value)
            total += Int64(value)
        }
        precondition(sums == blockSums, "block sums \(blockSums) differ from recomputed \(sums)")
        precondition(total == self.total, "run total \(self.total) differs from recomputed \(total)")
        precondition(measured.count == (extents.count + 63) / 64, "measured words \(measured.count) for \(extents.count) items")
        for index in extents.count..<(measured.count * 64) {
            precondition(!isMeasured(index), "measured bit set past the end at \(index)")
        }
    }
}
