import Foundation
import XCTest
@testable import InboxCLI

/// BEHAVIOUR §4: 7.1 by default, `guide` the documented contract with `latest` as its alias,
/// the config's `sdk` for every command, and what the guide asks beyond 7.1 reported by
/// a default run.
final class ProfileOptionTests: XCTestCase {
    private let noBody = #"{"ios_title": "Looks", "inbox_image": "https://cdn.example.com/1.jpg", "inbox_days": 7, "data": {"displayType": "captioned"}}"#

    func testTheDefaultIs71AndLatestIsShownAsGuide() {
        let payload = temporaryFile("p.json", noBody)
        XCTAssertEqual(jsonObject(runCLI(["resolve", "--format", "json", payload]).out)["profile"] as? String, "7.1")
        XCTAssertEqual(jsonObject(runCLI(["resolve", "--format", "json", "--sdk", "latest", payload]).out)["profile"] as? String, "guide")
        XCTAssertTrue(runCLI(["resolve", "--sdk", "latest", payload]).out.hasPrefix("InboxKit guide — "))
        let help = runCLI(["resolve", "--help"]).out
        XCTAssertTrue(help.contains("7.0|7.1|guide"), help)
        XCTAssertFalse(help.contains("latest"), "the alias is accepted, not advertised")
    }

    func testTheConfigProfileAppliesToEveryCommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ii-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"sdk": "7.0"}"#.write(to: directory.appendingPathComponent(".inbox-inspector.json"), atomically: true, encoding: .utf8)
        let payload = directory.appendingPathComponent("p.json")
        try noBody.write(to: payload, atomically: true, encoding: .utf8)
        let previous = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        for command in ["resolve", "buttons", "stories"] {
            let console = Console.capturing(stdin: nil, environment: [:], terminal: false)
            FileManager.default.changeCurrentDirectoryPath(directory.path)
            _ = CLI.run([command, "--format", "json", payload.path], console: console)
            console.out.flush()
            XCTAssertEqual(jsonObject(console.out.capturedText)["profile"] as? String, "7.0", command)
        }
    }

    func testADefaultRunSaysWhereTheGuideIsStricter() {
        let result = runCLI(["validate", "--format", "json", temporaryFile("p.json", noBody)])
        let messages = (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "IK208" }
        XCTAssertEqual(messages.count, 1)
        let text = messages.first?["message"] as? String ?? ""
        XCTAssertTrue(text.contains("SDK 7.1 draws captioned") && text.contains("the guide requires a body"), text)
        let guide = runCLI(["validate", "--format", "json", "--sdk", "guide", temporaryFile("p.json", noBody)])
        XCTAssertFalse(guide.out.contains("IK208"), "under the guide the card degrades instead (IK203)")
    }
}
