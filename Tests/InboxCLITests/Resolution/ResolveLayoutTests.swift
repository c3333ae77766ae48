import XCTest

/// Runs `resolve --format json` on one payload and returns its only message.
func resolvedMessage(_ payload: String, sdk: String = "guide", _ extra: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
    let path = temporaryFile("payload.json", payload)
    let result = runCLI(["resolve", "--format", "json", "--sdk", sdk] + extra + [path])
    XCTAssertEqual(result.status, 0, result.err, file: file, line: line)
    let messages = jsonObject(result.out, file: file, line: line)["messages"] as? [[String: Any]] ?? []
    XCTAssertEqual(messages.count, 1, file: file, line: line)
    return messages.first ?? [:]
}

/// A notification with the given custom `data` (JSON text) and message fields.
func notification(title: String? = "Spring sale", body: String? = "40 new arrivals",
                  image: String? = nil, data: String = "{}", extra: String = "") -> String {
    var fields = ["\"inbox_days\": 3", "\"data\": \(data)"]
    if let title { fields.append("\"ios_title\": \"\(title)\"") }
    if let body { fields.append("\"content\": \"\(body)\"") }
    if let image { fields.append("\"inbox_image\": \"\(image)\"") }
    if !extra.isEmpty { fields.append(extra) }
    return "{" + fields.joined(separator: ", ") + "}"
}

/// The layout fields of one result, for compact assertions.
func layout(_ message: [String: Any]) -> [String] {
    [message["requested"] as? String ?? "?", message["requestedBy"] as? String ?? "?",
     message["layout"] as? String ?? "?", (message["reason"] as? String) ?? "-"]
}

let img = "https://cdn.example.com/a.jpg"

