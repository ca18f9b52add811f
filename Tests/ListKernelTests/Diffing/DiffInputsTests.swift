import Testing
import ListKernel
@testable import ListKernelTesting

// The published checksums and first values of Docs/DiffInputs.md: the regenerated
// benchmark inputs must match them exactly.

private func ids(_ items: [VersionedItem]) -> [Int] { items.map(\.id) }

@Test func scenarioAAtTenThousand_matchesThePublishedChecksums() {
    let input = DiffInputs.scenarioA(count: 10_000)
    #expect(DiffInputs.checksum(input.old) == 0x6eda_5c0e_db0b_4245)
    #expect(DiffInputs.checksum(input.new) == 0xf04a_4eab_7be8_06d7)
    #expect(input.new.prefix(6).map(\.description) == ["0:0", "10838:0", "1:0", "4:0", "5:0", "9:1"])
}

@Test func scenarioAAtOneHundredThousand_matchesThePublishedChecksums() {
    let input = DiffInputs.scenarioA(count: 100_000)
    #expect(DiffInputs.checksum(input.old) == 0x0e57_52e9_440f_b3a5)
    #expect(DiffInputs.checksum(input.new) == 0xa019_6169_626e_7ab9)
    #expect(input.new.prefix(6).map(\.description) == ["0:0", "2:0", "3:0", "4:0", "5:0", "106050:0"])
}

@Test func scenarioBAtTenThousand_matchesThePublishedChecksums() {
    let input = DiffInputs.scenarioB(count: 10_000)
    #expect(DiffInputs.checksum(input.old) == 0x6eda_5c0e_db0b_4245)
    #expect(DiffInputs.checksum(input.new) == 0x3c3c_dbc8_a1fb_b679)
    #expect(ids(Array(input.new.prefix(6))) == [7017, 7980, 4313, 7806, 9836, 2958])
    #expect(input.new.allSatisfy { $0.version == 0 })
}

@Test func scenarioBAtOneHundredThousand_matchesThePublishedChecksums() {
    let input = DiffInputs.scenarioB(count: 100_000)
    #expect(DiffInputs.checksum(input.old) == 0x0e57_52e9_440f_b3a5)
    #expect(DiffInputs.checksum(input.new) == 0xcaf3_72f7_aea2_3355)
    #expect(ids(Array(input.new.prefix(6))) == [2774, 11697, 25932, 15958, 39389, 10771])
    #expect(input.new.allSatisfy { $0.version == 0 })
}

@Test func scenarioC_isAnIdenticalCopyWithTheOldChecksum() {
    for count in [10_000, 100_000] {
        let input = DiffInputs.scenarioC(count: count)
        #expect(input.new == input.old)
        #expect(DiffInputs.checksum(input.new) == DiffInputs.checksum(input.old))
        #expect(ids(Array(input.new.prefix(3))) == [0, 1, 2])
    }
    #expect(DiffInputs.checksum(DiffInputs.scenarioC(count: 100_000).new) == 0x0e57_52e9_440f_b3a5)
}

@Test func sectionedScenario_matchesThePublishedChecksums() {
    let input = DiffInputs.sectioned()
    #expect(DiffInputs.checksum(input.old) == 0x8399_8ccd_6d0c_27a5)
    #expect(DiffInputs.checksum(input.new) == 0xedbb_a721_03d1_96f1)
    // The shape the table describes: 1,000 sections, 100 of them emptied, 100,000 items.
    #expect(input.new.count == 1_000)
    #expect(input.new.filter(\.items.isEmpty).count == 100)
    #expect(input.new.reduce(0) { $0 + $1.items.count } == 90_000)
}

@Test func positionalInsertsPlacedBackwards_matchArrayInsertion() {
    // The Fenwick placement in DiffInputs against plain Array.insert, on small random cases.
    for seed in 0..<200 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        let base = Array(0..<random.below(20))
        let inserted = (0..<random.below(20)).map { 1_000 + $0 }
        var positions: [Int] = []
        var expected = base
        for (t, element) in inserted.enumerated() {
            let position = random.below(base.count + t + 1)
            positions.append(position)
            expected.insert(element, at: position)
        }
        let placed = DiffInputs.placeInserts(base: base, inserted: inserted, positions: positions)
        #expect(placed == expected, "seed \(seed): base \(base), positions \(positions)")
    }
}
