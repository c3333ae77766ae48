// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "inbox-inspector",
    products: [
        .executable(name: "inbox-inspector", targets: ["inbox-inspector"]),
        .library(name: "InboxModel", targets: ["InboxModel"]),
    ],
    targets: [
        // Payload knowledge: JSON, shapes, lookup, profiles, resolver, rules. No I/O, no printing.
        .target(name: "InboxModel"),
        // Argument parsing, commands, input reading and renderers.
        .target(name: "InboxCLI", dependencies: ["InboxModel"]),
        .executableTarget(name: "inbox-inspector", dependencies: ["InboxCLI"]),
        // Benchmark corpus generator and parser timing (`make bench`); not part of the product.
        .executableTarget(name: "inbox-bench", dependencies: ["InboxModel"]),
        .testTarget(name: "InboxModelTests", dependencies: ["InboxModel"]),
        .testTarget(name: "InboxCLITests", dependencies: ["InboxCLI", "InboxModel"]),
    ],
    swiftLanguageModes: [.v6]
)