/// BEHAVIOUR §5: forced, requested, heuristic, and every row of the degradation table.
final class ResolveLayoutTests: XCTestCase {
    func testForcedKindShortCircuitsEverything() {
        let message = resolvedMessage(notification(data: #"{"displayType": "banner"}"#), ["--force-kind", "carousel"])
        XCTAssertEqual(layout(message), ["carousel", "forced", "carousel", "-"])
        XCTAssertEqual(message["degraded"] as? Bool, false)
        XCTAssertEqual(message["displayType"] as? String, "banner", "displayType is still reported as found")
    }

    func testRequestedByDisplayTypeCaseInsensitiveButNotTrimmed() {
        let data = #"{"displayType": "Captioned"}"#
        XCTAssertEqual(layout(resolvedMessage(notification(image: img, data: data))), ["captioned", "displayType", "captioned", "-"])
        let spaced = resolvedMessage(notification(image: img, data: #"{"displayType": " banner"}"#))
        XCTAssertEqual(layout(spaced), ["captioned", "heuristic", "captioned", "-"])
        XCTAssertEqual(spaced["displayType"] as? String, " banner")
        let shouting = resolvedMessage(notification(title: nil, body: nil, image: img, data: #"{"displayType": "CLASSIC"}"#))
        XCTAssertEqual(shouting["displayType"] as? String, "classic", "lowercased as found")
        XCTAssertEqual(layout(shouting), ["classic", "displayType", "classic", "-"])
    }

    func testDisplayTypeAbsentIsNull() {
        XCTAssertTrue(resolvedMessage(notification())["displayType"] is NSNull)
    }

    func testUnknownDisplayTypeFallsToHeuristic() {
        let message = resolvedMessage(notification(image: img, data: #"{"displayType": "carosel"}"#))
        XCTAssertEqual(layout(message), ["captioned", "heuristic", "captioned", "-"])
        XCTAssertEqual(message["displayType"] as? String, "carosel")
    }

    func testHeuristicOf70And71() {
        for sdk in ["7.0", "7.1"] {
            XCTAssertEqual(layout(resolvedMessage(notification(title: nil, image: img), sdk: sdk)),
                           ["banner", "heuristic", "banner", "-"], sdk)
            XCTAssertEqual(layout(resolvedMessage(notification(body: nil, image: img), sdk: sdk)),
                           ["captioned", "heuristic", "captioned", "-"], "\(sdk): image and title, no body")
            XCTAssertEqual(layout(resolvedMessage(notification(), sdk: sdk)), ["classic", "heuristic", "classic", "-"], sdk)
            XCTAssertEqual(layout(resolvedMessage(notification(title: "", image: img), sdk: sdk)),
                           ["banner", "heuristic", "banner", "-"], "\(sdk): an empty title is no title")
        }
    }

    func testHeuristicOfLatestNeedsABodyForCaptioned() {
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, image: img))), ["banner", "heuristic", "banner", "-"])
        XCTAssertEqual(layout(resolvedMessage(notification(image: img))), ["captioned", "heuristic", "captioned", "-"])
        XCTAssertEqual(layout(resolvedMessage(notification(body: nil, image: img))), ["classic", "heuristic", "classic", "-"])
        XCTAssertEqual(layout(resolvedMessage(notification(image: ""))), ["classic", "heuristic", "classic", "-"],
                       "an empty image is no image")
    }

    func testBannerNeedsAnImage() {
        let data = #"{"displayType": "banner"}"#
        XCTAssertEqual(layout(resolvedMessage(notification(image: img, data: data))), ["banner", "displayType", "banner", "-"])
        let degraded = resolvedMessage(notification(data: data))
        XCTAssertEqual(layout(degraded), ["banner", "displayType", "classic", "no image"])
        XCTAssertEqual(degraded["degraded"] as? Bool, true)
    }

    func testCaptionedNeedsAnImageAndInLatestATitleAndABody() {
        let data = #"{"displayType": "captioned"}"#
        XCTAssertEqual(layout(resolvedMessage(notification(data: data))), ["captioned", "displayType", "classic", "no image"])
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, image: img, data: data))),
                       ["captioned", "displayType", "classic", "no title"])
        XCTAssertEqual(layout(resolvedMessage(notification(body: "", image: img, data: data))),
                       ["captioned", "displayType", "classic", "no body"])
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, body: nil, image: img, data: data), sdk: "7.1")),
                       ["captioned", "displayType", "captioned", "-"], "7.1 needs only the image")
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, body: nil, data: data), sdk: "7.1")),
                       ["captioned", "displayType", "classic", "no image"])
    }

    func testCarouselNeedsSlidesAndInLatestATitleAndABody() {
        let slides = #"{"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}"#
        XCTAssertEqual(layout(resolvedMessage(notification(data: slides))), ["carousel", "displayType", "carousel", "-"])
        for data in [#"{"displayType": "carousel"}"#, #"{"displayType": "carousel", "carousel": []}"#,
                     #"{"displayType": "carousel", "carousel": [{"title": "x"}, 3]}"#] {
            XCTAssertEqual(layout(resolvedMessage(notification(data: data))), ["carousel", "displayType", "classic", "no slides"], data)
        }
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, data: slides))), ["carousel", "displayType", "classic", "no title"])
        XCTAssertEqual(layout(resolvedMessage(notification(body: nil, data: slides))), ["carousel", "displayType", "classic", "no body"])
        XCTAssertEqual(layout(resolvedMessage(notification(title: nil, body: nil, data: slides), sdk: "7.1")),
                       ["carousel", "displayType", "carousel", "-"])
    }

    func testVideoNeedsAUsableDescriptor() {
        let good = #"{"displayType": "video", "video": {"url": "https://m.example.com/v.mp4"}}"#
        XCTAssertEqual(layout(resolvedMessage(notification(data: good))), ["video", "displayType", "video", "-"])
        for video in [#"null"#, #"{}"#, #"{"url": ""}"#, #"{"url": 3}"#, #"{"url": "file:///v.mp4"}"#,
                      #"{"url": "rtsp://m.example.com/v"}"#, #"{"url": "m.example.com/v.mp4"}"#] {
            let data = #"{"displayType": "video", "video": "# + video + "}"
            XCTAssertEqual(layout(resolvedMessage(notification(data: data))),
                           ["video", "displayType", "classic", "no video descriptor"], video)
        }
    }

    func testWalletNeedsAPassURL() {
        for wallet in [#""https://p.example.com/a.pkpass""#, #"{"pass": "https://p.example.com/a.pkpass"}"#,
                       #""HTTP://p.example.com/a.pkpass""#] {
            let data = #"{"displayType": "wallet", "wallet": "# + wallet + "}"
            XCTAssertEqual(layout(resolvedMessage(notification(data: data))), ["wallet", "displayType", "wallet", "-"], wallet)
        }
        for wallet in [#""""#, #"{"url": "https://p.example.com/a.pkpass"}"#, #"{"pass": 1}"#, #""ftp://p.example.com/a""#, "[]"] {
            let data = #"{"displayType": "wallet", "wallet": "# + wallet + "}"
            XCTAssertEqual(layout(resolvedMessage(notification(data: data))),
                           ["wallet", "displayType", "classic", "no pass URL"], wallet)
        }
    }

    func testClassicNeedsNothing() {
        let message = resolvedMessage(notification(title: nil, body: nil, data: #"{"displayType": "classic"}"#))
        XCTAssertEqual(layout(message), ["classic", "displayType", "classic", "-"])
        XCTAssertEqual(message["degraded"] as? Bool, false)
    }

    func testImagePrecedenceAndSources() {
        let custom = "https://cdn.example.com/custom.jpg"
        let both = notification(image: img, data: #"{"image": "\#(custom)"}"#)
        XCTAssertEqual(resolvedMessage(both)["image"] as? String, img, "the message's own image wins")
        let onlyCustom = notification(image: "", data: #"{"image": "\#(custom)", "displayType": "banner"}"#)
        XCTAssertEqual(resolvedMessage(onlyCustom, sdk: "7.1")["image"] as? String, custom)
        XCTAssertEqual(layout(resolvedMessage(onlyCustom, sdk: "7.1")), ["banner", "displayType", "banner", "-"])
        let seventy = resolvedMessage(onlyCustom, sdk: "7.0")
        XCTAssertTrue(seventy["image"] is NSNull, "7.0 never uses the custom-data image")
        XCTAssertEqual(layout(seventy), ["banner", "displayType", "classic", "no image"])
        let emptyAtRoot = notification(image: nil, data: #"{"image": ""}"#,
                                       extra: #""ios_root_params": {"image": ""}, "send_date": "now""#)
        XCTAssertTrue(resolvedMessage(emptyAtRoot)["image"] is NSNull)
        let push = #"{"aps": {"alert": {"title": "T", "body": "B"}}, "image": "", "u": {"image": "\#(custom)"}}"#
        XCTAssertEqual(resolvedMessage(push)["image"] as? String, custom, "an empty image moves the lookup on")
    }

    func testWalletOnANonIOSPlatformIsFlagged() {
        let data = #"{"displayType": "wallet", "wallet": "https://p.example.com/a.pkpass"}"#
        let codes = { (platforms: String) in
            (resolvedMessage(notification(data: data, extra: "\"platforms\": \(platforms)"))["diagnostics"] as? [[String: Any]] ?? [])
                .compactMap { $0["code"] as? String }
        }
        XCTAssertTrue(codes("[3]").contains("IK207"))
        XCTAssertFalse(codes("[1, 3]").contains("IK207"))
    }

    func testAClassicCardWithoutATitleOrABodyIsAWarning() {
        for (title, body) in [("Sale", nil), (nil, "40 new arrivals")] as [(String?, String?)] {
            let message = resolvedMessage(notification(title: title, body: body))
            XCTAssertEqual(message["layout"] as? String, "classic")
            let found = (message["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "IK209" }
            XCTAssertEqual(found?["severity"] as? String, "warning")
        }
        let whole = resolvedMessage(notification())
        XCTAssertFalse((whole["diagnostics"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "IK209" })
    }
}
