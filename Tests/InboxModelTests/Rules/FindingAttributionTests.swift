import XCTest
@testable import InboxModel

/// Document-level findings are attributed to the message they lie in, or stay with the document.
final class FindingAttributionTests: XCTestCase {
    func testDuplicateKeysGoToTheMessageThatHoldsThem() {
        let text = #"{"request": {"a": 1, "a": 2, "notifications": [{"content": "x"}, {"content": "y", "content": "z"}, {"content": "w"}]}}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let diagnostics = Analyzer().diagnose(document)
        XCTAssertEqual(diagnostics.document.filter { $0.code == "IK002" }.map(\.pointer), ["/request/a"])
        XCTAssertEqual(diagnostics.messages.map { $0.filter { $0.code == "IK002" }.map(\.pointer) },
                       [[], ["/request/notifications/1/content"], []])
    }

    func testOwnerIsTheLongestMessagePrefixNotAStringPrefix() {
        let text = #"[{"content": "a"}, {"content": "b"}, {"content": "c"}, {"content": "d"}, {"content": "e"}, {"content": "f"}, {"content": "g"}, {"content": "h"}, {"content": "i"}, {"content": "j"}, {"content": "k", "content": "l"}]"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let owners = MessageOwners(document.messages)
        XCTAssertEqual(owners.owner(of: "/10/content"), 10, "not /1, whose pointer is a string prefix")
        XCTAssertEqual(owners.owner(of: "/1"), 1)
        XCTAssertNil(owners.owner(of: "/11/content"))
        XCTAssertNil(owners.owner(of: ""))
    }
}
