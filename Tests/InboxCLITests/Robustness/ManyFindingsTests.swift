import XCTest

/// One document of many messages with several findings each. A document's findings share
/// blocks of text (`DiagnosticText`); the block size once doubled for every message whose
/// findings outgrew their list, and a JSON array of ~190 notifications asked for 32 GB
/// and crashed. The fuzzer's inputs are too small to reach that.
final class ManyFindingsTests: XCTestCase {
    /// Six slides with an empty image: six IK402 findings per notification.
    private let notification = #"{"content": "x", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [\#(Array(repeating: #"{"image": ""}"#, count: 6).joined(separator: ","))]}}"#

    func testManyMessagesWithManyFindingsInOneArray() {
        let count = 3000
        let path = temporaryFile("many.json", "[" + Array(repeating: notification, count: count).joined(separator: ",\n") + "]")
        for jobs in ["1", "2"] {
            let result = runCLI(["validate", "--format", "json", "--jobs", jobs, path])
            XCTAssertEqual(result.status, 1, result.err)
            let diagnostics = jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []
            let slides = diagnostics.filter { $0["code"] as? String == "IK402" }
            XCTAssertEqual(slides.count, 6 * count)
            XCTAssertEqual(slides.last?["pointer"] as? String, "/\(count - 1)/data/carousel/5")
        }
    }

    func testManyMessagesWithManyFindingsInARequest() {
        let count = 2000
        let request = #"{"request": {"notifications": ["# + Array(repeating: notification, count: count).joined(separator: ",") + "]}}"
        let result = runCLI(["validate", "--format", "text", temporaryFile("request.json", request)])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertEqual(result.out.components(separatedBy: "IK402").count - 1, 6 * count)
    }
}
