import Foundation
import XCTest

/// Inputs `make fuzz` found crashing, kept as they were found (Tests/FuzzCrashes/).
/// Each must now give findings under every command, never a crash.
final class FuzzRegressionTests: XCTestCase {
    static let directory = repositoryRoot.appendingPathComponent("Tests/FuzzCrashes")

    func testEveryCrashFoundByTheFuzzerNowGivesFindings() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let path = Self.directory.appendingPathComponent(file).path
            for command in ["resolve", "buttons", "stories", "validate"] {
                for profile in ["7.0", "7.1", "latest"] {
                    // validate also compares every profile (IK206), the widest model path.
                    let compare = command == "validate" ? ["--min-sdk", "7.0"] : []
                    let result = runCLI([command, "--format", "json", "--sdk", profile] + compare + [path])
                    XCTAssertTrue(result.status <= 1, "\(file) \(command) --sdk \(profile): \(result.err)")
                }
            }
        }
    }

    /// Found by the fuzzer: an inbox_days beyond Int.max trapped converting it to Int.
    func testInboxDaysBeyondIntIsOutOfRange() {
        let path = temporaryFile("days.json", #"{"content": "x", "inbox_days": 99999999999999999999999999999}"#)
        let result = runCLI(["validate", "--format", "json", path])
        let codes = (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("IK102"), "\(codes)")
    }
}
