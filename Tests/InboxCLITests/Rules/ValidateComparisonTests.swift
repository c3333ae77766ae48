import XCTest
@testable import InboxCLI

/// IK206: `validate --min-sdk` resolves each message under every profile from the given
/// one to `latest` and reports what differs, naming the profiles and both results.
final class ValidateComparisonTests: XCTestCase {
    private func findings(_ options: [String], _ payload: String) -> [[String: Any]] {
        let result = runCLI(["validate", "--format", "json", "--select", "IK206"] + options
                            + [temporaryFile("c.json", payload)])
        XCTAssertNotEqual(result.status, 2, result.err)
        return jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []
    }

    private let carousel = #"{"ios_title": "Looks", "content": "Swipe", "inbox_days": 7, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#

    func testLayoutDifference() {
        let found = findings(["--min-sdk", "7.0"], carousel)
        XCTAssertEqual(found.map { $0["message"] as? String }, [
            "the layout differs between SDK releases: 7.0: classic (carousel is unknown to 7.0); 7.1 and guide: carousel",
        ])
        XCTAssertEqual(found.first?["pointer"] as? String, "/data/displayType")
        XCTAssertEqual(findings(["--min-sdk", "7.1"], carousel).count, 0)
        XCTAssertEqual(findings([], carousel).count, 0, "without --min-sdk nothing is compared")
    }

    func testDegradationIsNamed() {
        let noBody = #"{"ios_title": "Looks", "inbox_days": 7, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#
        XCTAssertEqual(findings(["--min-sdk", "7.1"], noBody).first?["message"] as? String,
                       "the layout differs between SDK releases: 7.1: carousel; guide: classic (carousel degraded: no body)")
    }

    func testButtonDifference() {
        let custom = #"{"ios_title": "Promo", "content": "x", "inbox_days": 7, "data": {"displayType": "classic", "buttons": [{"title": "Save", "action": "custom", "url": "https://shop.example.com/save"}]}}"#
        XCTAssertEqual(findings(["--min-sdk", "7.0"], custom).map { $0["message"] as? String }, [
            "the buttons differ between SDK releases: 7.0 and 7.1: \"Save\" opens https://shop.example.com/save; guide: \"Save\" is custom",
        ])
    }

    func testMinSdkFromTheConfig() {
        let config = temporaryFile("c.json", #"{"minSdk": "7.0"}"#)
        XCTAssertEqual(findings(["--config", config], carousel).count, 1)
        XCTAssertEqual(findings(["--config", config, "--min-sdk", "latest"], carousel).count, 0, "the option wins")
    }
}
