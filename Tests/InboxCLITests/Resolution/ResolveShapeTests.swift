import XCTest

/// The same message delivered in each of the five shapes resolves identically (BEHAVIOUR §2, §3).
final class ResolveShapeTests: XCTestCase {
    static let custom = #"{"displayType": "Captioned", "pinned": 1, "#
        + #""buttons": [{"title": "Claim", "url": "https://example.com/c"}, {"title": "Save", "action": "custom", "tag": "s"}, {"title": "Hide", "action": "DISMISS"}], "#
        + #""carousel": [{"image": "https://c.example.com/1.jpg", "title": "One"}], "#
        + #""video": {"url": "https://m.example.com/v.mp4"}, "wallet": {"pass": "https://p.example.com/a.pkpass"}}"#

    static let image = "https://cdn.example.com/promo.jpg"

    static var shapes: [(String, String)] {
        let escaped = String(decoding: Array(custom.utf8).flatMap { $0 == UInt8(ascii: "\"") ? Array(#"\""#.utf8) : [$0] }, as: UTF8.self)
        return [
            ("notification", #"{"ios_title": "Promo", "content": "Tap a button", "inbox_image": "\#(image)", "inbox_days": 3, "data": \#(custom)}"#),
            ("request", #"{"request": {"notifications": [{"ios_title": "Promo", "content": "Tap a button", "inbox_image": "\#(image)", "inbox_days": 3, "data": \#(custom)}]}}"#),
            ("push", #"{"aps": {"alert": {"title": "Promo", "body": "Tap a button"}}, "pw_inbox": "p1", "inbox_params": {"image": "\#(image)", "rt": "1"}, "u": "\#(escaped)"}"#),
            ("inbox", #"{"inbox_id": "i1", "order": "1", "rt": "1", "text": "Tap a button", "title": "Promo", "action_type": 1, "status": 1, "image": "\#(image)", "action_params": "{\"u\": \#(escaped)}"}"#),
            ("message", #"{"code": "m1", "title": "Promo", "message": "Tap a button", "imageUrl": "\#(image)", "actionParams": {"u": \#(custom)}}"#),
        ]
    }

    /// Everything of a result that does not depend on where the message was in the file.
    private func resolution(_ message: [String: Any]) -> String {
        var copy = message
        for key in ["source", "pointer", "line", "column", "shape", "code", "diagnostics"] { copy.removeValue(forKey: key) }
        let data = (try? JSONSerialization.data(withJSONObject: copy, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func testEveryShapeResolvesTheSame() {
        for sdk in ["7.0", "7.1", "latest"] {
            var results: [String: String] = [:]
            for (shape, payload) in Self.shapes {
                let message = resolvedMessage(payload, sdk: sdk)
                XCTAssertEqual(message["shape"] as? String, shape == "request" ? "notification" : shape)
                results[shape] = resolution(message)
            }
            XCTAssertEqual(Set(results.values).count, 1, "\(sdk): \(results)")
            let first = resolvedMessage(Self.shapes[0].1, sdk: sdk)
            XCTAssertEqual(first["layout"] as? String, "captioned")
            XCTAssertEqual(first["pinned"] as? Bool, true)
            XCTAssertEqual((first["buttons"] as? [Any])?.count, 3)
        }
    }
}
