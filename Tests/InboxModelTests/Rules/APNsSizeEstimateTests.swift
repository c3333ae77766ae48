import XCTest
@testable import InboxModel
@testable import InboxCore

/// The APNs payload size estimate behind IK901/IK902 (BEHAVIOUR §9).
final class APNsSizeEstimateTests: JSONTestCase {
    private func estimate(_ text: String) -> APNsSizeEstimate? {
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        return document.messages.first.flatMap { APNsSizeEstimate.estimate($0.message) }
    }

    func testNotificationIsMeasuredAsThePayloadItBecomes() throws {
        let text = #"""
            {"ios_title": "Hi", "content": "Dé \"x\"", "ios_category_custom": "CAT", "inbox_days": 3,
             "inbox_image": "https://cdn.example.com/a.png",
             "ios_root_params": {"aps": {"sound": "default"}, "pinned": true},
             "data": {"displayType": "banner", "n": [1, 2]}}
            """#
        // What the platform sends, written out by hand: the payload without the provider's
        // keys, plus the image inside `inbox_params`, plus the allowance for the provider's keys.
        let payload = #"{"aps":{"alert":{"title":"Hi","body":"Dé \"x\""},"category":"CAT","mutable-content":1,"sound":"default"},"#
            + #""u":"{\"displayType\":\"banner\",\"n\":[1,2]}","pinned":true}"#
        let image = #""image":"https://cdn.example.com/a.png","#
        let result = try XCTUnwrap(estimate(text))
        XCTAssertEqual(result.bytes, payload.utf8.count + image.utf8.count + APNsSizeEstimate.providerAllowance)
        XCTAssertEqual(APNsSizeEstimate.providerAllowance, 112)
        XCTAssertEqual(result.parts.first?.name, "the keys the platform adds (p, pw_inbox, inbox_params)")
    }

    func testDataGivenAsAStringIsSentAsIs() throws {
        let asString = try XCTUnwrap(estimate(#"{"content": "B", "data": "{\"a\":1}"}"#))
        let asObject = try XCTUnwrap(estimate(#"{"content": "B", "data": {"a": 1}}"#))
        XCTAssertEqual(asString.bytes, asObject.bytes)
        let spaced = try XCTUnwrap(estimate(#"{"content": "B", "data": "{ \"a\" : 1 }"}"#))
        XCTAssertEqual(spaced.bytes, asObject.bytes + 4, "a string is not re-encoded: its spaces count")
    }

    func testTheLargestLanguageCounts() throws {
        let result = try XCTUnwrap(estimate(#"{"ios_title": {"en": "Hi", "de": "Hallo zusammen"}, "content": {"en": "x", "fr": "un texte bien plus long"}}"#))
        let english = try XCTUnwrap(estimate(#"{"ios_title": "Hi", "content": "x"}"#))
        XCTAssertEqual(result.language, "fr")
        XCTAssertEqual(result.bytes - english.bytes, "un texte bien plus long".utf8.count - 1)
    }

    func testQuotedSizeMatchesTheQuotingItStandsFor() {
        // Long texts too, with the byte needing an escape at every position of an 8-byte word.
        var texts = ["", "plain", "q\"b\\s/", "tab\tnl\nbell\u{7}", "é ☃ 😀", "a plain sentence of some length"]
        for position in 0 ..< 17 {
            for special in ["\"", "\\", "\n", "\u{1}", "é"] {
                texts.append(String(repeating: "x", count: position) + special + String(repeating: "y", count: 20))
            }
        }
        for text in texts {
            let expected = JSONText.quote(text).utf8.count
            XCTAssertEqual(APNsSizeEstimate.quotedByteCount(sequence: Array(text.utf8)), expected, text)
            XCTAssertEqual(Array(text.utf8).withSpan { APNsSizeEstimate.quotedByteCount($0) }, expected, text)
        }
    }

    func testQuotedSizeFromTheTapeMatchesTheText() throws {
        let samples = [#"{}"#, #"[]"#, #"{"a": [1, 2.50, true, null, {"b": "c"}], "d": []}"#,
                       #"{"q": "say \"hi\"", "s": "a\/b", "u": "\u00e9\n\t", "e": "😀", "k\"ey": -1e3}"#,
                       #"[[[["deep"]]], "x"]"#]
        for sample in samples {
            guard case .success(let document) = JSONDocument.parse(Array(sample.utf8)) else { return XCTFail(sample) }
            let root = document.root
            XCTAssertEqual(root.compactQuotedByteCount(), JSONText.quote(root.compactJSON).utf8.count, sample)
        }
    }

    /// The tape count the estimate uses for `ios_root_params` and its `aps`, against the
    /// written compact JSON it stands for, on every value of varied documents.
    func testCompactSizeFromTheTapeMatchesTheWrittenText() throws {
        let samples = [#"{}"#, #"[]"#, #"{"a": [1, 2.50, true, null, {"b": "c"}], "d": []}"#,
                       #"{"q": "say \"hi\"", "s": "a\/b", "u": "\u00e9\n\t\u0001", "e": "😀", "k\"ey": -1e3, "k\/": {}}"#,
                       #"[[[["deep"]]], "x", {"": ""}, [{}], -0.0e+5, false]"#,
                       #"{"sound": "default", "badge": 3, "thread-id": "t\u2028", "list": [[], {"a": [null]}]}"#]
        for sample in samples {
            let document = try jtParse(sample)
            for index in 0 ..< document.nodes.count {
                let value = JSONValue(document: document, index: index)
                XCTAssertEqual(value.compactByteCount(), value.compactJSONByteCount(), "\(sample) node \(index)")
            }
        }
    }

    /// The members' bytes of an object counted from the tape, against the sum written out
    /// from its distinct keys (duplicated and escaped keys included).
    func testMemberBytesMatchTheKeysWrittenOut() throws {
        let samples = [#"{}"#, #"{"alert": 1, "sound": "default", "category": "c", "mutable-content": 1, "badge": 2}"#,
                       #"{"al\u0065rt": {"x": 1}, "s\"q": [1, "\/"], "aps": {"a": 1}, "k": null}"#,
                       #"{"a": 1, "b": {"c": [true]}, "a": "twice, the last counts", "aps": 3, "aps": {}}"#,
                       #"[1, 2]"#, #""text""#]
        let excluded = ["alert", "category", "mutable-content", "aps"]
        for sample in samples {
            let root = try jtRoot(sample)
            let expected = root.keys.filter { !["alert", "category", "mutable-content", "aps"].contains($0) }
                .reduce(0) { sum, key in sum + 2 + JSONText.quote(key).utf8.count + (root[key]?.compactJSONByteCount() ?? 0) }
            XCTAssertEqual(APNsSizeEstimate.memberBytes(of: root, except: excluded), expected, sample)
        }
    }

    func testQuotedSizeOfAStringValueIsCountedWithoutDecodingIt() throws {
        // Every kind of escape, at every position around a word boundary, plus surrogate
        // pairs, escaped controls and an escaped slash (which quoting does not escape).
        var bodies = [#""#, #"plain"#, #"\"\\\/"#, #"\u00e9\u2028\ud83d\ude00"#, #"\u0001\u001f\b\f\n\r\t"#,
                      #"{\"displayType\":\"Carousel\",\"carousel\":[]}"#, #"é ☃ 😀 \"q\""#]
        for position in 0 ..< 17 {
            for escape in [#"\""#, #"\\"#, #"\/"#, #"\n"#, #"\u0007"#, #"\u00E9"#, #"\uD83D\uDE00"#] {
                bodies.append(String(repeating: "x", count: position) + escape + String(repeating: "y", count: 20))
            }
        }
        for body in bodies {
            let text = "\"" + body + "\""
            guard case .success(let document) = JSONDocument.parse(Array(text.utf8)) else { return XCTFail(text) }
            let decoded = try XCTUnwrap(document.root.string)
            XCTAssertEqual(document.root.quotedStringByteCount(), JSONText.quote(decoded).utf8.count, text)
        }
        guard case .success(let number) = JSONDocument.parse(Array("12".utf8)) else { return XCTFail("12") }
        XCTAssertNil(number.root.quotedStringByteCount())
    }

    func testPushIsMeasuredAsWritten() throws {
        let text = "{\n  \"aps\": {\"alert\": \"Hi\"},\n  \"u\": \"{}\"\n}"
        let result = try XCTUnwrap(estimate(text))
        XCTAssertEqual(result.bytes, #"{"aps":{"alert":"Hi"},"u":"{}"}"#.utf8.count)
        XCTAssertNil(estimate(#"{"inbox_id": "a", "text": "x"}"#), "an inbox message is not sent through APNs again")
    }

    func testThresholds() {
        func codes(_ length: Int) -> [String] {
            let text = #"{"content": "x", "inbox_days": 1, "data": {"k": ""# + String(repeating: "a", count: length) + #""}}"#
            let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
            return Analyzer().diagnose(document).all.map(\.code).filter { $0.hasPrefix("IK9") }
        }
        let base = estimate(#"{"content": "x", "inbox_days": 1, "data": {"k": ""}}"#)?.bytes ?? 0
        XCTAssertEqual(codes(APNsSizeEstimate.warningThreshold - base), [])
        XCTAssertEqual(codes(APNsSizeEstimate.warningThreshold - base + 1), ["IK902"])
        XCTAssertEqual(codes(APNsSizeEstimate.limit - base), ["IK902"])
        XCTAssertEqual(codes(APNsSizeEstimate.limit - base + 1), ["IK901"])
    }
}

/// The quoted size of a string with escapes, counted from its raw text, against quoting
/// the decoded string.
final class QuotedStringSizeTests: JSONTestCase {
    func testEscapedStringsCountLikeTheirQuotedText() throws {
        let samples = [#"{\"a\":\"b\"}"#, #"a\/b\/c"#, #"\u00e9\u0022\u005c\u0001\ud83d\ude00"#, #"tab\there\nnew\\line\"q\""#,
                       #"long run without escapes until here \/ then \"one\" more"#, #"\/"#, #"x\u2028y\b\f\r"#]
        var all = samples
        // Runs of `\"` (passed over a word at a time) around an escaped backslash followed by
        // a plain `u` or `/`, or by a real `\u` or `\/` escape, at every offset in a word.
        for position in 0 ..< 17 {
            for middle in [#"\\u0041"#, #"\\/"#, #"\\\u0041"#, #"\\\/"#, #"\"\\"#, #"\\\\u"#] {
                all.append(String(repeating: #"\""#, count: position / 2) + String(repeating: "k", count: position % 2)
                           + middle + String(repeating: #"\"a"#, count: 6))
            }
        }
        for sample in all {
            let document = kept(try JSONDocument.parse(Array("\"\(sample)\"".utf8)).get())
            let decoded = try XCTUnwrap(document.root.string)
            XCTAssertEqual(document.root.quotedStringByteCount(), JSONText.quote(decoded).utf8.count, sample)
        }
    }
}
