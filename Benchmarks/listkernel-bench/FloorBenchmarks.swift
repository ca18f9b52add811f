/// The physical floor every lookup is judged against: one dependent random read (a pointer
/// chase) through an 8 MB buffer, measured in the same run.
///
/// On this machine 8 MB fits in the 32 MB L3 cache, so the 8 MB chase measures an L3 hit;
/// the 64 MB chase (`random_read_64mb_ns`) shows what a read that misses every cache costs,
/// for context.
func floorScenarios() -> [Scenario] {
    [
        Scenario(title: "Memory random read (8 MB pointer chase)", metrics: ["random_read_ns"]) { context in
            pointerChase(&context, metric: "random_read_ns", megabytes: 8)
        },
        Scenario(title: "Memory random read (64 MB pointer chase)", metrics: ["random_read_64mb_ns"]) { context in
            pointerChase(&context, metric: "random_read_64mb_ns", megabytes: context.quick ? 8 : 64)
        },
    ]
}

/// One dependent random read after another through a buffer of `megabytes`.
func pointerChase(_ context: inout BenchContext, metric: String, megabytes: Int) {
    let count = megabytes * 1024 * 1024 / MemoryLayout<Int>.stride
    // One random cycle through all slots (Sattolo), so every read depends on the last.
    var next = Array(0..<count)
    var state: UInt64 = 0x5EED
    var i = count - 1
    while i > 0 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let j = Int((state >> 33) % UInt64(i))
        next.swapAt(i, j)
        i -= 1
    }
    let reads = context.quick ? 200_000 : 2_000_000
    context.time(metric, unit: .ns, operations: reads) {
        var slot = 0
        for _ in 0..<reads { slot = next[slot] }
        blackHole(slot)
    }
}
