import Testing
import ListKernel
@_spi(AuditSamples) @testable import ListKernelTesting

/// The pieces behind the reports: part-by-part comparison, and the shrinker's
/// simplification, which must leave no operation it could still make simpler.
@Suite struct AuditorReducerTests {
    struct Badge: Equatable {
        var count: Int?
        var color: String
    }

    struct Row: Equatable {
        var title: String
        var subtitle: String?
        var badge: Badge
        var tags: [String]
    }

    enum Shown: Equatable {
        case row(Row)
        case header(title: String, isFolded: Bool)
    }

    /// Equal whatever its parts say.
    struct AlwaysDifferent: Equatable {
        var value = 1
        static func == (lhs: Self, rhs: Self) -> Bool { false }
    }

    @Test func partsAreNamedByTheirPathAndValuesPrintedAsSource() {
        let found = Shown.row(Row(title: "Ada", subtitle: "Hi", badge: Badge(count: 3, color: "red"), tags: ["a"]))
        let expected = Shown.row(Row(title: "Ada", subtitle: nil, badge: Badge(count: nil, color: "red"), tags: ["a", "b"]))
        let differences = AuditParts.differences(found: found, expected: expected)
        #expect(differences.map(\.name) == ["row.subtitle", "row.badge.count", "row.tags"])
        #expect(differences.map(\.found) == ["\"Hi\"", "3", "[\"a\"]"])
        #expect(differences.map(\.expected) == ["nil", "nil", "[\"a\", \"b\"]"])
        #expect(AuditParts.differences(found: found, expected: found).isEmpty)
    }

    @Test func anotherCaseIsOnePartAndACustomEqualityTheWholeValue() {
        let differences = AuditParts.differences(found: Shown.header(title: "A", isFolded: true), expected: .row(Row(title: "A", subtitle: nil, badge: Badge(count: nil, color: ""), tags: [])))
        #expect(differences.count == 1)
        #expect(differences.first?.name == "value")
        let custom = AuditParts.differences(found: AlwaysDifferent(), expected: AlwaysDifferent())
        #expect(custom.map(\.name) == ["value"])
        #expect(AuditParts.part(at: ["row", "badge", "count"], of: Shown.row(Row(title: "", subtitle: nil, badge: Badge(count: 7, color: ""), tags: []))).map(AuditParts.text) == "7")
    }

    @Test func takingALighterCandidateAgainAndAgainEndsLighterForEveryKindOfOperation() {
        let operations: [AuditOperation] = [
            .scroll(to: 1234.75), .resize(size: 300, insetTop: 20, insetBottom: 10, overscanAhead: 40, overscanBehind: 20),
            .scrollToItem(ItemPath(section: 3, item: 9), .middle), .tapItem(ItemPath(section: 2, item: 5)),
            .fold(sections: [4, 1], collapsed: false), .select(items: [ItemPath(section: 1, item: 2), ItemPath(section: 0, item: 3)], selected: true),
            .update(.insertItems(section: 2, at: 7, count: 4)), .applySnapshot([.moveSection(from: 3, to: 1), .deleteItems(section: 1, at: 2, count: 3)]),
            .completeLoads(pick: 9, count: 3),
        ]
        for operation in operations {
            var current = operation
            var steps = 0
            // Always taking the first simpler candidate must end, each step lighter.
            while let next = AuditSimplifier.candidates(for: current).first(where: { AuditSimplifier.weight(of: $0) < AuditSimplifier.weight(of: current) }) {
                current = next
                steps += 1
                #expect(steps < 100, "\(operation) does not simplify to an end")
                if steps >= 100 { break }
            }
            #expect(steps > 0, "\(operation) has no simpler form")
            #expect(AuditSimplifier.weight(of: current) < AuditSimplifier.weight(of: operation), "\(operation) → \(current)")
        }
    }

    /// Runs a buggy adapter until it fails and checks the reproducer is a local minimum: no
    /// operation can be removed or made simpler and still fail the same way.
    @Test(arguments: [1, 3] as [UInt64])
    func aReproducerCannotBeShortenedOrSimplifiedFurther(seed: UInt64) throws {
        let auditor = StaleStateAuditor { SkipsSameIdentifierAndVersion() }
        let report = try auditor.run(seed: seed, operations: 5_000)
        let failure = try #require(report.failure, "\(report)")
        let kinds = Set(failure.problems.map(\.kind))
        func fails(_ operations: [AuditOperation]) throws -> Bool {
            try auditor.replay(seed: seed, operations: operations).map { $0.problems.contains { kinds.contains($0.kind) } } ?? false
        }
        let operations = failure.operations
        for index in operations.indices {
            var fewer = operations
            fewer.remove(at: index)
            if !fewer.isEmpty { #expect(try !fails(fewer), "seed \(seed): operation \(index) is not needed\n\(failure)") }
            for simpler in AuditSimplifier.candidates(for: operations[index])
            where AuditSimplifier.weight(of: simpler) < AuditSimplifier.weight(of: operations[index]) {
                var candidate = operations
                candidate[index] = simpler
                #expect(try !fails(candidate), "seed \(seed): \(operations[index]) could be \(simpler)\n\(failure)")
            }
        }
    }
}
