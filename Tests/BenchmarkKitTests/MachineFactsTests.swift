import Foundation
import Testing
@testable import BenchmarkKit

/// Machine facts from the text the kernel writes, including what a virtual machine leaves out.
@Suite struct MachineFactsTests {
    static let cpuinfo = """
        processor\t: 0
        vendor_id\t: GenuineIntel
        cpu family\t: 6
        model\t\t: 167
        model name\t: Intel(R) Xeon(R) Processor
        stepping\t: 8
        cache size\t: 107520 KB

        processor\t: 1
        vendor_id\t: GenuineIntel
        cpu family\t: 6
        model\t\t: 168
        model name\t: Another Name
        stepping\t: 9

        """

    static let caches = [
        MachineFacts.Cache(level: 3, type: "Unified", size: "107520K"),
        MachineFacts.Cache(level: 1, type: "Instruction", size: "32K"),
        MachineFacts.Cache(level: 1, type: "Data", size: "48K"),
        MachineFacts.Cache(level: 2, type: "Unified", size: "2048K"),
    ]

    @Test func theFirstProcessorNamesTheModel_andEveryProcessorIsCounted() {
        let facts = MachineFacts(cpuinfo: MachineFactsTests.cpuinfo, caches: MachineFactsTests.caches)
        #expect(facts.cpuModel == "Intel(R) Xeon(R) Processor")
        #expect(facts.cpuSignature == "family 6, model 167, stepping 8")
        #expect(facts.logicalCPUs == 2)
        #expect(facts.caches.map(\.summary) == ["L1 Data 48K", "L1 Instruction 32K", "L2 Unified 2048K", "L3 Unified 107520K"])
        #expect(facts.summary == "Intel(R) Xeon(R) Processor (family 6, model 167, stepping 8), 2 logical CPUs; caches L1 Data 48K, L1 Instruction 32K, L2 Unified 2048K, L3 Unified 107520K")
    }

    @Test func whatTheSystemDoesNotReportStaysUnknown() {
        let facts = MachineFacts(cpuinfo: "", caches: [])
        #expect(facts.cpuModel == nil && facts.cpuSignature == nil && facts.logicalCPUs == nil && facts.caches.isEmpty)
        #expect(facts.summary == "unknown CPU")
        let missing = MachineFacts.current(cpuinfoPath: "/nonexistent/cpuinfo", cacheDirectory: "/nonexistent/cache")
        #expect(missing == facts)
        #expect(facts.json.text == #"{"cpu_model": null, "cpu_signature": null, "logical_cpus": null, "caches": []}"#)
    }

    @Test func cacheSizesAreReadAsBytes() {
        #expect(MachineFacts.bytes("48K") == 49_152)
        #expect(MachineFacts.bytes("2M") == 2_097_152)
        #expect(MachineFacts.bytes("1G") == 1 << 30)
        #expect(MachineFacts.bytes("512") == 512)
        #expect(MachineFacts.bytes("") == nil)
        #expect(MachineFacts.bytes("K") == nil)
        #expect(MachineFacts.bytes("-4K") == nil)
        #expect(MachineFacts.bytes("12Q") == nil)
        #expect(MachineFacts.bytes("99999999999999999999K") == nil)
        #expect(MachineFacts.bytes("\(Int.max)K") == nil, "overflow is unknown, not a trap")
    }

    @Test func thisMachinesFactsAreReadWhereLinuxWritesThem() throws {
        // Whatever the machine: a Linux runner has /proc/cpuinfo with at least one processor.
        guard FileManager.default.fileExists(atPath: "/proc/cpuinfo") else { return }
        let facts = MachineFacts.current()
        #expect((facts.logicalCPUs ?? 0) >= 1)
        for cache in facts.caches { #expect(cache.bytes != nil, "\(cache.summary) has a readable size") }
    }
}
