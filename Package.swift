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
        .target(
            name: "ListKernel",
            // Rounding points to fixed-point units uses libm's floor/ceil/rint.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "ListKernelTesting", dependencies: ["ListKernel"]),
        .target(name: "TerminalList", dependencies: ["ListKernel"]),
        .executableTarget(name: "listkernel-demo", dependencies: ["TerminalList", "ListKernel"]),
        .executableTarget(
            name: "listkernel-bench",
            dependencies: ["ListKernel", "ListKernelTesting"],
            path: "Benchmarks/listkernel-bench"
        ),
        .testTarget(name: "ListKernelTests", dependencies: ["ListKernel", "ListKernelTesting"]),
        .testTarget(name: "TerminalListTests", dependencies: ["TerminalList", "ListKernel", "ListKernelTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + commonSettings
}
