// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "board",
    products: [
        .executable(name: "boardd", targets: ["boardd"]),
        .executable(name: "board", targets: ["board"]),
        .library(name: "FlightData", targets: ["FlightData"]),
    ],
    targets: [
        // The domain: values, the generator, the lifecycle, the board. No I/O.
        .target(name: "FlightData"),
        // The wire: JSON, line framing, messages and one typed document per reply. Pure: no Glibc.
        .target(name: "BoardProtocol", dependencies: ["FlightData"]),
        // Every libc call, once: sockets, epoll, signals, processes, files, terminals, clocks.
        .target(name: "CSystemShims"),
        .target(name: "BoardSystem", dependencies: ["BoardProtocol", "CSystemShims"]),
        // The daemon's and the client's logic, as libraries the unit tests and fuzzers import.
        .target(name: "BoardDaemon", dependencies: ["FlightData", "BoardProtocol", "BoardSystem"]),
        .target(name: "BoardCLI", dependencies: ["FlightData", "BoardProtocol", "BoardSystem"]),
        // The programs: their entry points only.
        .executableTarget(name: "boardd", dependencies: ["BoardDaemon"]),
        .executableTarget(
            name: "board", dependencies: ["BoardCLI"],
            // A position-dependent release client: 72,000 fewer relocations to apply at start-up
            // (a third fewer page faults). The daemon stays position-independent (ASLR).
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]),
        .testTarget(name: "FlightDataTests", dependencies: ["FlightData"], resources: [.copy("Golden")]),
        .testTarget(name: "BoardProtocolTests", dependencies: ["BoardProtocol", "BoardSystem", "FlightData"]),
        .testTarget(name: "BoardCLITests", dependencies: ["BoardCLI", "BoardProtocol", "FlightData"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["BoardProtocol", "BoardSystem", "FlightData", "boardd", "board"]),
    ],
    swiftLanguageModes: [.v6]
)

// Strict settings on every Swift target, set in one place (Swift 6 mode already checks concurrency strictly).
for target in package.targets where target.name != "CSystemShims" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
