import Foundation
import Testing

/// Each layer of the kernel is its own SwiftPM target, so the compiler refuses a use of a
/// layer the target does not depend on. What it can't see is whether the graph in
/// Package.swift is the one Docs/Architecture.md draws (an added dependency would quietly let
/// a lower layer reach up), and whether the umbrella `ListKernel` module re-exports every
/// part (a missing re-export only shows when a user's code fails to find a type).
@Suite struct LayeringTests {
    /// Each part and the parts it may depend on: the picture in Docs/Architecture.md.
    static let allowed: [String: Set<String>] = [
        "ListKernelCore": [],
        "ListKernelLayout": ["ListKernelCore"],
        "ListKernelReuse": ["ListKernelCore"],
        "ListKernelDiffing": ["ListKernelCore"],
        "ListKernelUpdates": ["ListKernelCore", "ListKernelLayout"],
        "ListKernelDiffUpdates": ["ListKernelCore", "ListKernelDiffing", "ListKernelUpdates"],
        "ListKernelOutline": ["ListKernelCore", "ListKernelDiffing"],
        "ListKernelList": [
            "ListKernelCore", "ListKernelLayout", "ListKernelReuse", "ListKernelDiffing",
            "ListKernelUpdates", "ListKernelDiffUpdates", "ListKernelOutline",
        ],
    ]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The targets of Package.swift and their target dependencies, from
    /// `swift package dump-package` (run with its own scratch path, so it never waits for the
    /// lock of the build that runs these tests).
    static func packageTargets() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("listkernel-layering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else { return [:] }
        var result: [String: Set<String>] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            var dependencies = Set<String>()
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                // {"byName": ["X", null]} or {"target": ["X", null]} or {"product": ["X", …]}
                for key in ["byName", "target", "product"] {
                    if let value = dependency[key] as? [Any], let first = value.first as? String { dependencies.insert(first) }
                }
            }
            result[name] = dependencies
        }
        return result
    }

    @Test func noPartOfTheKernelDependsOnALayerAboveIt() throws {
        let targets = try LayeringTests.packageTargets()
        #expect(targets["ListKernel"] != nil, "dump-package lists the targets")
        for (part, mayUse) in LayeringTests.allowed {
            let uses = try #require(targets[part], "\(part) is a target of Package.swift")
            #expect(uses.isSubset(of: mayUse), "\(part) depends on \(uses.subtracting(mayUse).sorted()), above it in Docs/Architecture.md")
        }
        let kernelTargets = Set(targets.keys.filter { $0.hasPrefix("ListKernel") && $0 != "ListKernel" && $0 != "ListKernelTesting" && $0 != "ListKernelTests" })
        #expect(kernelTargets == Set(LayeringTests.allowed.keys), "every part is in the picture and every layer of the picture is a target")
        #expect(targets["ListKernel"] == Set(LayeringTests.allowed.keys), "the umbrella depends on every part")
    }

    @Test func theUmbrellaModuleReExportsEveryPart() throws {
        let umbrella = try String(
            contentsOf: LayeringTests.packageRoot.appendingPathComponent("Sources/ListKernel/ListKernel.swift"),
            encoding: .utf8
        )
        let exported = Set(umbrella.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.first == "@_exported", let module = words.last, words.dropLast().last == "import" else { return nil }
            return String(module)
        })
        #expect(exported == Set(LayeringTests.allowed.keys), "re-exported: \(exported.sorted())")
        let files = try FileManager.default.contentsOfDirectory(atPath: LayeringTests.packageRoot.appendingPathComponent("Sources/ListKernel").path)
        #expect(files.filter { !$0.hasPrefix(".") } == ["ListKernel.swift"], "the umbrella holds nothing but its re-exports")
    }
}
