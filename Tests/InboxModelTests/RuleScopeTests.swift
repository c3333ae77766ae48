import XCTest
@testable import InboxModel

/// A message is offered only to the rules whose `MessageScope` it is in: the findings must
/// be those of offering every message to every rule, on every example of the catalogue
/// and on payloads made to sit on either side of each scope.
final class RuleScopeTests: XCTestCase {
    /// Custom-data members that put a message in a scope, just outside it, or nowhere.
    private static let members = [
        #""buttons": [{"title": "Go", "url": "example.com/x"}, {"title": "", "action": "custm"}]"#,
        #""buttons": [1, {"title": "Pay", "url": "javascript:x", "action": "custom"}]"#,
        #""buttons": [{"title": "A", "action": "custom"}, {"title": "B"}, {"title": "C"}, {"title": "D"}]"#,
        #""buttons": []"#, #""buttons": [7, "x"]"#, #""buttons": {"title": "x"}"#,
        #""carousel": [{"image": "https://a.example/1.png", "url": "nolink"}]"#,
        #""carousel": [{"image": ""}, 3, {"image": 4}, {"title": "x"}]"#,
        #""carousel": []"#, #""carousel": "x""#,
        #""carousel": [{"image": "https://a.example/1.png"}, {"image": "https://a.example/2.png"}, {"image": "https://a.example/3.png"}, {"image": "https://a.example/4.png"}, {"image": "https://a.example/5.png"}, {"image": "https://a.example/6.png"}]"#,
        #""displayType": "carousel""#, #""displayType": "banner""#, #""displayType": "captioned""#,
        #""image": "http://a.example/i.png""#, #""pinned": 1"#, #""video": {"url": "file:///x"}"#,
    ]

    private func payloads() -> [String] {
        var generator = SeededGenerator(state: 6)
        var payloads: [String] = []
        for _ in 0 ..< 300 {
            let picked = (0 ..< Int.random(in: 0 ... 3, using: &generator)).compactMap { _ in
                Self.members.randomElement(using: &generator)
            }
            let custom = "{" + picked.joined(separator: ", ") + "}"
            switch Int.random(in: 0 ..< 3, using: &generator) {
            case 0:
                payloads.append(#"{"ios_title": "T", "content": "B", "inbox_days": 3, "data": "# + custom + "}")
            case 1:
                let params = custom.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                payloads.append(#"{"inbox_id": "a1", "send_date": "1767139200", "title": "T", "text": "B", "action_params": ""# + params + #""}"#)
            default:
                payloads.append(#"{"inbox_id": "a2", "title": "T", "text": "B", "action_params": "# + custom + "}")
            }
        }
        for rule in RuleCatalogue.all {
            payloads += (rule.description.triggers + rule.description.passes).map(\.payload)
        }
        return payloads
    }

    private func findings(_ checks: RuleChecks, _ document: InspectedDocument) -> [String] {
        var report = Report(source: document.source)
        var texts: [String] = []
        for message in document.messages {
            checks.check(message: message, into: &report)
            texts += report.takeDiagnostics().map { "\($0.code) \($0.pointer) \($0.message)" }
        }
        return texts
    }

    func testScopedChecksFindWhatEveryCheckFinds() {
        let scoped = RuleChecks(RuleCatalogue.all)
        let everything = RuleChecks(RuleCatalogue.all, scoped: false)
        var scopes = Set<UInt8>()
        var total = 0
        for profile in SDKProfile.all {
            let inspector = Inspector(options: InspectionOptions(profile: profile))
            for payload in payloads() {
                let document = inspector.inspect(Array(payload.utf8), source: "p.json")
                for message in document.messages { scopes.insert(MessageScope.of(message).rawValue) }
                let expected = findings(everything, document)
                total += expected.count
                XCTAssertEqual(findings(scoped, document), expected, payload)
            }
        }
        // The payloads reach every scope alone and together, and the rules find something.
        XCTAssertTrue(scopes.isSuperset(of: [0, 1, 2, 3, 4, 5, 6, 7]), "\(scopes.sorted())")
        XCTAssertGreaterThan(total, 500)
    }
}
