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
        .target(name: "BoardSystem", dependencies: ["CSystemShims"]),
        // The protocol's client: a connection to boardd, framed and timed, above the syscall layer.
        .target(name: "BoardLink", dependencies: ["BoardProtocol", "BoardSystem"]),
        // Flag declarations, the flag tokenizer and the usage error both programs share. Pure: depends on nothing.
        .target(name: "BoardArguments"),
        // The daemon's and the client's logic, as libraries the unit tests and fuzzers import.
        .target(
            name: "BoardDaemon", dependencies: ["FlightData", "BoardProtocol", "BoardSystem", "BoardLink", "BoardArguments"]),
        .target(name: "BoardCLI", dependencies: ["FlightData", "BoardProtocol", "BoardSystem", "BoardLink", "BoardArguments"]),
        // The programs: their entry points only.
        .executableTarget(
            name: "boardd", dependencies: ["BoardDaemon"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        .executableTarget(
            name: "board", dependencies: ["BoardCLI"],
            // The release client is one static executable (`-static-executable`: the Swift runtime,
            // Foundation, the C++ runtime and glibc linked in), so that what the README's `swift build -c
            // release` makes starts with no dynamic loader at all: no libraries to find and map, no
            // symbols to look up (`do_lookup_x` was the largest single function in `board all --json`), no
            // relocations. `board all --json` 5.4-5.9 ms to 3.4-3.7 ms, `--version` 4.3 to 2.2-2.5 ms
            // (hyperfine, 300 runs). Static glibc looks users up (`getpwuid`) only through the same
            // glibc's shared NSS modules; the client never does (it reads $HOME), and it is built where
            // it runs. It is linked by the toolchain's lld, which links it in 2 s and does not warn about
            // those lookups on every build as gold does. The daemon stays dynamic and position-independent
            // (ASLR).
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(configuration: .release))]),
        .testTarget(name: "FlightDataTests", dependencies: ["FlightData"], resources: [.copy("Golden")]),
        .testTarget(name: "BoardProtocolTests", dependencies: ["BoardProtocol", "BoardSystem", "BoardLink", "FlightData"]),
        .testTarget(name: "BoardArgumentsTests", dependencies: ["BoardArguments"]),
        .testTarget(
            name: "BoardCLITests", dependencies: ["BoardCLI", "BoardArguments", "BoardProtocol", "BoardLink", "FlightData"]),
        .testTarget(
            name: "BoardDaemonTests",
            dependencies: ["BoardDaemon", "BoardArguments", "BoardProtocol", "BoardSystem", "FlightData"]),
        .testTarget(name: "BoardSystemTests", dependencies: ["BoardSystem"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["BoardProtocol", "BoardSystem", "BoardLink", "FlightData", "boardd", "board"]),
    ],
    swiftLanguageModes: [.v6]
)

// Strict settings on every Swift target, set in one place (Swift 6 mode already checks concurrency strictly).
for target in package.targets where target.name != "CSystemShims" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}

// Release programs carry their Swift runtime and Foundation inside (what `--static-swift-stdlib`
// does, made the package's own setting so that the README's `swift build -c release` gives it):
// the client starts in half the time, with no dozen shared libraries to find and map. Every
// release compile job needs the flag too, or the objects autolink the dynamic libraries' names.
for target in package.targets where target.name != "CSystemShims" && target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
}

// The daemon's serving path checks memory exclusivity at compile time only in release builds:
// the run-time checks (`swift_beginAccess`) were a few percent of each request's own time. Debug
// builds, which the tests and the sanitizers run, keep them.
for target in package.targets where ["BoardDaemon", "BoardSystem", "BoardProtocol", "BoardLink"].contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}
