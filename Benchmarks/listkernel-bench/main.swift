import ListKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// All scenarios, in the order the table prints them. Each layer adds its own list.
let allScenarios: [Scenario] = [
    floorScenarios(), layoutScenarios(), reconcileScenarios(), diffScenarios(), updateScenarios(), outlineScenarios(), liveScenarios(),
].flatMap { $0 }

exit(BenchRunner.main(arguments: Array(CommandLine.arguments.dropFirst()), scenarios: allScenarios))
