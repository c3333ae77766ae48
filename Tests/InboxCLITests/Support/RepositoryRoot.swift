import Foundation

/// The repository root, found from this file's path (Tests/InboxCLITests/Support/), so
/// tests read Examples/ and goldens wherever the package is checked out.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
