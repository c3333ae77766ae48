import Foundation
import XCTest

/// BEHAVIOUR §5 "URLs": a URL iOS rejects is absent wherever the SDK takes one, and outputs show
/// the URL the SDK opens or loads.
final class ResolveURLTests: XCTestCase {
    private func codes(_ message: [String: Any]) -> [String] {
        (message["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    func testAButtonWhoseURLIOSRejectsBecomesCustomAndKeepsTheURLAsWritten() throws {
        let message = resolvedMessage(notification(data: #"{"buttons": [{"title": "Claim", "url": "https://exa mple.com/p"}]}"#), sdk: "7.1")
        let button = try XCTUnwrap((message["buttons"] as? [[String: Any]])?.first)
        XCTAssertEqual(button["action"] as? String, "custom")
        XCTAssertEqual((button["payload"] as? [String: Any])?["url"] as? String, "https://exa mple.com/p")
        XCTAssertTrue(codes(message).contains("IK306"))
        XCTAssertFalse(codes(message).contains("IK605"), "reported once, with iOS's reason")
    }

    func testTheEffectiveURLIsShownAndWhatWasWrittenBesideIt() throws {
        let message = resolvedMessage(notification(image: "https://bücher.de/ä.jpg",
                                                   data: #"{"buttons": [{"title": "Go", "url": "https://example.com/a b"}]}"#))
        XCTAssertEqual(message["image"] as? String, "https://xn--bcher-kva.de/%C3%A4.jpg")
        XCTAssertEqual(message["imageAsWritten"] as? String, "https://bücher.de/ä.jpg")
        let button = try XCTUnwrap((message["buttons"] as? [[String: Any]])?.first)
        XCTAssertEqual(button["action"] as? String, "openURL")
        XCTAssertEqual(button["url"] as? String, "https://example.com/a%20b")
        XCTAssertEqual(button["urlAsWritten"] as? String, "https://example.com/a b")
        XCTAssertTrue(codes(message).contains("IK304"))
        let plain = resolvedMessage(notification(image: img))
        XCTAssertNil(plain["imageAsWritten"], "only when the two differ")
    }

    func testButtonsTextShowsTheEffectiveURL() {
        let path = temporaryFile("button.json", notification(data: #"{"buttons": [{"title": "Go", "url": "https://x.com/%zz"}]}"#))
        let result = runCLI(["buttons", path])
        XCTAssertTrue(result.out.contains("https://x.com/%25zz"), result.out)
    }

    func testASlideLosesALinkIOSRejects() throws {
        let data = #"{"displayType": "carousel", "carousel": [{"image": "https://c.example.com/1.jpg", "url": "http://x:80a/p"}]}"#
        let message = resolvedMessage(notification(data: data))
        let slide = try XCTUnwrap((message["slides"] as? [[String: Any]])?.first)
        XCTAssertTrue(slide["url"] is NSNull)
        XCTAssertTrue(codes(message).contains("IK306"))
        XCTAssertFalse(codes(message).contains("IK403"))
    }

    func testAVideoIOSRejectsDegradesTheCard() {
        let message = resolvedMessage(notification(data: #"{"displayType": "video", "video": {"url": "https://%zz/v.mp4"}}"#))
        XCTAssertTrue(message["video"] is NSNull)
        XCTAssertEqual(layout(message), ["video", "displayType", "classic", "no video descriptor"])
        XCTAssertTrue(codes(message).contains("IK307"))
        XCTAssertFalse(codes(message).contains("IK501"))
    }

    func testTheWalletLookupMovesOnPastAPassIOSRejects() throws {
        let payload = #"{"aps": {"alert": "x"}, "displayType": "wallet", "wallet": "https://wallet.example .com/a.pkpass", "#
            + #""u": {"wallet": "https://wallet.example.com/b.pkpass"}}"#
        let message = resolvedMessage(payload)
        XCTAssertEqual((message["wallet"] as? [String: Any])?["pass"] as? String, "https://wallet.example.com/b.pkpass")
        XCTAssertEqual(message["layout"] as? String, "wallet")
        XCTAssertTrue(codes(message).contains("IK307"))
    }

    func testAStoryPageWhoseImageIOSRejectsIsDroppedAndAStoryWithNoneLeftFallsBack() throws {
        let pages = #"[{"image": "https://cdn.example .com/1.jpg"}, {"image": "https://cdn.example.com/2 b.jpg", "link": "https://x .com", "button_title": "Go"}]"#
        let payload = #"{"ios_title": "S", "content": "c", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": "# + pages + "}}}"
        let result = runCLI(["stories", "--format", "json", temporaryFile("story.json", payload)])
        let story = try XCTUnwrap((jsonObject(result.out)["stories"] as? [[String: Any]])?.first)
        let kept = try XCTUnwrap(story["pages"] as? [[String: Any]])
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(kept.first?["image"] as? String, "https://cdn.example.com/2%20b.jpg")
        XCTAssertTrue(kept.first?["link"] is NSNull, "a link iOS rejects is dropped")
        let found = (story["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(found.contains("IK813"))
        XCTAssertTrue(found.contains("IK808"))
        XCTAssertFalse(found.contains("IK804"))

        let none = #"{"ios_title": "S", "content": "c", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https:// x"}]}}}"#
        let fallback = runCLI(["stories", "--format", "json", temporaryFile("story.json", none)])
        let only = try XCTUnwrap((jsonObject(fallback.out)["stories"] as? [[String: Any]])?.first)
        XCTAssertEqual(only["fallback"] as? Bool, true)
    }

    func testAForcedWalletCardWithoutAPassHidesItsButtonInsteadOfDrawingClassic() throws {
        let message = resolvedMessage(notification(data: #"{"wallet": "ftp://wallet.example.com/a.pkpass"}"#), ["--force-kind", "wallet"])
        XCTAssertEqual(message["layout"] as? String, "wallet")
        let finding = try XCTUnwrap((message["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "IK503" })
        let text = finding["message"] as? String ?? ""
        XCTAssertTrue(text.contains("button hides itself"), text)
        XCTAssertFalse(text.contains("drawn as classic"), text)
    }
}
