import XCTest
@testable import InboxModel
@testable import InboxCore

/// The cheap answers rules ask before building anything must agree with the full ones.
final class RuleFastPathTests: JSONTestCase {
    private func params(_ json: String) throws -> ActionParams {
        ActionParams(root: try jtRoot(json))
    }

    /// `seesValue` is whether `valuesSeen` lists anything, for every field, stop and test.
    func testSeesValueAgreesWithValuesSeen() throws {
        let payloads = [
            #"{"displayType": 3, "u": {"displayType": "banner", "pinned": "yes"}, "userdata": {"pinned": true, "displayType": null}}"#,
            #"{"buttons": {}, "carousel": [], "u": "{\"buttons\": [], \"video\": 1, \"carousel\": \"x\"}", "video": {"url": "a"}}"#,
            #"{"image": "", "wallet": 1, "u": {"image": 2, "wallet": {"pass": "x"}}, "userdata": "text"}"#,
            #"{}"#,
        ]
        let tests: [(JSONKind) -> Bool] = [{ $0 != .array }, { $0 != .string }, { $0 != .object }, { $0 == .string },
                                            { $0 != .bool && $0 != .number }]
        for payload in payloads {
            let params = try params(payload)
            for field in CustomDataField.allCases {
                for stop in [nil] + LookupPlace.allCases.map(Optional.some) {
                    for test in tests {
                        XCTAssertEqual(params.seesValue(field, until: stop, where: test),
                                       !params.valuesSeen(field, until: stop, where: { test($0.kind) }).isEmpty,
                                       "\(payload) \(field) \(String(describing: stop))")
                    }
                }
            }
        }
    }

    /// IK305 compares the two images' bytes in place when they tell: the answer must be
    /// the decoded texts' on every pair of a set of URLs written in many ways.
    func testImagesDifferAsTheirTexts() throws {
        let texts = [#""https://a.example/x.png""#, #""https://a.example/y.png""#, #""https://a.example/x.pn""#,
                     #""https:\/\/a.example\/x.png""#, #""https://a.example/x\u002epng""#, #""https://a.example/é.png""#,
                     #""https://a.example/e\u0301.png""#, #""https://a.example/\u00e9.png""#, #""https://a.example/ê.png""#,
                     #""x""#, #""X""#, #""é""#, "\"e\u{301}\"", #""Ω""#, "\"\u{2126}\""]
        let values = try texts.map { try jtRoot($0) }
        for one in values {
            for other in values {
                XCTAssertEqual(ImageDisagreement.differ(one, other), ImageDisagreement.differDecoded(one, other),
                               "\(one.sourceText) \(other.sourceText)")
            }
        }
    }

    func testPlainInteger() throws {
        let document = try jtParse(#"[7, 30, 123, -1, 1.0, 1e1, 0, "7", 99999999999999999999999]"#)
        let values = (0 ..< 9).map { document.root[$0]?.plainInteger(maxDigits: 2) }
        XCTAssertEqual(values, [7, 30, nil, nil, nil, nil, 0, nil, nil])
    }

    func testCustomDataAtTheTopLevel() throws {
        let object = try jtRoot(#"{"content": "x", "butto\u006es": [], "inbox_image": "", "pw_stories": {}}"#)
        let found = CustomDataIndex.fields(of: object)
        XCTAssertTrue(found.hasRootFields)
        XCTAssertNotNil(found.node(.buttons, at: .root), "an escaped key is decoded")
        XCTAssertNil(found.node(.image, at: .root))
        let story = try jtRoot(#"{"content": "x", "pw_stories": {}}"#)
        XCTAssertFalse(CustomDataIndex.fields(of: story).hasRootFields, "the story block is not a field")
    }
}

/// The URL rules (IK301, IK302, IK303) ask a site's scheme mark before its scheme string:
/// the mark must give the same answers.
final class SchemeMarkRuleTests: JSONTestCase {
    func testSchemeMarkAnswersAsTheScheme() throws {
        let urls = [#""https://a.example/x.png""#, #""http://a.example/x.png""#, #""HTTP://A.EXAMPLE""#,
                    #""Https://a.example""#, #""javascript:alert(1)""#, #""JavaScript:alert(1)""#, #""data:image/png;base64,AA""#,
                    #""FILE:///etc/passwd""#, #""myapp://open""#, #""www.example.com""#, #""//cdn.example.com/x.png""#,
                    #""\u0068ttp://a.example""#, #""\u006Aavascript:x""#, #"" javascript:x""#, #""d:x""#, "7"]
        for url in urls {
            let value = try jtRoot(url)
            let mark = SchemeMark.of(value)
            let scheme = URLScheme.of(value)
            XCTAssertEqual(mark.name(in: value), scheme, url)
            XCTAssertEqual(mark == .http, scheme == "http", url)
            XCTAssertEqual(mark == .none, scheme == nil, url)
            if let scheme, URLScheme.isDangerous(scheme) {
                XCTAssertEqual(mark, .other, url)
                XCTAssertTrue(URLScheme.mayStartDangerous(value), url)
            }
        }
    }
}
