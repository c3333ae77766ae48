import Foundation
import XCTest
@testable import InboxCLI
import InboxModel

/// Answers a marketer can act on — a verdict per message, every reason at once,
/// intent errors, JSON mistakes explained, less noise, releases compared in one run. Each
/// test goes through the command line with payloads holding those mistakes.
final class ActionableFindingsTests: XCTestCase {
    private func notification(_ fields: String) -> String {
        temporaryFile("m.json", "{" + fields + "}")
    }

    private func resolveJSON(_ path: String, _ extra: [String] = []) -> [String: Any] {
        let result = runCLI(["resolve", "--format", "json"] + extra + [path])
        return (jsonObject(result.out)["messages"] as? [[String: Any]])?.first ?? [:]
    }

    private func codes(_ path: String, _ extra: [String] = []) -> [String] {
        let result = runCLI(["validate", "--format", "json"] + extra + [path])
        return (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    private func messages(_ path: String, _ extra: [String] = []) -> [String] {
        let result = runCLI(["validate", "--format", "json"] + extra + [path])
        return (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }

    // MARK: 1. a verdict per message

    func testNotInTheInboxIsSaidFirstAndNothingIsDrawn() {
        let path = notification(#""ios_title": "Summer sale", "content": "30% off", "inbox_image": null, "data": {"displayType": "banner", "image": "https://cdn.example.com/s.jpg"}"#)
        let text = runCLI(["resolve", path]).out
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[2].hasPrefix("  ✗ never in the inbox on iPhones: no inbox_image, inbox_date or inbox_days"), text)
        XCTAssertFalse(text.contains("╭"), "no card is drawn for a message that never reaches the inbox: \(text)")
        let delivery = resolveJSON(path)["delivery"] as? [String: Any]
        XCTAssertEqual(delivery?["inbox"] as? Bool, false)
        XCTAssertEqual(delivery?["ios"] as? Bool, true)
        XCTAssertTrue(delivery?["card"] is NSNull)
        XCTAssertEqual((delivery?["reasons"] as? [String])?.first, "no inbox_image, inbox_date or inbox_days: sent as a plain push")
    }

    func testPlatformsWithoutIOSDrawNothing() {
        let path = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "inbox_image": "https://cdn.example.com/a.jpg", "platforms": [3, 7]"#)
        let text = runCLI(["resolve", path]).out
        XCTAssertTrue(text.contains("✗ never in the inbox on iPhones: platforms [3,7] has no 1 (iOS)"), text)
        XCTAssertFalse(text.contains("╭"), text)
        let delivery = resolveJSON(path)["delivery"] as? [String: Any]
        XCTAssertEqual(delivery?["inbox"] as? Bool, true)
        XCTAssertEqual(delivery?["ios"] as? Bool, false)
    }

    func testASchemelessImageIsAnEmptyImageArea() {
        let path = notification(#""ios_title": "Deal", "content": "Half price", "inbox_days": 1, "inbox_image": "deal.jpg""#)
        let text = runCLI(["resolve", path]).out
        XCTAssertFalse(text.contains("deal.jpg  "), text)
        XCTAssertFalse(text.contains("▨"), "the preview draws no image: \(text)")
        XCTAssertTrue(text.contains("as a captioned card with a problem: the image URL\n    has no scheme"), text)
        let reasons = (resolveJSON(path)["delivery"] as? [String: Any])?["reasons"] as? [String]
        XCTAssertEqual(reasons, ["the image URL has no scheme: the image area stays empty"])
    }

    func testACardAsAskedSaysSo() {
        let text = runCLI(["resolve", "Examples/resolve/captioned.json"]).out
        XCTAssertTrue(text.contains("  ✓ in the inbox on iPhones: captioned card\n"), text)
        let delivery = resolveJSON("Examples/resolve/captioned.json")["delivery"] as? [String: Any]
        XCTAssertEqual(delivery?["card"] as? String, "captioned")
        XCTAssertEqual(delivery?["intended"] as? String, "captioned")
        XCTAssertEqual(delivery?["reasons"] as? [String], [])
    }

    func testButtonsShowTheVerdictToo() {
        let path = notification(#""ios_title": "Hi", "content": "x", "data": {"buttons": [{"title": "Go", "url": "https://x.example.com"}]}"#)
        XCTAssertTrue(runCLI(["buttons", path]).out.contains("✗ never in the inbox on iPhones"))
        let message = (jsonObject(runCLI(["buttons", "--format", "json", path]).out)["messages"] as? [[String: Any]])?.first
        XCTAssertEqual((message?["delivery"] as? [String: Any])?["inbox"] as? Bool, false)
    }

    // MARK: 2. every degradation reason at once

    func testEveryReasonAtOnce() {
        let path = notification(#""ios_title": "New arrivals", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": []}"#)
        // The guide also needs a body for a carousel; 7.1, the default, does not.
        let guide = ["--sdk", "guide"]
        let message = resolveJSON(path, guide)
        XCTAssertEqual(message["reason"] as? String, "no slides")
        XCTAssertEqual(message["reasons"] as? [String], ["no slides", "no body"])
        XCTAssertTrue(runCLI(["resolve"] + guide + [path]).out.contains("degraded: no slides, no body"))
        XCTAssertTrue(messages(path, guide).contains { $0.contains("draws classic instead (no slides, no body)") },
                      "\(messages(path, guide))")
        XCTAssertEqual(resolveJSON(path)["reasons"] as? [String], ["no slides"], "7.1 needs no body")
    }

    // MARK: 3. intent

    func testRichDataWithoutDisplayTypeIsAnError() {
        for (field, value) in [("carousel", #"[{"image": "https://cdn.example.com/1.jpg"}]"#),
                               ("video", #"{"url": "https://cdn.example.com/v.mp4"}"#),
                               ("wallet", #""https://wallet.example.com/p.pkpass""#)] {
            let path = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"\#(field)": \#(value)}"#)
            XCTAssertTrue(codes(path).contains("IK211"), field)
            XCTAssertFalse(codes(path).contains("IK204"), "IK211 says it; IK204 stays quiet: \(field)")
            XCTAssertEqual(runCLI(["validate", path]).status, 1, field)
            XCTAssertEqual((resolveJSON(path)["delivery"] as? [String: Any])?["intended"] as? String, field)
        }
    }

    func testMisspelledKeysNameTheKeyExpected() {
        let cases: [(data: String, written: String, expected: String)] = [
            (#"{"displaytype": "carousel"}"#, "displaytype", "displayType"),
            (#"{"display_type": "carousel"}"#, "display_type", "displayType"),
            (#"{"DisplayType": "carousel"}"#, "DisplayType", "displayType"),
            (#"{"dispayType": "carousel"}"#, "dispayType", "displayType"),
            (#"{"button": [{"title": "Go"}]}"#, "button", "buttons"),
            (#"{"Buttons": [{"title": "Go"}]}"#, "Buttons", "buttons"),
            (#"{"carrousel": []}"#, "carrousel", "carousel"),
            (#"{"displayType": "carousel", "carousel": [{"imageUrl": "https://cdn.example.com/1.jpg"}]}"#, "imageUrl", "image"),
            (#"{"displayType": "carousel", "carousel": [{"img": "https://cdn.example.com/1.jpg"}]}"#, "img", "image"),
            (#"{"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg", "link": "https://x.example.com"}]}"#, "link", "url"),
            (#"{"displayType": "wallet", "wallet": {"passUrl": "https://w.example.com/p.pkpass"}}"#, "passUrl", "pass"),
            (#"{"displayType": "wallet", "wallet": {"url": "https://w.example.com/p.pkpass"}}"#, "url", "pass"),
            (#"{"pwStories": {"pages": []}}"#, "pwStories", "pw_stories"),
            (#"{"pw_story": {"pages": []}}"#, "pw_story", "pw_stories"),
        ]
        for (data, written, expected) in cases {
            let path = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "data": \#(data)"#)
            let result = runCLI(["validate", "--format", "json", path])
            let finding = (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "IK210" }
            XCTAssertEqual(finding?["severity"] as? String, "error", data)
            XCTAssertTrue((finding?["message"] as? String)?.hasPrefix("\"\(written)\" in ") ?? false, data)
            XCTAssertTrue((finding?["message"] as? String)?.hasSuffix("did you mean \"\(expected)\"?") ?? false, "\(data): \(String(describing: finding))")
            XCTAssertTrue((finding?["pointer"] as? String)?.hasSuffix("/" + written) ?? false, data)
        }
    }

    func testStoryKeysAreCheckedInStories() {
        let path = notification(#""ios_title": "Looks", "content": "x", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"imageUrl": "https://cdn.example.com/1.jpg", "image": "https://cdn.example.com/1.jpg", "buttonTitle": "Shop", "link": "https://x.example.com"}, {"image": "https://cdn.example.com/2.jpg", "button_text": "Go"}]}}"#)
        let found = messages(path).filter { $0.contains("story extension reads") }
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found[0].contains("\"buttonTitle\" in a story page") && found[0].hasSuffix("did you mean \"button_title\"?"))
        XCTAssertTrue(found[1].contains("\"button_text\""))
        XCTAssertFalse(messages(path).contains { $0.contains("\"imageUrl\"") }, "image is there: imageUrl is just another key")
        XCTAssertTrue(runCLI(["stories", path]).out.contains("IK814"))
    }

    func testAppKeysThatLookLikeNothingArePassedOver() {
        let path = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"displayType": "classic", "order_id": "A1", "images": 3, "display_name": "Ann", "userdata": {"button": 1}}"#)
        XCTAssertFalse(codes(path).contains("IK210"), "\(codes(path))")
    }

    func testMisspelledKeyFindingsCarryWhatAFixNeeds() throws {
        let text = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"display_type": "carousel"}}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let key = try XCTUnwrap(MisspelledKey.find(in: document.messages[0]).first)
        XCTAssertEqual(key.written, "display_type")
        XCTAssertEqual(key.expected, "displayType")
        XCTAssertEqual(key.place, .customData)
        XCTAssertEqual(key.value.pointer, "/data/display_type")
        XCTAssertEqual(key.value.keyPosition?.column, 63)
        XCTAssertEqual(SDKKeyTable.expected(for: "img", at: .slide), "image")
        XCTAssertNil(SDKKeyTable.expected(for: "image", at: .slide))
        XCTAssertNil(SDKKeyTable.expected(for: "uri", at: .slide), "a short name allows no typo")
    }

    func testUnknownDisplayTypeIsAnErrorSuggestingOnlyWhatIsClose() {
        let close = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"displayType": "carousell"}"#)
        XCTAssertTrue(messages(close).contains { $0.contains("(did you mean \"carousel\"?)") })
        XCTAssertEqual(runCLI(["validate", close]).status, 1, "IK201 is an error")
        XCTAssertEqual((resolveJSON(close)["delivery"] as? [String: Any])?["intended"] as? String, "carousel")
        let far = notification(#""ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"displayType": "slider"}"#)
        let ik201 = messages(far).first { $0.contains("\"slider\"") } ?? ""
        XCTAssertTrue(ik201.contains("is not a layout InboxKit knows;"), ik201)
        XCTAssertFalse(ik201.contains("did you mean"), ik201)
    }

    // MARK: 4. JSON mistakes

    private func syntaxError(_ text: String) -> (message: String, line: Int, column: Int, output: String) {
        let path = temporaryFile("bad.json", text)
        let result = runCLI(["validate", "--format", "json", path])
        let finding = (jsonObject(result.out)["diagnostics"] as? [[String: Any]])?.first ?? [:]
        return (finding["message"] as? String ?? "", finding["line"] as? Int ?? 0, finding["column"] as? Int ?? 0,
                runCLI(["validate", path]).out)
    }

    func testTheUsualJSONMistakesAreNamedWithTheirFix() {
        XCTAssertTrue(syntaxError("{\"ios_title\": \u{201C}Sale\u{201D}}").message.contains("is a curly quote"))
        XCTAssertTrue(syntaxError("{\"ios_title\": \"Sale\" // title\n}").message.contains("JSON has no comments"))
        XCTAssertTrue(syntaxError("{\"ios_title\": \"Sale\", /* x */ \"content\": \"y\"}").message.contains("JSON has no comments"))
        XCTAssertTrue(syntaxError("{'ios_title': 'Sale'}").message.contains("not single quotes"))
        XCTAssertTrue(syntaxError("{ios_title: \"Sale\"}").message.contains("the key ios_title needs double quotes"))
        XCTAssertTrue(syntaxError("{\"inbox_days\": NaN}").message.contains("NaN is not a number JSON can hold"))
        XCTAssertTrue(syntaxError("{\"inbox_days\": -Infinity}").message.contains("-Infinity is not a number"))
        XCTAssertTrue(syntaxError("{\"ios_title\": \"Sale\",}").message.contains("comma after the last member"))
    }

    func testAMissingCommaIsShownAfterThePreviousValueWithACaret() {
        let error = syntaxError("{\n  \"ios_title\": \"Sale\"\n  \"content\": \"x\"\n}\n")
        XCTAssertTrue(error.message.contains("a comma is missing after this value"), error.message)
        XCTAssertEqual(error.line, 2, "the end of the value before, not the next line")
        XCTAssertEqual(error.column, 22)
        XCTAssertTrue(error.output.contains("    |   \"ios_title\": \"Sale\"\n    |                      ^\n"), error.output)
    }

    func testAnUnclosedObjectSaysWhereItWasOpened() {
        let error = syntaxError("{\"ios_title\": \"Sale\",\n \"data\": {\"displayType\": \"banner\"\n")
        XCTAssertTrue(error.message.contains("the object opened at line 2, column 10 is not closed: add '}'"), error.message)
        let array = syntaxError("{\"data\": {\"buttons\": [{\"title\": \"Go\"}}}")
        XCTAssertTrue(array.message.contains("the array opened at line 1, column 22 is not closed: add ']'"), array.message)
    }

    func testResolveShowsTheCaretToo() {
        let path = temporaryFile("bad.json", "{\"a\": 1 \"b\": 2}")
        let text = runCLI(["resolve", path]).out
        XCTAssertTrue(text.contains("  | {\"a\": 1 \"b\": 2}\n  |        ^\n"), text)
    }

    func testBareCustomDataGetsAHint() {
        let path = temporaryFile("data.json", #"{"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}"#)
        let message = messages(path).first ?? ""
        XCTAssertTrue(message.contains("are custom data: put this object under a notification's \"data\""), message)
    }

    // MARK: 5. less noise

    func testHeuristicLayoutOnlyWhenItSurprises() {
        let banner = notification(#""inbox_days": 3, "inbox_image": "https://cdn.example.com/a.jpg""#)
        XCTAssertTrue(codes(banner).contains("IK204"), "a banner without displayType")
        let classic = notification(#""ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3"#)
        XCTAssertFalse(codes(classic).contains("IK204"), "a plain classic card is what a reader expects")
        let notInInbox = notification(#""ios_title": "Sale", "content": "x", "inbox_image": null, "data": {"image": "https://cdn.example.com/a.jpg"}"#)
        XCTAssertFalse(codes(notInInbox).contains("IK204"))
        let story = notification(#""ios_title": "Looks", "content": "x", "inbox_image": "https://cdn.example.com/a.jpg", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://cdn.example.com/1.jpg"}]}}"#)
        XCTAssertFalse(codes(story).contains("IK204"))
    }

    func testQuietHidesInfoFindings() {
        let path = notification(#""ios_title": "Sale", "content": "x", "inbox_days": 3, "inbox_image": "https://cdn.example.com/a.jpg""#)
        XCTAssertTrue(runCLI(["validate", path]).out.contains("IK204"))
        let quiet = runCLI(["validate", "-q", path]).out
        XCTAssertFalse(quiet.contains("IK204"), quiet)
        XCTAssertTrue(quiet.contains("1 info"), "still counted: \(quiet)")
        XCTAssertEqual(runCLI(["resolve", "-q", path]).out, "", "a message with only info findings is not listed")
        XCTAssertTrue(runCLI(["validate", "-q", "--format", "json", path]).out.contains("IK204"), "machine formats keep them")
    }

    func testLangNotInThePayloadSaysWhichWasShown() {
        let path = notification(#""ios_title": {"en": "Sale", "fr": "Soldes"}, "content": {"en": "x", "fr": "y"}, "inbox_days": 3"#)
        let text = runCLI(["resolve", "--lang", "de", path]).out
        XCTAssertTrue(text.contains("language de is not in this message: shown in en"), text)
        XCTAssertEqual(resolveJSON(path, ["--lang", "de"])["language"] as? String, "en")
        XCTAssertEqual(resolveJSON(path, ["--lang", "fr"])["language"] as? String, "fr")
        XCTAssertFalse(runCLI(["resolve", "--lang", "fr", path]).out.contains("is not in this message"))
        XCTAssertTrue(resolveJSON(notification(#""ios_title": "Sale", "content": "x", "inbox_days": 3"#))["language"] is NSNull)
    }

    // MARK: 6. releases compared

    func testSDKAllShowsOnlyWhatDiffers() {
        let text = runCLI(["resolve", "--sdk", "all", "Examples/resolve/carousel.json"]).out
        let names = SDKProfile.all.map(\.name)
        XCTAssertTrue(text.contains(names.joined(separator: " ")) || names.allSatisfy(text.contains), text)
        XCTAssertTrue(text.contains("  card         classic"), text)
        XCTAssertTrue(text.contains("same on every release: image, buttons, pinned"), text)
        XCTAssertTrue(text.contains("  slides       0"), "7.0 draws no slides: \(text)")
        XCTAssertFalse(text.contains("  pinned "), "a row that agrees is not shown: \(text)")
        let same = runCLI(["resolve", "--sdk", "all", "Examples/resolve/banner.json"]).out
        XCTAssertTrue(same.contains("the same on every release: banner card"), same)
    }

    func testSDKAllJSON() {
        let result = runCLI(["resolve", "--sdk", "all", "--format", "json", "Examples/resolve/carousel.json"])
        let object = jsonObject(result.out)
        XCTAssertEqual(object["profile"] as? String, "all")
        XCTAssertEqual(object["profiles"] as? [String], SDKProfile.all.map(\.name))
        let message = (object["messages"] as? [[String: Any]])?.first ?? [:]
        let profiles = message["profiles"] as? [String: [String: Any]] ?? [:]
        XCTAssertEqual(profiles[SDKProfile.v7_0.name]?["layout"] as? String, "classic")
        XCTAssertEqual(profiles[SDKProfile.v7_1.name]?["layout"] as? String, "carousel")
        XCTAssertEqual(message["differs"] as? [String], ["card", "requested", "reasons", "slides"])
        XCTAssertEqual(runCLI(["resolve", "--sdk", "7.3", "Examples/resolve/carousel.json"]).status, 2)
    }

    // MARK: the example campaign

    func testTheMarketerMistakesCampaignFailsWithEveryMistakeNamed() {
        let found = codes("Examples/campaigns/marketer-mistakes.json")
        for code in ["IK101", "IK104", "IK301", "IK203", "IK210", "IK211", "IK201"] {
            XCTAssertTrue(found.contains(code), "\(code) in \(found)")
        }
        XCTAssertEqual(runCLI(["validate", "Examples/campaigns/marketer-mistakes.json"]).status, 1)
    }
}
