import XCTest
@testable import InboxModel

/// The campaign fields (IK1xx): dates, tokens and the rules that read them.
final class DeliveryTests: XCTestCase {
    private func codes(_ text: String, only prefix: String = "IK1") -> [String] {
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        return Analyzer().diagnose(document).all.map(\.code).filter { $0.hasPrefix(prefix) }
    }

    private func messages(_ text: String, code: String) -> [String] {
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        return Analyzer().diagnose(document).all.filter { $0.code == code }.map(\.message)
    }

    func testInboxDateFormat() {
        XCTAssertEqual(CampaignDate.parse("2026-12-24")?.text, "2026-12-24")
        XCTAssertEqual(CampaignDate.parse("2028-02-29")?.day, 29, "leap year")
        XCTAssertNil(CampaignDate.parse("2026-02-29"), "not a leap year")
        XCTAssertNil(CampaignDate.parse("2100-02-29"), "century, not a leap year")
        XCTAssertNotNil(CampaignDate.parse("2000-02-29"), "400th year is a leap year")
        for bad in ["24/12/2026", "2026-12-24 10:00", "2026-13-01", "2026-12-32", "26-12-24", "2026-1-24", "２０２６-12-24"] {
            XCTAssertNil(CampaignDate.parse(bad), bad)
        }
    }

    func testSendDateFormat() {
        XCTAssertEqual(CampaignDate.parseSendDate("now"), .now)
        XCTAssertEqual(CampaignDate.parseSendDate("2026-12-01 09:00"), .on(CampaignDate(year: 2026, month: 12, day: 1)!))
        for bad in ["Now", "2026-12-01", "2026-12-01 24:00", "2026-12-01 09:60", "2026-12-01T09:00", "2026-12-01 9:00"] {
            XCTAssertNil(CampaignDate.parseSendDate(bad), bad)
        }
    }

    func testInboxDateComparedWithSendDay() {
        let base = #""ios_title": "T", "content": "B", "send_date": "2026-12-01 23:59""#
        XCTAssertEqual(codes("{\(base), \"inbox_date\": \"2026-12-01\"}"), [], "the same day is fine")
        XCTAssertEqual(codes("{\(base), \"inbox_date\": \"2026-11-30\"}"), ["IK103"])
        XCTAssertEqual(codes(#"{"ios_title": "T", "content": "B", "send_date": "now", "inbox_date": "2000-01-01"}"#), [],
                       "with now the order cannot be known offline")
    }

    func testInboxDays() {
        for good in ["1", "30", "7.0"] {
            XCTAssertEqual(codes(#"{"content": "B", "inbox_days": \#(good)}"#), [], good)
        }
        for bad in ["0", "31", "-3", "2.5", "\"7\"", "true", "[7]"] {
            XCTAssertTrue(codes(#"{"content": "B", "inbox_days": \#(bad)}"#).contains("IK102"), bad)
        }
    }

    func testNotInInboxOnlyForNotifications() {
        XCTAssertEqual(codes(#"{"content": "B"}"#), ["IK101"])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_image": null, "inbox_days": null}"#), ["IK101"], "null is absent")
        XCTAssertEqual(codes(#"{"aps": {"alert": "B"}}"#), [], "a push is not a createMessage notification")
    }

    func testLiveTokens() {
        XCTAssertTrue(SecretScan.looksLikeLiveToken("k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"))
        XCTAssertTrue(SecretScan.looksLikeLiveToken("Zq8rT2vLx9Wm4Kp7Yd3Nc6Hb1Fg5Js0AuE7"))
        for placeholder in ["API_TOKEN", "YOUR_AUTH_TOKEN", "xxx", "<auth>", "${AUTH}", "{{auth}}", "***", "",
                            "xxxxxxxxxxxxxxxxxxxxxxxx", "0000000000000000000000", "my token goes here 123456",
                            "YOUR-API-TOKEN-1234567890", "abcdefghijklmnopqrstuvwxyz"] {
            XCTAssertFalse(SecretScan.looksLikeLiveToken(placeholder), placeholder)
        }
    }

    func testTokenIsFoundAtAnyDepthAndNeverPrinted() {
        let token = "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"
        let text = #"[{"request": {"auth": "\#(token)", "notifications": [{"content": "x", "inbox_days": 1, "data": {"auth": "\#(token)"}}]}}]"#
        let found = messages(text, code: "IK106")
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(found.allSatisfy { $0.contains("32-character token") && !$0.contains(token) })
    }

    func testConflictingAndRepeatedInboxFields() {
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "inbox_days": 5}"#), ["IK105"])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "inbox_days": 3}"#), [], "same value twice is only IK002")
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "ios_root_params": {"inbox_image": "x"}}"#), ["IK105"])
        XCTAssertEqual(messages(#"{"content": "B", "inbox_days": 3, "inbox_days": 5}"#, code: "IK105"),
                       ["inbox_days is given 2 times (3 and 5): only the last, 5, is used"])
    }

    func testCustomDataAtTheRoot() {
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "pinned": true, "image": "https://x.example.com/a.png"}"#),
                       ["IK107", "IK107"])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "ios_root_params": {"pinned": true}}"#), [],
                       "ios_root_params keys reach the SDK")
        let inbox = #"{"inbox_id": "a", "order": "1", "rt": "1", "text": "T", "action_type": 1, "status": 1, "image": "https://x.example.com/a.png", "buttons": []}"#
        XCTAssertEqual(messages(inbox, code: "IK107"),
                       ["buttons is at the top level of the message, where the SDK never sees it: move it inside action_params"])
    }

    func testInboxElementsTheSDKDrops() {
        let complete = #""inbox_id": "a", "order": "1", "rt": "1", "text": "T", "action_type": 1"#
        XCTAssertEqual(codes("{\(complete), \"status\": 1}"), [])
        XCTAssertEqual(messages("{\(complete), \"status\": null}", code: "IK108"),
                       ["inbox message without status: the SDK drops it and it never appears in the inbox"])
        XCTAssertEqual(codes("{\(complete), \"status\": 1, \"action_params\": {}}"), ["IK110"])
    }

    func testEveryLanguageIsChecked() {
        let text = #"{"ios_title": {"en": "Hi", "de": " ", "fr": 3}, "content": {"en": "x", "es": ""}, "inbox_days": 1}"#
        XCTAssertEqual(messages(text, code: "IK109"), [
            #"ios_title in "de" is only spaces: readers of that language get no title"#,
            #"ios_title in "fr" is a number, not text: readers of that language get no title"#,
            #"content in "es" is empty: readers of that language get no text"#,
        ])
        XCTAssertEqual(codes(#"{"ios_title": {}, "content": "x", "inbox_days": 1}"#), ["IK109"])
        XCTAssertEqual(codes(#"{"ios_title": "", "content": "x", "inbox_days": 1}"#), [], "a plain field is not a localisation")
    }

    func testPlatforms() {
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "platforms": [1]}"#), [])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "platforms": [1.0, 3]}"#), [])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "platforms": []}"#), ["IK104"])
        XCTAssertEqual(codes(#"{"content": "B", "inbox_days": 3, "platforms": ["1"]}"#), ["IK104"], "a string is not the number 1")
    }
}
