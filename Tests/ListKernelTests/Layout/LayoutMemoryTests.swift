import Testing
import ListKernel
@testable import ListKernelLayout
import ListKernelTesting

/// `storageBytes`, which sizes the benchmarks' memory floor, against what the structures are
/// documented to cost (Docs/Layout.md: about 4.4 bytes per measured item, O(1) per uniform
/// section).
@Suite struct LayoutMemoryTests {
    static func measured(sections: Int, items: Int = 100) throws -> ListLayout {
        var rng = SplitMix64(seed: 5)
        return try ListLayout(sections: (0..<sections).map { _ in
            .init(itemExtents: (0..<items).map { _ in Double(rng.int(in: 20...200)) }, header: 30, footer: 10)
        })
    }

    @Test func measuredRowsCostAFewBytesEach_andTheCostGrowsLinearly() throws {
        let small = try LayoutMemoryTests.measured(sections: 200).storageBytes
        let large = try LayoutMemoryTests.measured(sections: 800).storageBytes
        let perRow = Double(large) / 80_000
        #expect(perRow > 4 && perRow < 12, "\(perRow) bytes per measured row")
        let growth = Double(large) / Double(small)
        #expect(growth > 3.6 && growth < 4.4, "four times the sections, \(growth) times the bytes")
    }

    @Test func uniformSectionsCostTheSameWhateverTheirItemCount() throws {
        let few = try ListLayout(sections: (0..<500).map { _ in .init(itemCount: 10, itemExtent: .uniform(44)) }).storageBytes
        let many = try ListLayout(sections: (0..<500).map { _ in .init(itemCount: 1_000_000, itemExtent: .uniform(44)) }).storageBytes
        // The same storage up to an array's spare capacity.
        #expect(abs(few - many) <= few / 100, "\(few) bytes for 10 items a section, \(many) for a million")
        #expect(few / 500 < 256, "\(few / 500) bytes per uniform section")
        #expect(try ListLayout().storageBytes > 0, "an empty layout still has its root")
    }
}
