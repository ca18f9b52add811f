@_spi(ListKernelTesting) import ListKernelCore

/// A run of at most `ExtentRun.capacity` consecutive item extents, in fixed-point units,
/// with a sum per block of `blockSize` items so that a search reads one or two cache lines of
/// block sums and one block of extents instead of every extent before it.
///
///     storage:    [ Σ0 | Σ1 | Σ2 | e0 … e31 | e32 … e63 | e64 … e70 ]    total = Σ0 + Σ1 + Σ2
///                  each Σ is two Int32 words (low, high), then the extents
///     measured:   one bit per item: measured (1) or still an estimate (0)
///
/// The block sums sit in front of the extents in one buffer, so a lookup follows one pointer
/// to both: the extents it reads next are a few cache lines further in the same buffer, not
/// in a second allocation. A run is a value; `ItemExtents` keeps one or more per section.
struct ExtentRun: Equatable, InvariantChecked {
    /// Items per block sum.
    static let blockSize = 32
    /// The most items one run holds before it is split.
    static let capacity = 2048

    /// `2 × blockCount` words of block sums, then `count` extents.
    private var storage: [Int32]
    private(set) var count: Int
    private(set) var measured: [UInt64]
    private(set) var total: Int64

    private static func blockCount(_ count: Int) -> Int { (count + blockSize - 1) / blockSize }

    /// Where the extents start in `storage`.
    @inline(__always)
    private var extentsStart: Int { 2 * ExtentRun.blockCount(count) }

    /// The heap bytes of the storage array (block sums and extents).
    var storageArrayBytes: Int { heapBytes(storage) }

    /// The extents, copied out.
    ///
    /// - Complexity: O(count).
    var extents: [Int32] { Array(storage[extentsStart...]) }

    /// A run holding `extents`, with the measured flags given per item.
    ///
    /// - Complexity: O(k) for k extents.
    init(extents: [Int32], measured isMeasured: (Int) -> Bool) {
        precondition(extents.count <= ExtentRun.capacity, "a run holds at most \(ExtentRun.capacity) extents")
        count = extents.count
        storage = [Int32](repeating: 0, count: 2 * ExtentRun.blockCount(extents.count))
        storage.append(contentsOf: extents)
        total = 0
        measured = [UInt64](repeating: 0, count: (extents.count + 63) / 64)
        for index in extents.indices where isMeasured(index) {
            measured[index >> 6] |= 1 << UInt64(index & 63)
        }
        recomputeSums(fromBlock: 0)
    }

    /// Block sum `block`, from its two words.
    @inline(__always)
    private static func blockSum(_ words: UnsafeBufferPointer<Int32>, _ block: Int) -> Int64 {
        Int64(words[2 * block + 1]) << 32 | Int64(UInt32(bitPattern: words[2 * block]))
    }

    @inline(__always)
    private mutating func setBlockSum(_ block: Int, _ value: Int64) {
        storage[2 * block] = Int32(truncatingIfNeeded: value)
        storage[2 * block + 1] = Int32(truncatingIfNeeded: value >> 32)
    }

    /// The block sums, decoded (for checks).
    var blockSums: [Int64] {
        storage.withUnsafeBufferPointer { words in
            (0..<ExtentRun.blockCount(count)).map { ExtentRun.blockSum(words, $0) }
        }
    }

    /// Recomputes the block sums from `block` on, and the total.
    ///
    /// - Complexity: O(capacity).
    private mutating func recomputeSums(fromBlock block: Int) {
        let size = ExtentRun.blockSize
        let blockCount = ExtentRun.blockCount(count)
        let start = 2 * blockCount
        for b in block..<blockCount {
            var sum: Int64 = 0
            storage.withUnsafeBufferPointer { words in
                for i in (b * size)..<min((b + 1) * size, count) { sum &+= Int64(words[start + i]) }
            }
            setBlockSum(b, sum)
        }
        var sum: Int64 = 0
        storage.withUnsafeBufferPointer { words in
            for b in 0..<blockCount { sum &+= ExtentRun.blockSum(words, b) }
        }
        total = sum
    }

    @inline(__always)
    func extent(at index: Int) -> Int32 { storage[extentsStart + index] }

