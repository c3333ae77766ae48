import XCTest

/// BEHAVIOUR §3/§5: what pins a message, and the feed order of `resolve --feed`.
final class ResolvePinningTests: XCTestCase {
    private func pinned(_ data: String, root: String? = nil) -> Bool? {
        let extra = root.map { #""ios_root_params": "# + $0 } ?? ""
        return resolvedMessage(notification(data: data, extra: extra))["pinned"] as? Bool
    }

    func testWhatPins() {
        XCTAssertEqual(pinned(#"{"pinned": true}"#), true)
        XCTAssertEqual(pinned(#"{"pinned": false}"#), false)
        XCTAssertEqual(pinned(#"{"pinned": 1}"#), true)
        XCTAssertEqual(pinned(#"{"pinned": -2.5}"#), true)
        XCTAssertEqual(pinned(#"{"pinned": 0}"#), false)
        XCTAssertEqual(pinned(#"{"pinned": "true"}"#), false, "a string does not pin")
        XCTAssertEqual(pinned(#"{"pinned": "1"}"#), false)
        XCTAssertEqual(pinned(#"{}"#), false)
    }

    func testANumberPinsWhenItsTruncationIsNotZero() {
        XCTAssertEqual(pinned(#"{"pinned": 1.5}"#), true)
        XCTAssertEqual(pinned(#"{"pinned": 0.5}"#), false, "0.5 truncates to 0")
        XCTAssertEqual(pinned(#"{"pinned": -0.9}"#), false)
        XCTAssertEqual(pinned(#"{"pinned": 1e-300}"#), false)
        let finding = (resolvedMessage(notification(data: #"{"pinned": 0.5}"#))["diagnostics"] as? [[String: Any]] ?? [])
            .first { $0["code"] as? String == "IK702" }
        let text = finding?["message"] as? String ?? ""
        XCTAssertTrue(text.contains("drops its fraction") && text.contains("does not pin"), text)
    }

    func testPinnedLookupOrder() {
        XCTAssertEqual(pinned(#"{"pinned": true}"#, root: #"{"pinned": "true"}"#), true, "a string at the root is skipped")
        XCTAssertEqual(pinned(#"{"pinned": true}"#, root: #"{"pinned": false}"#), false, "false at the root ends the lookup")
        XCTAssertEqual(pinned(#"{}"#, root: #"{"userdata": {"pinned": 1}}"#), true, "userdata is searched for pinned")
        XCTAssertEqual(pinned(#""{\"pinned\": true}""#), true, "inside a u string")
    }

    func testPinnedFindings() {
        let codes = { (data: String) in
            (resolvedMessage(notification(data: data))["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        }
        XCTAssertTrue(codes(#"{"pinned": "true"}"#).contains("IK701"))
        XCTAssertTrue(codes(#"{"pinned": 1}"#).contains("IK702"))
        XCTAssertFalse(codes(#"{"pinned": true}"#).contains { $0.hasPrefix("IK7") })
    }

    func testFeedOrderIsPinnedThenUnreadThenNewest() throws {
        let result = runCLI(["resolve", "--feed", "--format", "json", "Examples/resolve/feed.json"])
        XCTAssertEqual(result.status, 0, result.err)
        let messages = jsonObject(result.out)["messages"] as? [[String: Any]] ?? []
        XCTAssertEqual(messages.compactMap { $0["code"] as? String }, ["f-003", "f-002", "f-004", "f-001"])
        XCTAssertEqual(messages.compactMap { $0["feedPosition"] as? Int }, [1, 2, 3, 4])
        let text = runCLI(["resolve", "--feed", "Examples/resolve/feed.json"]).out
        let headers = text.split(separator: "\n").filter { $0.first?.isNumber == true }
        XCTAssertEqual(headers.map { String($0.prefix(3)) }, ["1. ", "2. ", "3. ", "4. "])
        XCTAssertTrue(headers[0].contains("/response/messages/2"))
    }

    func testFeedOrderAcrossFilesUsesSendDates() {
        let older = temporaryFile("a.json", #"{"code": "old", "message": "x", "sendDate": "2026-01-01T10:00:00Z", "actionParams": {}}"#)
        let newer = temporaryFile("b.json", #"{"code": "new", "message": "y", "sendDate": "2026-01-02 09:00", "actionParams": {}}"#)
        let now = temporaryFile("c.json", #"{"send_date": "now", "content": "z", "inbox_days": 1}"#)
        let read = temporaryFile("d.json", #"{"code": "read", "message": "w", "isRead": true, "sendDate": "2027-01-01", "actionParams": {}}"#)
        let result = runCLI(["resolve", "--feed", "--format", "json", read, older, newer, now])
        let messages = jsonObject(result.out)["messages"] as? [[String: Any]] ?? []
        XCTAssertEqual(messages.map { ($0["code"] as? String) ?? "now" }, ["now", "new", "old", "read"])
    }
}
