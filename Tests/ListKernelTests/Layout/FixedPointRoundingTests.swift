import Testing
@testable import ListKernelCore
import ListKernelTesting

/// `FixedPoint.offsetUnits` takes the floor by truncation; it must agree with
/// `rounded(.down)` everywhere it accepts a value, whole units and negative fractions included.
@Suite struct FixedPointRoundingTests {
    @Test func offsetUnitsIsTheFloorOfTheUnits() {
        var rng = SplitMix64(seed: 77)
        var values: [Double] = [0, -0.0, 1, -1, 0.5 / 256, -0.5 / 256, 1.0 / 256, -1.0 / 256, 123.456, -123.456,
                                9.99e14, -9.99e14, .ulpOfOne, -.ulpOfOne, Double(Int32.max), -Double(Int32.max)]
        for _ in 0..<10_000 {
            let whole = Double(rng.int(in: -2_000_000...2_000_000)) / 256
            values += [whole, whole.nextUp, whole.nextDown, Double(rng.int(in: -1_000_000_000...1_000_000_000)) / 997]
        }
        for value in values {
            #expect(FixedPoint.offsetUnits(value) == Int64((value * 256).rounded(.down)), "\(value)")
        }
        for value in [Double.nan, .infinity, -.infinity, 1e15, -1e15] {
            #expect(FixedPoint.offsetUnits(value) == nil, "\(value)")
        }
    }
}
