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

    /// make fuzz-config found a config error that quoted a 900-character key whole; a JSON
    /// syntax error quotes at most a line of a key, in a config file and in a payload alike.
    func testASyntaxErrorQuotesAtMostALineOfALongKey() throws {
        let key = String(repeating: "k", count: 1000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("long-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json")
        try Data("{\"\(key)\" [".utf8).write(to: config)
        let configRun = runCLI(["validate", "--config", config.path, "Examples/resolve"])
        XCTAssertEqual(configRun.status, 2)
        XCTAssertTrue(configRun.err.contains("(1000 characters)"), configRun.err)
        XCTAssertLessThan(configRun.err.count, 400, configRun.err)

        let payload = folder.appendingPathComponent("payload.json")
        try Data("{\"\(key)\" [".utf8).write(to: payload)
        let payloadRun = runCLI(["validate", payload.path])
        XCTAssertEqual(payloadRun.status, 1)
        XCTAssertTrue(payloadRun.out.contains("IK001"), payloadRun.out)
        XCTAssertTrue(payloadRun.out.contains("(1000 characters)"), payloadRun.out)
        XCTAssertFalse(payloadRun.out.contains(String(repeating: "k", count: 100)), payloadRun.out)
    }
}
