@_spi(ListKernelTesting) import ListKernelCore

/// Marks one longest strictly increasing subsequence of `values` (patience sorting).
///
/// `isMember[k]` is set to `true` for the chosen members and left alone for the others. Used
/// to keep the most elements in place: the members are the elements a diff does not move.
///
///     values:   4  0  1  7  2  3      piles (tails): 0 1 2 3
///     members:     ✓  ✓     ✓  ✓      length 4
///
/// Each value goes on the leftmost pile whose tail is not smaller; the position is first
/// tried right after the previous value's pile (a finger), which is where it lands when the
/// input is mostly ascending, and found by binary search otherwise.
///
/// - Complexity: O(n log n) time, O(n) when the values are mostly ascending; O(n) memory.
@usableFromInline
internal func _markLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int>,
    isMember: UnsafeMutableBufferPointer<Bool>
) {
    let count = values.count
    guard count > 0 else { return }
    // tailValue[p] / tailIndex[p]: the smallest tail of any increasing run of length p + 1.
    let tailValue = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    let tailIndex = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    let predecessor = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    defer {
        tailValue.deallocate()
        tailIndex.deallocate()
        predecessor.deallocate()
    }

    var length = 0
    var finger = -1  // the pile the previous value went on
    for k in 0..<count {
        let value = values[k]
        var pile: Int
        let next = finger + 1
        if (finger < 0 || tailValue[finger] < value) && (next == length || tailValue[next] >= value) {
            pile = next
        } else if length == 0 || tailValue[length - 1] < value {
            pile = length
        } else {
            // Leftmost pile whose tail is >= value.
            var low = 0
            var high = length - 1
            while low < high {
                let mid = (low + high) >> 1
                if tailValue[mid] < value { low = mid + 1 } else { high = mid }
            }
            pile = low
        }
        tailValue[pile] = value
        tailIndex[pile] = k
        predecessor[k] = pile > 0 ? tailIndex[pile - 1] : -1
        if pile == length { length += 1 }
        finger = pile
    }

    var k = tailIndex[length - 1]
    while k >= 0 {
        isMember[k] = true
        k = predecessor[k]
    }
}

/// `_markLongestIncreasingSubsequence` for arrays.
///
/// - Complexity: as `_markLongestIncreasingSubsequence`.
internal func _longestIncreasingSubsequenceMembers(_ values: [Int]) -> [Bool] {
    var members = [Bool](repeating: false, count: values.count)
    values.withUnsafeBufferPointer { values in
        members.withUnsafeMutableBufferPointer { members in
            _markLongestIncreasingSubsequence(values, isMember: members)
        }
    }
    return members
}
