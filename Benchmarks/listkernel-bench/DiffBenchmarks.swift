import ListKernel
import ListKernelTesting

/// The diff scenarios of Docs/DiffInputs.md, on inputs regenerated exactly (checksums
/// tested in DiffInputsTests). Inputs are built before any timed region; each timed run
/// diffs the same arrays, so the figures are warm-cache ones (no first-touch page faults
/// on the inputs; the diff's own buffers are allocated inside the timed region).
func diffScenarios() -> [Scenario] {
    [
        Scenario(title: "LinearDiff compute (scenario A: 10% deleted, moved, updated, inserted)", metrics: ["diff_100k_ms", "diff_100k_moves"]) { context in
            let input = DiffInputs.scenarioA(count: context.quick ? 10_000 : 100_000)
            var moves = 0
            context.time("diff_100k_ms", unit: .ms) {
                let diff = try! LinearDiff(from: input.old, to: input.new)
                moves = diff.moved.count
                blackHole(diff)
            }
            context.record("diff_100k_moves", Double(moves))
        },
        Scenario(title: "LinearDiff compute (scenario B: full shuffle)", metrics: ["diff_100k_shuffled_ms"]) { context in
            let input = DiffInputs.scenarioB(count: context.quick ? 10_000 : 100_000)
            context.time("diff_100k_shuffled_ms", unit: .ms) {
                blackHole(try! LinearDiff(from: input.old, to: input.new))
            }
        },
        Scenario(title: "LinearDiff compute (scenario C: identical)", metrics: ["diff_100k_identical_ms"]) { context in
            let input = DiffInputs.scenarioC(count: context.quick ? 10_000 : 100_000)
            context.time("diff_100k_identical_ms", unit: .ms) {
                blackHole(try! LinearDiff(from: input.old, to: input.new))
            }
        },
        Scenario(title: "LinearDiff compute vs stdlib difference+inferringMoves (scenario A, 10k)", metrics: ["diff_10k_ms", "stdlib_diff_10k_ms"]) { context in
            let input = DiffInputs.scenarioA(count: 10_000)
            context.time("diff_10k_ms", unit: .ms) {
                blackHole(try! LinearDiff(from: input.old, to: input.new))
            }
            // The baseline, in the same run: the standard library's Myers diff on the id
            // arrays (O(n·d)), shrunk to 2,000 items in a quick pass.
            let baseline = context.quick ? DiffInputs.scenarioA(count: 2_000) : input
            let oldIDs = baseline.old.map(\.id)
            let newIDs = baseline.new.map(\.id)
            context.time("stdlib_diff_10k_ms", unit: .ms) {
                blackHole(newIDs.difference(from: oldIDs).inferringMoves())
            }
        },
        Scenario(title: "SectionedDiff compute (2-D: 1,000 × 100, 100 sections emptied, 5,000 cross-section moves)", metrics: ["diff_sections_ms", "diff_sections_moves"]) { context in
            let input = context.quick
                ? DiffInputs.sectioned(sectionCount: 100, itemsPerSection: 100)
                : DiffInputs.sectioned()
            var moves = 0
            context.time("diff_sections_ms", unit: .ms) {
                let diff = try! SectionedDiff(from: input.old, to: input.new)
                moves = diff.movedItems.count + diff.movedSections.count
                blackHole(diff)
            }
            context.record("diff_sections_moves", Double(moves))
        },
    ]
}
