import Foundation
import Testing
@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelList

/// Every core structure follows one invariant-check convention (Docs/Architecture.md): it
/// conforms to `InvariantChecked`, stating its invariants once in `_checkInvariantsNow()`,
/// and gets the debug-only, suspendable `_checkInvariants()` from the protocol.
@Suite struct InvariantConventionTests {
    /// Compiles only while each core structure conforms.
    static var conforming: [any InvariantChecked.Type] { [
        ListLayout.self, SectionTree.self, ItemExtents.self, ExtentRun.self,
        ReusePool<AnyObject>.self, ValidatedUpdate.self, LinearDiff.self, SectionedDiff.self,
        ListSnapshot<Int, Int>.self, ListDiffableDataSource<Int, Int, AnyObject>.self,
    ] }

    @Test func noKernelStructureWritesItsOwnDebugWrapper() throws {
        let sources = LayeringTests.packageRoot.appendingPathComponent("Sources")
        var offenders: [String] = []
        var scanned = 0
        let kernelTargets = LayeringTests.allowed.keys
        for target in kernelTargets {
            let directory = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                scanned += 1
                guard file.lastPathComponent != "InvariantChecked.swift" else { continue }
                if text.contains("func _checkInvariants(") || text.contains("func checkInvariants(") {
                    offenders.append("\(target)/\(file.lastPathComponent)")
                }
            }
        }
        #expect(scanned > 50, "only \(scanned) kernel source files found under \(sources.path)")
        #expect(offenders.isEmpty, "these define their own check wrapper instead of conforming to InvariantChecked: \(offenders)")
    }
}
