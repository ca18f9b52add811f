import Foundation
import Testing

/// Docs/Architecture.md draws the layers of Sources/ListKernel and says a lower layer never
/// names a type of a higher one. This test reads the sources and holds the code to the picture.
@Suite struct LayeringTests {
    /// Each folder and the folders it may use (besides itself).
    static let allowed: [String: Set<String>] = [
        "Core": [],
        "Layout": ["Core"],
        "Mapping": ["Core", "Layout"],
        "Reuse": ["Core"],
        "Diffing": ["Core"],
        "Snapshots": ["Core", "Diffing"],
        "Updates": ["Core", "Layout", "Mapping", "Diffing"],
        "Virtualization": ["Core", "Layout", "Mapping", "Reuse", "Diffing", "Snapshots", "Updates"],
        "DataSources": ["Core", "Layout", "Mapping", "Reuse", "Diffing", "Snapshots", "Updates", "Virtualization"],
    ]

    static var sourcesRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ListKernel")
    }

    /// Source text of every file in `folder`, with comments and string literals removed.
    static func code(in folder: String) throws -> [(file: String, text: String)] {
        let directory = sourcesRoot.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let stripped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                if let comment = line.range(of: "//") { return line[..<comment.lowerBound] }
                return line
            }.joined(separator: "\n")
            return (name, stripped.replacingOccurrences(of: #""[^"\n]*""#, with: "\"\"", options: .regularExpression))
        }
    }

    /// Type names declared at the top level of a folder.
    static func declaredTypes(in folder: String) throws -> Set<String> {
        var names = Set<String>()
        let pattern = try NSRegularExpression(pattern: #"(?m)^(?:public |internal |@[a-zA-Z]+ )*(?:final )?(?:struct|class|enum|protocol|typealias|actor) ([A-Z][A-Za-z0-9_]*)"#)
        for (_, text) in try code(in: folder) {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
            }
        }
        return names
    }

    @Test func theFoldersOfTheKernelAreTheLayersOfThePicture() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: LayeringTests.sourcesRoot.path)
            .filter { !$0.hasPrefix(".") }
        #expect(Set(folders).isSubset(of: Set(LayeringTests.allowed.keys)), "folders not in the picture: \(Set(folders).subtracting(LayeringTests.allowed.keys))")
    }

    @Test func noLayerNamesATypeOfALayerAboveIt() throws {
        var types: [String: Set<String>] = [:]
        for folder in LayeringTests.allowed.keys { types[folder] = try LayeringTests.declaredTypes(in: folder) }
        #expect(types["Layout"]?.contains("ListLayout") == true, "the scan finds declarations")
        #expect(types["Virtualization"]?.contains("VirtualList") == true, "the scan finds declarations")
        var violations: [String] = []
        for (folder, mayUse) in LayeringTests.allowed {
            let forbidden = LayeringTests.allowed.keys.filter { $0 != folder && !mayUse.contains($0) }
            for (file, text) in try LayeringTests.code(in: folder) {
                for other in forbidden {
                    for name in types[other] ?? [] where text.range(of: #"\b\#(name)\b"#, options: .regularExpression) != nil {
                        violations.append("\(folder)/\(file) names \(name) from \(other)")
                    }
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.sorted())")
    }
}
