import Foundation

/// The repository root, found from this file's path (Tests/InboxModelTests/Support/), so
/// tests read Examples/ wherever the package is checked out.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The bundled example payloads.
let examplesDirectory: URL = repositoryRoot.appendingPathComponent("Examples")