    @inline(__always)
    func isMeasured(_ index: Int) -> Bool { measured[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// The sum of the extents before `index`.
    ///
    /// - Complexity: O(capacity / blockSize + blockSize).
    func prefix(_ index: Int) -> Int64 {
        let size = ExtentRun.blockSize
        let block = index / size
        let start = extentsStart
        var sum: Int64 = 0
        storage.withUnsafeBufferPointer { words in
            for b in 0..<block { sum &+= ExtentRun.blockSum(words, b) }
            for i in (block * size)..<index { sum &+= Int64(words[start + i]) }
        }
        return sum
    }

    /// The item whose span holds `offset` (`0 <= offset < total`), the remainder inside it,
    /// and its extent. Zero-extent items are never returned.
    ///
    /// - Complexity: O(capacity / blockSize + blockSize).
    @inline(__always)
    func search(_ offset: Int64) -> (index: Int, remainder: Int64, extent: Int32) {
        storage.withUnsafeBufferPointer { ExtentRun.search(offset, storage: $0.baseAddress!, count: count) }
    }

    /// Runs of at most this many blocks are searched from their first extent on, without
    /// their block sums: see `search(_:storage:count:)`.
    static let directSearchBlocks = 4

    /// The search of `search(_:)` in the storage of a run of `count` items (block sums, then
    /// extents), as `lookupLink` hands it to a lookup that has not read the run itself.
    ///
    /// A run of up to `directSearchBlocks` blocks (128 items) is scanned from its first
    /// extent: every address the scan reads is known before any of them arrives, so the
    /// processor fetches the run's few cache lines at once, while reading the block sums
    /// first and then the block they point to is two fetches one after the other: one more
    /// read of memory per lookup where the run is not cached, for a few more additions where
    /// it is. Longer runs read the block sums first.
    ///
    /// - Complexity: O(capacity / blockSize + blockSize).
    @inline(__always)
    static func search(_ offset: Int64, storage words: UnsafePointer<Int32>, count: Int) -> (index: Int, remainder: Int64, extent: Int32) {
        var remainder = offset
        var block = 0
        let blocks = blockCount(count)
        if blocks > directSearchBlocks {
            while block < blocks - 1 {
                let sum = Int64(words[2 * block + 1]) << 32 | Int64(UInt32(bitPattern: words[2 * block]))
                if sum > remainder { break }
                remainder -= sum
                block += 1
            }
        }
        let extents = words + 2 * blocks
        var index = block * blockSize
        // Eight extents at a time while their sum fits (never past the last item), then one
        // at a time: the same item as a scan of single extents, with an eighth of its steps.
        while index + 8 < count {
            var sum: Int64 = 0
            for k in 0..<8 { sum &+= Int64(extents[index + k]) }
            if sum > remainder { break }
            remainder -= sum
            index += 8
        }
        while index < count - 1, Int64(extents[index]) <= remainder {
            remainder -= Int64(extents[index])
            index += 1
        }
        return (index, remainder, extents[index])
    }

    /// Where a lookup finds this run without reading the record that holds it: the address
    /// of its storage (block sums, then extents) in the low 48 bits and its item count above
    /// them; 0 for an empty run, or where an address does not fit in 48 bits.
    ///
    /// The address is valid while the run's storage is neither changed nor freed: the section
    /// tree keeps it beside the record that owns the run, moves it with the record, and
    /// writes it again whenever a change may have replaced the run (`SectionTree.update`).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    var lookupLink: Int64 {
        guard count > 0 else { return 0 }
        let address = storage.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        guard address >> 48 == 0 else { return 0 }
        return Int64(bitPattern: UInt64(address) | UInt64(count) << 48)
    }

    /// The search of `search(_:)` through a nonzero `lookupLink`.
    ///
    /// - Complexity: as `search(_:)`.
    @inline(__always)
    static func search(_ offset: Int64, link: Int64) -> (index: Int, remainder: Int64, extent: Int32) {
        let storage = UnsafePointer<Int32>(bitPattern: UInt(UInt64(bitPattern: link) & (1 << 48 - 1)))!
        return search(offset, storage: storage, count: Int(UInt64(bitPattern: link) >> 48))
    }

    /// Sets the extent and measured flag of item `index`; returns the change of the total.
    ///
    /// - Complexity: O(1).
    @discardableResult
    mutating func set(_ extent: Int32, measured isMeasured: Bool, at index: Int) -> Int64 {
        let slot = extentsStart + index
        let delta = Int64(extent) - Int64(storage[slot])
        storage[slot] = extent
        let block = index / ExtentRun.blockSize
        let sum = storage.withUnsafeBufferPointer { ExtentRun.blockSum($0, block) }
        setBlockSum(block, sum &+ delta)
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
        precondition(count < ExtentRun.capacity, "inserting into a full run")
        let oldBlocks = ExtentRun.blockCount(count)
        if ExtentRun.blockCount(count + 1) > oldBlocks {
            // A new block: its sum's two words go before the extents.
            storage.insert(contentsOf: [0, 0], at: 2 * oldBlocks)
        }
        count += 1
        storage.insert(extent, at: extentsStart + index)
        if measured.count * 64 < count { measured.append(0) }
        shiftMeasuredUp(from: index)
        setMeasured(isMeasured, at: index)
        recomputeSums(fromBlock: index / ExtentRun.blockSize)
    }

    /// Removes the item at `index`, returning its extent and measured flag.
    ///
    /// - Complexity: O(capacity).
    @discardableResult
    mutating func remove(at index: Int) -> (extent: Int32, measured: Bool) {
        let removed = (extent(at: index), isMeasured(index))
        storage.remove(at: extentsStart + index)
        count -= 1
        let blocks = ExtentRun.blockCount(count)
        if 2 * blocks + count < storage.count {
            // The last block emptied: drop its sum's two words.
            storage.removeSubrange((2 * blocks)..<(2 * blocks + 2))
        }
        shiftMeasuredDown(from: index)
        if measured.count > (count + 63) / 64 { measured.removeLast() }
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

    /// Recomputes the sums from scratch and compares (`InvariantChecked`).
    ///
    /// - Complexity: O(k) for k items in the run.
    func _checkInvariantsNow() {
        precondition(count <= ExtentRun.capacity, "run over capacity")
        precondition(storage.count == 2 * ExtentRun.blockCount(count) + count, "storage holds \(storage.count) words for \(count) items")
        let extents = extents
        var sums: [Int64] = []
        var total: Int64 = 0
        // An index loop: a debug build (the only one that runs this) looks an enumerated
        // sequence's tuple type up at run time on every step.
        for index in extents.indices {
            let value = extents[index]
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

/// The runs of a variable section, the first stored inline: a lookup in a one-run section
/// (every section of up to 1024 items, when it turns variable) reaches its run's buffer
/// straight from the section record, without first following a pointer to an array of runs.
struct RunList: RandomAccessCollection, MutableCollection, Equatable {
    private static let placeholder = ExtentRun(extents: [], measured: { _ in false })

    /// Run 0, or the empty placeholder when there is none.
    private var head: ExtentRun
    /// Runs 1 and up.
    private var rest: [ExtentRun]
    /// The number of runs.
    private(set) var count: Int

    /// The runs `runs`, in order.
    ///
    /// - Complexity: O(k) for k runs.
    init(_ runs: [ExtentRun] = []) {
        count = runs.count
        head = runs.first ?? RunList.placeholder
        rest = Array(runs.dropFirst())
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> ExtentRun {
        @inline(__always) _read {
            if position == 0 { yield head } else { yield rest[position - 1] }
        }
        @inline(__always) _modify {
            if position == 0 { yield &head } else { yield &rest[position - 1] }
        }
    }

    // Reads in place, without an accessor coroutine (the lookup paths).

    /// The lookup link of the only run, or 0 when there are none or several.
    @inline(__always)
    var onlyRunLink: Int64 { count == 1 ? head.lookupLink : 0 }

    @inline(__always)
    func extent(inRun run: Int, at index: Int) -> Int32 {
        run == 0 ? head.extent(at: index) : rest[run - 1].extent(at: index)
    }

    @inline(__always)
    func isMeasured(inRun run: Int, _ index: Int) -> Bool {
        run == 0 ? head.isMeasured(index) : rest[run - 1].isMeasured(index)
    }

    @inline(__always)
    func prefix(inRun run: Int, _ index: Int) -> Int64 {
        run == 0 ? head.prefix(index) : rest[run - 1].prefix(index)
    }

    @inline(__always)
    func search(inRun run: Int, _ offset: Int64) -> (index: Int, remainder: Int64, extent: Int32) {
        run == 0 ? head.search(offset) : rest[run - 1].search(offset)
    }

    /// The heap bytes of every run, and of the array holding runs 1 and up.
    ///
    /// - Complexity: O(count).
    var storageBytes: Int {
        (count > 0 ? head.storageBytes : 0) + heapBytes(rest) + rest.reduce(0) { $0 + $1.storageBytes }
    }

    /// Inserts `run` at `index` (`0...count`).
    ///
    /// - Complexity: O(count).
    mutating func insert(_ run: ExtentRun, at index: Int) {
        if index == 0 {
            if count > 0 { rest.insert(head, at: 0) }
            head = run
        } else {
            rest.insert(run, at: index - 1)
        }
        count += 1
    }

    /// Removes and returns run `index`.
    ///
    /// - Complexity: O(count).
    @discardableResult
    mutating func remove(at index: Int) -> ExtentRun {
        count -= 1
        if index == 0 {
            let removed = head
            head = rest.isEmpty ? RunList.placeholder : rest.removeFirst()
            return removed
        }
        return rest.remove(at: index - 1)
    }
}
