// swift-tools-version: 6.0
// ListKernel: the logic core of a list view (layout, index mapping, reuse, reconcile,
// batch updates, diffing), with no package dependencies.
import PackageDescription

/// Settings applied to every target in one place, so no target drifts.
let commonSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableExperimentalFeature("StrictConcurrency"),
]

/// The parts of the kernel, lowest layer first; the `ListKernel` module re-exports each.
let kernelParts = [
    "ListKernelCore", "ListKernelLayout", "ListKernelReuse", "ListKernelDiffing",
    "ListKernelUpdates", "ListKernelDiffUpdates", "ListKernelOutline", "ListKernelList",
]

let package = Package(
    name: "ListKernel",
    products: [
        .library(name: "ListKernel", targets: ["ListKernel"]),
        .library(name: "ListKernelTesting", targets: ["ListKernelTesting"]),
        .library(name: "TerminalList", targets: ["TerminalList"]),
        .executable(name: "listkernel-demo", targets: ["listkernel-demo"]),
        .executable(name: "listkernel-bench", targets: ["listkernel-bench"]),
    ],
    targets: [
        // The kernel's layers, lowest first; each may use only the targets it lists
        // (Docs/Architecture.md draws the graph). Users import the umbrella `ListKernel`.
        .target(
            name: "ListKernelCore",
            // Rounding points to fixed-point units uses libm's floor/ceil/rint.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "ListKernelLayout", dependencies: ["ListKernelCore"]),
        .target(name: "ListKernelReuse", dependencies: ["ListKernelCore"]),
        .target(name: "ListKernelDiffing", dependencies: ["ListKernelCore"]),
        .target(name: "ListKernelUpdates", dependencies: ["ListKernelCore", "ListKernelLayout"]),
        // Outlines: nodes nested to any depth, expansion, lazy children (Docs/Outline.md).
        .target(name: "ListKernelOutline", dependencies: ["ListKernelCore", "ListKernelDiffing"]),
        .target(
            name: "ListKernelDiffUpdates",
            dependencies: ["ListKernelCore", "ListKernelDiffing", "ListKernelUpdates"]
        ),
        .target(
            name: "ListKernelList",
            dependencies: [
                "ListKernelCore", "ListKernelLayout", "ListKernelReuse", "ListKernelDiffing",
                "ListKernelUpdates", "ListKernelDiffUpdates", "ListKernelOutline",
            ]
        ),
        .target(name: "ListKernel", dependencies: kernelParts.map { .target(name: $0) }),
        .target(name: "ListKernelTesting", dependencies: ["ListKernel"]),
        .target(name: "TerminalList", dependencies: ["ListKernel"]),
        .executableTarget(name: "listkernel-demo", dependencies: ["TerminalList", "ListKernel"]),
        // The benchmark runner's pure parts (statistics, growth fits, the SVG chart, machine
        // facts), a library of their own so a test target can check them; no kernel code.
        .target(name: "BenchmarkKit", path: "Benchmarks/BenchmarkKit"),
        .executableTarget(
            name: "listkernel-bench",
            dependencies: ["ListKernel", "ListKernelTesting", "BenchmarkKit"],
            path: "Benchmarks/listkernel-bench"
        ),
        .testTarget(
            name: "ListKernelTests",
            dependencies: ["ListKernel", "ListKernelTesting"] + kernelParts.map { .target(name: $0) }
        ),
        .testTarget(name: "TerminalListTests", dependencies: ["TerminalList", "ListKernel", "ListKernelTesting"]),
        .testTarget(name: "BenchmarkKitTests", dependencies: ["BenchmarkKit"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + commonSettings
}
