import XCTest

/// BEHAVIOUR §3 and §5: the lookup order and the decoded carousel, video and wallet.
final class ResolveRichDataTests: XCTestCase {
    private func slides(_ carousel: String, sdk: String = "guide") -> [[String: Any]] {
        let data = #"{"displayType": "carousel", "carousel": "# + carousel + "}"
        return resolvedMessage(notification(data: data), sdk: sdk)["slides"] as? [[String: Any]] ?? []
    }

    func testSlidesKeepOnlyObjectsWithANonEmptyImage() {
        let result = slides(#"[{"image": "https://c.example.com/1.jpg", "title": "", "url": "shop.example.com/1"}, "#
            + #"{"title": "no image"}, {"image": ""}, {"image": 5}, "https://c.example.com/x.jpg", "#
            + #"{"image": "https://c.example.com/2.jpg", "title": "Sale", "url": "myapp://p/2"}]"#)
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0]["image"] as? String, "https://c.example.com/1.jpg")
        XCTAssertTrue(result[0]["title"] is NSNull, "an empty title is absent")
        XCTAssertTrue(result[0]["url"] is NSNull, "a url without a scheme is dropped, the slide kept")
        XCTAssertEqual(result[1]["title"] as? String, "Sale")
        XCTAssertEqual(result[1]["url"] as? String, "myapp://p/2")
    }

    func testLatestShowsAtMostFiveSlidesAndDroppedOnesUseNoPlace() {
        let six = (1...6).map { #"{"image": "https://c.example.com/\#($0).jpg"}"# }
        let withJunk = "[" + ([#"{"title": "junk"}"#] + six).joined(separator: ", ") + "]"
        let latest = slides(withJunk)
        XCTAssertEqual(latest.compactMap { $0["image"] as? String }, (1...5).map { "https://c.example.com/\($0).jpg" })
        XCTAssertEqual(slides(withJunk, sdk: "7.1").count, 6, "7.1 has no limit")
    }

    func testVideoDescriptor() {
        let data = #"{"video": {"url": "HTTPS://m.example.com/v.mp4", "poster": ""}}"#
        let video = resolvedMessage(notification(data: data))["video"] as? [String: Any]
        XCTAssertEqual(video?["url"] as? String, "HTTPS://m.example.com/v.mp4", "schemes compare case-insensitively")
        XCTAssertTrue(video?["poster"] is NSNull, "an empty poster is absent")
        let withPoster = resolvedMessage(notification(data: #"{"video": {"url": "http://m.example.com/v.mp4", "poster": "https://m.example.com/p.jpg"}}"#))
        XCTAssertEqual((withPoster["video"] as? [String: Any])?["poster"] as? String, "https://m.example.com/p.jpg")
        XCTAssertTrue(resolvedMessage(notification(data: #"{"video": {"url": "data:video/mp4;base64,AAAA"}}"#))["video"] is NSNull)
    }

    func testAnUnusableVideoStillEndsTheLookup() {
        let payload = #"{"aps": {"alert": "x"}, "video": {"url": "file:///v.mp4"}, "u": {"video": {"url": "https://m.example.com/v.mp4"}}}"#
        XCTAssertTrue(resolvedMessage(payload)["video"] is NSNull)
    }

    func testWalletLookupMovesOnPastAnUnusableValue() {
        let payload = #"{"aps": {"alert": "x"}, "wallet": "ftp://p.example.com/a.pkpass", "#
            + #""u": "{\"wallet\": {\"pass\": \"https://p.example.com/b.pkpass\"}, \"displayType\": \"wallet\"}"}"#
        let message = resolvedMessage(payload)
        XCTAssertEqual((message["wallet"] as? [String: Any])?["pass"] as? String, "https://p.example.com/b.pkpass")
        XCTAssertEqual(layout(message), ["wallet", "displayType", "wallet", "-"])
        let codes = (message["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("IK503"), "the skipped value is reported")
    }

    func testLookupOrderRootThenUThenUStringThenUserdata() {
        let displayTypeIn = { (json: String) in resolvedMessage(json)["displayType"] as? String }
        XCTAssertEqual(displayTypeIn(#"{"aps": {"alert": "x"}, "displayType": "banner", "u": {"displayType": "video"}}"#), "banner")
        XCTAssertEqual(displayTypeIn(#"{"aps": {"alert": "x"}, "displayType": 4, "u": {"displayType": "video"}}"#), "video",
                       "a value of the wrong type moves the lookup on")
        XCTAssertEqual(displayTypeIn(#"{"aps": {"alert": "x"}, "u": "{\"displayType\": \"wallet\"}", "userdata": {"displayType": "video"}}"#), "wallet")
        XCTAssertEqual(displayTypeIn(#"{"aps": {"alert": "x"}, "u": "{broken", "userdata": {"displayType": "video"}}"#), "video",
                       "an invalid u string holds nothing")
        XCTAssertNil(resolvedMessage(#"{"aps": {"alert": "x"}, "userdata": {"image": "https://c.example.com/u.jpg"}}"#)["image"] as? String,
                     "userdata is searched only for displayType and pinned")
    }

    func testAnEmptyCarouselAtTheRootHidesTheOneInU() {
        let payload = #"{"aps": {"alert": {"title": "T", "body": "B"}}, "displayType": "carousel", "carousel": [], "#
            + #""u": {"carousel": [{"image": "https://c.example.com/1.jpg"}]}}"#
        let message = resolvedMessage(payload)
        XCTAssertEqual(layout(message), ["carousel", "displayType", "classic", "no slides"])
        XCTAssertEqual((message["slides"] as? [Any])?.count, 0)
    }

    func testCarouselNotAnArrayMovesTheLookupOn() {
        let payload = #"{"aps": {"alert": {"title": "T", "body": "B"}}, "displayType": "carousel", "carousel": {"image": "x"}, "#
            + #""u": {"carousel": [{"image": "https://c.example.com/1.jpg"}]}}"#
        XCTAssertEqual(layout(resolvedMessage(payload)), ["carousel", "displayType", "carousel", "-"])
    }

    func testSDK70ShowsNoSlidesAndSaysNothingAboutThem() {
        let seven = (1...7).map { #"{"image": "https://c.example.com/\#($0).jpg"}"# }
        let carousel = "[" + ([#"{"title": "no image"}"#] + seven).joined(separator: ", ") + "]"
        let message = resolvedMessage(notification(data: #"{"displayType": "carousel", "carousel": "# + carousel + "}"), sdk: "7.0")
        XCTAssertEqual((message["slides"] as? [Any])?.count, 0, "7.0 does not know carousels")
        let codes = (message["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertFalse(codes.contains("IK404") || codes.contains("IK402"), "\(codes)")
        XCTAssertEqual(slides(carousel, sdk: "7.1").count, 7)
    }
}
