import Testing
@testable import ListKernel
import ListKernelTesting

@Test func splitMixMatchesTheSharedSpecification() {
    // diff-inputs.md: scenario B at N=10,000 starts 7017, 7980, 4313 after a shuffle with seed 43.
    var rng = SplitMix64(seed: 43)
    var a = Array(0..<10_000)
    rng.shuffle(&a)
    #expect(Array(a.prefix(3)) == [7017, 7980, 4313])
}
