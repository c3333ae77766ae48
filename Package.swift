// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "inbox-inspector",
    // The model reads bytes through `Span`, which macOS has from 10.14.4 (back-deployed).
    platforms: [.macOS(.v10_15)],
    products: [
        .executable(name: "inbox-inspector", targets: ["inbox-inspector"]),
        .library(name: "InboxModel", targets: ["InboxModel"]),
    ],
    targets: [
        // The unsafe core behind a safe API: the JSON parser and its tape, SIMD and word scans,
        // UTF-8 validation, string decoding, offset and line tables, the byte writers.
        // Knows nothing of payloads, rule codes or the SDK (docs/ARCHITECTURE.md).
        .target(name: "InboxCore"),
        // Payload knowledge: JSON, shapes, lookup, profiles, resolver, rules. No I/O, no printing.
        .target(name: "InboxModel", dependencies: ["InboxCore"]),
        // Argument parsing, commands, input reading and renderers.
        .target(name: "InboxCLI", dependencies: ["InboxModel", "InboxCore"]),
        .executableTarget(name: "inbox-inspector", dependencies: ["InboxCLI"]),
        // Benchmark corpus generator and parser timing (`make bench`); not part of the product.
        .executableTarget(name: "inbox-bench", dependencies: ["InboxModel", "InboxCore"]),
        .testTarget(name: "InboxModelTests", dependencies: ["InboxModel", "InboxCore"]),
        .testTarget(name: "InboxCLITests", dependencies: ["InboxCLI", "InboxModel", "InboxCore"]),
    ],
    swiftLanguageModes: [.v6]
)
