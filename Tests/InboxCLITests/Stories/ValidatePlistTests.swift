import XCTest
@testable import InboxCLI

/// `validate --plist`: the story extension's Info.plist findings (IK812) are counted,
/// rendered and gated with the payload findings.
final class ValidatePlistTests: XCTestCase {
    private let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>NSExtension</key>
          <dict>
            <key>NSExtensionAttributes</key>
            <dict>
              <key>UNNotificationExtensionCategory</key><string>PW_STORIES</string>
              <key>UNNotificationExtensionUserInteractionEnabled</key><true/>
              <key>UNNotificationExtensionDefaultContentHidden</key><true/>
              <key>UNNotificationExtensionInitialContentSizeRatio</key><real>1.5</real>
            </dict>
          </dict>
        </dict>
        </plist>
        """

    private let payload = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"displayType": "classic"}}"#

    func testMismatchIsCountedAndGated() {
        let path = temporaryFile("Info.plist", plist)
        let clean = runCLI(["validate", "--format", "json", "--plist", path, temporaryFile("a.json", payload)])
        XCTAssertEqual(clean.status, 0, clean.out)
        let result = runCLI(["validate", "--format", "json", "--plist", path, "--aspect-ratio", "1.25",
                             temporaryFile("a.json", payload)])
        XCTAssertEqual(result.status, 1)
        let object = jsonObject(result.out)
        let findings = object["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(findings.compactMap { $0["code"] as? String }, ["IK812"])
        XCTAssertEqual(findings.first?["source"] as? String, path)
        XCTAssertEqual((object["summary"] as? [String: Any])?["files"] as? Int, 2, "the plist is a checked file")
        XCTAssertEqual((object["summary"] as? [String: Any])?["error"] as? Int, 1)
    }

    func testSelectionAndSeverityApply() {
        let path = temporaryFile("Info.plist", plist)
        let ignored = runCLI(["validate", "--plist", path, "--aspect-ratio", "2", "--ignore", "IK8",
                              temporaryFile("a.json", payload)])
        XCTAssertEqual(ignored.status, 0, ignored.out)
        let config = temporaryFile("c.json", #"{"severity": {"IK812": "warning"}}"#)
        let softened = runCLI(["validate", "--config", config, "--plist", path, "--aspect-ratio", "2",
                               temporaryFile("a.json", payload)])
        XCTAssertEqual(softened.status, 0)
        XCTAssertTrue(softened.out.contains("warning  IK812"), softened.out)
    }

    func testUnreadablePlistIsAUsageError() {
        let result = runCLI(["validate", "--plist", "no-such-Info.plist", temporaryFile("a.json", payload)])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "", "nothing is printed before the invocation is known to be good")
    }
}
