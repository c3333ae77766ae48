import Foundation
import XCTest
@testable import InboxCLI
import InboxModel

/// `stories --plist`: the Info.plist files of Examples/stories/plists (XML and binary),
/// usage errors, and the function `validate` calls.
final class StoriesPlistTests: XCTestCase {
    static let story = "Examples/stories/push.json"
    static let plists = "Examples/stories/plists"

    private func extensionObject(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let result = runCLI(["stories", "--format", "json"] + arguments + [Self.story])
        XCTAssertEqual(result.status, 0, result.err, file: file, line: line)
        return jsonObject(result.out)["extension"] as? [String: Any] ?? [:]
    }

    private func codes(_ object: [String: Any]) -> [String] {
        (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    func testRightPlistsHaveNoFinding() {
        for name in ["Info.plist", "Info-binary.plist", "category-array.plist"] {
            let object = extensionObject(["--plist", "\(Self.plists)/\(name)"])
            XCTAssertEqual(object["source"] as? String, "\(Self.plists)/\(name)")
            XCTAssertEqual(codes(object), [], name)
            let keys = object["keys"] as? [[String: Any]] ?? []
            XCTAssertEqual(keys.count, 4, name)
            XCTAssertTrue(keys.allSatisfy { $0["ok"] as? Bool == true }, name)
        }
    }

    func testEachMistakeFileGivesOneFindingAtItsKeyPathAndLine() throws {
        let expected: [(file: String, key: String, line: Int)] = [
            ("mistake-category.plist", "UNNotificationExtensionCategory", 23),
            ("mistake-user-interaction.plist", "UNNotificationExtensionUserInteractionEnabled", 25),
            ("mistake-default-content-hidden.plist", "UNNotificationExtensionDefaultContentHidden", 21),
            ("mistake-aspect-ratio.plist", "UNNotificationExtensionInitialContentSizeRatio", 29),
        ]
        for mistake in expected {
            let path = "\(Self.plists)/\(mistake.file)"
            let object = extensionObject(["--plist", path])
            let findings = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
            XCTAssertEqual(findings.count, 1, mistake.file)
            XCTAssertEqual(findings.first?["code"] as? String, "IK812")
            XCTAssertEqual(findings.first?["severity"] as? String, "error")
            XCTAssertEqual(findings.first?["source"] as? String, path)
            XCTAssertEqual(findings.first?["pointer"] as? String, "/NSExtension/NSExtensionAttributes/\(mistake.key)")
            XCTAssertEqual(findings.first?["line"] as? Int, mistake.line, mistake.file)
        }
    }

    func testTheAspectRatioOptionChangesTheExpectation() {
        let path = "\(Self.plists)/mistake-aspect-ratio.plist"
        XCTAssertEqual(codes(extensionObject(["--plist", path, "--aspect-ratio", "1"])), [])
        XCTAssertEqual(codes(extensionObject(["--plist", "\(Self.plists)/Info.plist", "--aspect-ratio", "1.0"])), ["IK812"])
        XCTAssertEqual(extensionObject(["--plist", path, "--aspect-ratio", "1.25"])["aspectRatio"] as? Double, 1.25)
    }

    func testPlistFindingsDoNotChangeTheExitCodeOfStories() {
        XCTAssertEqual(runCLI(["stories", "--plist", "\(Self.plists)/mistake-category.plist", Self.story]).status, 0)
    }

    func testTextShowsEachKeyWithAVerdict() {
        let result = runCLI(["stories", "--plist", "\(Self.plists)/mistake-user-interaction.plist", Self.story])
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("Info.plist \(Self.plists)/mistake-user-interaction.plist"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("  ✗ UNNotificationExtensionUserInteractionEnabled") && $0.hasSuffix("false") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("  ✓ UNNotificationExtensionCategory") })
        XCTAssertTrue(lines.contains { $0.contains("IK812") })
    }

    private func assertUsageError(_ arguments: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = runCLI(["stories"] + arguments + [Self.story])
        XCTAssertEqual(result.status, 2, file: file, line: line)
        XCTAssertEqual(result.out, "", file: file, line: line)
        XCTAssertTrue(result.err.contains(text), result.err, file: file, line: line)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err, file: file, line: line)
    }

    func testUnreadablePlistsAreUsageErrors() {
        assertUsageError(["--plist", "missing/Info.plist"], "cannot read Info.plist 'missing/Info.plist': No such file")
        assertUsageError(["--plist", Self.plists], "it is a directory")
        assertUsageError(["--plist", temporaryFile("Info.plist", "<plist><dict><key>x</dict>")], "not a property list")
        assertUsageError(["--plist", temporaryFile("Info.plist", "<plist><array/></plist>")], "top level is not a dictionary")
        assertUsageError(["--plist", "\(Self.plists)/Info.plist", "--aspect-ratio", "wide"], "invalid value 'wide' for --aspect-ratio")
        assertUsageError(["--plist", "\(Self.plists)/Info.plist", "--aspect-ratio", "-1"], "--aspect-ratio")
    }

    /// The entry point `validate --plist` uses.
    func testExtensionCheckDiagnostics() throws {
        let console = Console.capturing()
        XCTAssertEqual(try ExtensionCheck.diagnostics(arguments: ParsedArguments(), console: console), [])
        var arguments = ParsedArguments()
        arguments.values["--plist"] = ["\(Self.plists)/mistake-category.plist"]
        FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
        let findings = try ExtensionCheck.diagnostics(arguments: arguments, console: console)
        XCTAssertEqual(findings.map(\.code), ["IK812"])
        arguments.values["--plist"] = ["nope.plist"]
        XCTAssertThrowsError(try ExtensionCheck.diagnostics(arguments: arguments, console: console))
        arguments.values["--plist"] = ["\(Self.plists)/Info.plist"]
        arguments.values["--aspect-ratio"] = ["0"]
        XCTAssertThrowsError(try ExtensionCheck.diagnostics(arguments: arguments, console: console))
    }

    func testReaderConvertsTypesAndFindsKeyLines() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>flag</key><true/>
              <key>count</key><integer>1</integer>
              <key>ratio</key><real>1.5</real>
              <key>names</key><array><string>A</string></array>
              <key>when</key><date>2026-01-01T00:00:00Z</date>
            </dict>
            </plist>
            """
        let plist = try InfoPlistReader.read(temporaryFile("Info.plist", text), command: nil)
        XCTAssertEqual(plist.root["flag"], .bool(true))
        XCTAssertEqual(plist.root["count"], .number(1), "an integer 1 is not the boolean true")
        XCTAssertEqual(plist.root["ratio"], .number(1.5))
        XCTAssertEqual(plist.root["names"], .array([.string("A")]))
        XCTAssertEqual(plist.root["when"], .other("date"))
        XCTAssertEqual(plist.keyPositions["flag"], PlistPosition(line: 4, column: 3))
        XCTAssertEqual(plist.keyPositions["ratio"], PlistPosition(line: 6, column: 3))
    }

    func testBinaryPlistMatchesItsXMLTwin() throws {
        let xml = try InfoPlistReader.read("\(repositoryRoot.path)/\(Self.plists)/Info.plist", command: nil)
        let binary = try InfoPlistReader.read("\(repositoryRoot.path)/\(Self.plists)/Info-binary.plist", command: nil)
        XCTAssertEqual(xml.root, binary.root)
        XCTAssertEqual(binary.keyPositions, [:], "a binary plist has no lines")
    }
}
