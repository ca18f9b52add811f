import Foundation

/// What the operating system reports about the machine a benchmark ran on: the CPU model,
/// how many logical CPUs it shows, and the cache sizes of CPU 0, read from `/proc/cpuinfo`
/// and `/sys/devices/system/cpu/cpu0/cache` (Linux). Fields the system does not report are
/// `nil` or empty; nothing here is guessed.
///
/// ```swift
/// let facts = MachineFacts.current()
/// print(facts.cpuModel ?? "unknown CPU", facts.caches.map(\.summary))
/// // Intel(R) Xeon(R) Processor ["L1 Data 48K", "L1 Instruction 32K", "L2 Unified 2048K", …]
/// ```
package struct MachineFacts: Equatable, Sendable {
    /// One cache of CPU 0, as `/sys/devices/system/cpu/cpu0/cache/indexN` describes it.
    package struct Cache: Equatable, Sendable {
        /// 1, 2, 3…
        package var level: Int
        /// "Data", "Instruction" or "Unified".
        package var type: String
        /// The size as the kernel writes it ("48K", "107520K").
        package var size: String
        /// The size in bytes, or `nil` when `size` is not a number with an optional K, M or G.
        package var bytes: Int? { MachineFacts.bytes(size) }
        /// "L2 Unified 2048K".
        package var summary: String { "L\(level) \(type) \(size)" }

        /// A cache of the given level, type and size text.
        ///
        /// - Complexity: O(1).
        package init(level: Int, type: String, size: String) {
            (self.level, self.type, self.size) = (level, type, size)
        }
    }

    /// The "model name" of the first processor in `/proc/cpuinfo`.
    package var cpuModel: String?
    /// The "cpu family", "model" and "stepping" fields of the first processor, when present
    /// ("family 6, model 167, stepping 8"), since a virtual machine's model name is often
    /// generic.
    package var cpuSignature: String?
    /// The number of "processor" entries in `/proc/cpuinfo` (logical CPUs).
    package var logicalCPUs: Int?
    /// The caches of CPU 0, by level then type.
    package var caches: [Cache]

    /// Facts with the given fields.
    ///
    /// - Complexity: O(1).
    package init(cpuModel: String?, cpuSignature: String?, logicalCPUs: Int?, caches: [Cache]) {
        self.cpuModel = cpuModel
        self.cpuSignature = cpuSignature
        self.logicalCPUs = logicalCPUs
        self.caches = caches.sorted { ($0.level, $0.type) < ($1.level, $1.type) }
    }

    /// The facts in the text of `/proc/cpuinfo` and the given caches.
    ///
    /// - Complexity: O(length of `cpuinfo` + caches).
    package init(cpuinfo: String, caches: [Cache]) {
        var model: String?
        var signature: [String: String] = [:]
        var processors = 0
        var inFirst = true
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                if line.trimmingCharacters(in: .whitespaces).isEmpty, processors > 0 { inFirst = false }
                continue
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "processor" { processors += 1 }
            guard inFirst else { continue }
            if key == "model name", model == nil, !value.isEmpty { model = value }
            if ["cpu family", "model", "stepping"].contains(key), signature[key] == nil { signature[key] = value }
        }
        let parts = [("cpu family", "family"), ("model", "model"), ("stepping", "stepping")].compactMap { key, name in
            signature[key].map { "\(name) \($0)" }
        }
        self.init(
            cpuModel: model,
            cpuSignature: parts.isEmpty ? nil : parts.joined(separator: ", "),
            logicalCPUs: processors > 0 ? processors : nil,
            caches: caches
        )
    }

    /// The facts of this machine, read now; empty where a file is missing (not Linux).
    ///
    /// - Complexity: O(size of the files read).
    package static func current(
        cpuinfoPath: String = "/proc/cpuinfo",
        cacheDirectory: String = "/sys/devices/system/cpu/cpu0/cache"
    ) -> MachineFacts {
        let cpuinfo = (try? String(contentsOfFile: cpuinfoPath, encoding: .utf8)) ?? ""
        var caches: [Cache] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? []
        for entry in entries.sorted() where entry.hasPrefix("index") {
            func field(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(cacheDirectory)/\(entry)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let levelText = field("level"), let level = Int(levelText),
                  let type = field("type"), let size = field("size") else { continue }
            caches.append(Cache(level: level, type: type, size: size))
        }
        return MachineFacts(cpuinfo: cpuinfo, caches: caches)
    }

    /// One line for a report: "Intel(R) Xeon(R) Processor (family 6, model 167, stepping 8),
    /// 2 logical CPUs; caches L1 Data 48K, L1 Instruction 32K, L2 Unified 2048K, L3 Unified 107520K".
    ///
    /// - Complexity: O(caches).
    package var summary: String {
        var text = cpuModel ?? "unknown CPU"
        if let cpuSignature { text += " (\(cpuSignature))" }
        if let logicalCPUs { text += ", \(logicalCPUs) logical CPU\(logicalCPUs == 1 ? "" : "s")" }
        if !caches.isEmpty { text += "; caches " + caches.map(\.summary).joined(separator: ", ") }
        return text
    }

    /// The facts as a JSON object.
    ///
    /// - Complexity: O(caches).
    package var json: JSONValue {
        .object([
            ("cpu_model", cpuModel.map(JSONValue.string) ?? .null),
            ("cpu_signature", cpuSignature.map(JSONValue.string) ?? .null),
            ("logical_cpus", logicalCPUs.map { .number(Double($0)) } ?? .null),
            ("caches", .array(caches.map { cache in
                .object([
                    ("level", .number(Double(cache.level))),
                    ("type", .string(cache.type)),
                    ("size", .string(cache.size)),
                    ("bytes", cache.bytes.map { .number(Double($0)) } ?? .null),
                ])
            })),
        ])
    }

    /// "48K" → 49,152; "2M" → 2,097,152; "512" → 512; `nil` for anything else.
    ///
    /// - Complexity: O(length).
    package static func bytes(_ size: String) -> Int? {
        let text = size.trimmingCharacters(in: .whitespaces)
        guard let last = text.last else { return nil }
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let multiplier = multipliers[last] {
            guard let value = Int(text.dropLast()), value >= 0 else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
            return overflow ? nil : product
        }
        guard let value = Int(text), value >= 0 else { return nil }
        return value
    }
}
