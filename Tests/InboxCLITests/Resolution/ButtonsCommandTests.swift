import XCTest

/// BEHAVIOUR §6 through `buttons --format json`: every row of the action priority, per profile.
final class ButtonsCommandTests: XCTestCase {
    /// The buttons of a captioned message whose `buttons` array is `array`.
    private func buttons(_ array: String, sdk: String = "guide", extra: [String] = []) -> [String: Any] {
        let payload = notification(image: img, data: #"{"displayType": "captioned", "buttons": "# + array + "}")
        let path = temporaryFile("buttons.json", payload)
        let result = runCLI(["buttons", "--format", "json", "--sdk", sdk] + extra + [path])
        XCTAssertEqual(result.status, 0, result.err)
        return (jsonObject(result.out)["messages"] as? [[String: Any]])?.first ?? [:]
    }

    private func actions(_ array: String, sdk: String = "guide") -> [String] {
        (buttons(array, sdk: sdk)["buttons"] as? [[String: Any]] ?? []).map { button in
            let action = button["action"] as? String ?? "?"
            if let url = button["url"] as? String { return "\(action) \(url)" }
            if let payload = button["payload"] { return "\(action) \(compact(payload))" }
            return action
        }
    }

    private func compact(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }

    func testElementsWithoutAUsableTitleAreDropped() {
        let result = actions(#"[{"title": "Ok", "action": "dismiss"}, {"action": "dismiss"}, {"title": ""}, {"title": 3}, "Go", ["x"]]"#)
        XCTAssertEqual(result, ["dismiss"])
    }

    func testActionTokensAreCaseInsensitive() {
        XCTAssertEqual(actions(#"[{"title": "a", "action": "DISMISS"}, {"title": "b", "action": "MarkRead"}, {"title": "c", "action": "markread"}]"#),
                       ["dismiss", "markRead", "markRead"])
    }

    func testTokenWinsOverURL() {
        XCTAssertEqual(actions(#"[{"title": "a", "action": "markRead", "url": "https://example.com"}]"#), ["markRead"])
    }

    func testURLWithASchemeOpens() {
        XCTAssertEqual(actions(#"[{"title": "a", "url": "https://example.com/x"}, {"title": "b", "url": "myapp://promo"}]"#),
                       ["openURL https://example.com/x", "openURL myapp://promo"])
    }

    func testURLWithoutASchemeIsCustomFrom71AndOpensIn70() {
        let array = #"[{"title": "a", "url": "example.com/x"}]"#
        XCTAssertEqual(actions(array, sdk: "7.1"), [#"custom {"url":"example.com/x"}"#])
        XCTAssertEqual(actions(array), [#"custom {"url":"example.com/x"}"#])
        XCTAssertEqual(actions(array, sdk: "7.0"), ["openURL example.com/x"])
        XCTAssertEqual(actions(#"[{"title": "a", "url": ""}]"#, sdk: "7.0"), [#"custom {"url":""}"#], "7.0: non-empty only")
    }

    func testCustomTokenDiffersBetweenProfiles() {
        let array = #"[{"title": "Save", "action": "custom", "url": "https://example.com/s", "tag": "save"}]"#
        XCTAssertEqual(actions(array), [#"custom {"tag":"save","url":"https://example.com/s"}"#])
        XCTAssertEqual(actions(array, sdk: "7.1"), ["openURL https://example.com/s"])
        XCTAssertEqual(actions(array, sdk: "7.0"), ["openURL https://example.com/s"])
        let noScheme = #"[{"title": "Save", "action": "Custom", "url": "example.com/s"}]"#
        XCTAssertEqual(actions(noScheme, sdk: "7.0"), ["openURL example.com/s"])
        XCTAssertEqual(actions(noScheme, sdk: "7.1"), [#"custom {"url":"example.com/s"}"#])
        let codes = (buttons(array)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("IK606"))
    }

    func testCustomPayloadIsTheObjectMinusTitleAndActionInOrder() throws {
        let payload = notification(image: img, data: #"{"displayType": "captioned", "buttons": [{"zeta": 1, "title": "T", "alpha": {"auth": "secret-token", "b": [1, 2]}, "action": "Custom", "mid": null}]}"#)
        let result = runCLI(["buttons", "--format", "json", temporaryFile("p.json", payload)])
        let order = ["\"payload\"", "\"zeta\": 1", "\"alpha\"", "\"auth\": \"***\"", "\"mid\": null"]
            .map { result.out.range(of: $0)?.lowerBound }
        XCTAssertFalse(order.contains { $0 == nil }, result.out)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "key order kept: \(result.out)")
        let button = ((jsonObject(result.out)["messages"] as? [[String: Any]])?.first?["buttons"] as? [[String: Any]])?.first
        XCTAssertEqual(Set((button?["payload"] as? [String: Any])?.keys.map { $0 } ?? []), ["zeta", "alpha", "mid"],
                       "the button object minus title and action")
        XCTAssertFalse(result.out.contains("secret-token"))
        XCTAssertTrue(result.out.contains(#""mid": null"#))
    }

    func testUnknownTokenFallsThrough() {
        XCTAssertEqual(actions(#"[{"title": "a", "action": "open", "url": "https://example.com"}, {"title": "b", "action": "snooze"}]"#),
                       ["openURL https://example.com", #"custom {}"#])
    }

    func testButtonsAreDrawnOnlyOnCaptionedAndClassic() {
        let data = #"{"buttons": [{"title": "Go", "url": "https://example.com"}]}"#
        let drawn = { (kind: String) -> Bool? in
            let path = temporaryFile("k.json", notification(image: img, data: data))
            let result = runCLI(["buttons", "--format", "json", "--force-kind", kind, path])
            return (jsonObject(result.out)["messages"] as? [[String: Any]])?.first?["buttonsRendered"] as? Bool
        }
        XCTAssertEqual(drawn("captioned"), true)
        XCTAssertEqual(drawn("classic"), true)
        for kind in ["banner", "carousel", "video", "wallet"] { XCTAssertEqual(drawn(kind), false, kind) }
        let degraded = resolvedMessage(notification(data: #"{"displayType": "video", "buttons": [{"title": "Go", "action": "dismiss"}]}"#))
        XCTAssertEqual(degraded["buttonsRendered"] as? Bool, true, "a degraded card is classic and draws them")
    }

    func testButtonsNotAnArrayAreSkipped() {
        let payload = #"{"aps": {"alert": {"title": "T", "body": "B"}}, "buttons": {"title": "x"}, "u": {"buttons": [{"title": "Go", "action": "dismiss"}]}}"#
        let message = resolvedMessage(payload)
        XCTAssertEqual((message["buttons"] as? [[String: Any]])?.first?["title"] as? String, "Go")
    }

    func testTextShowsTheRowAndWhatEachButtonDoes() {
        let out = runCLI(["buttons", "Examples/resolve/buttons.json"]).out
        XCTAssertTrue(out.contains("captioned card draws the 7 buttons"), out)
        XCTAssertTrue(out.contains("[ Claim ↗ ] [ Read ✓ ] [ Hide ✕ ] [ Save ⚙ ]"), out)
        XCTAssertTrue(out.contains("Claim      ↗ openURL   https://example.com/promo/SUMMER2026"), out)
        XCTAssertFalse(out.contains("IK2"), "only button findings")
        let banner = runCLI(["buttons", "Examples/notification.json"]).out
        XCTAssertTrue(banner.contains("banner card draws no buttons"), banner)
    }
}
