import XCTest
@testable import InboxModel

/// A message is offered only to the rules whose needed `MessageFacts` it has, and a
/// document only to those whose `DocumentFacts` it has: the findings must be those of offering
/// every message and document to every rule, on every example of the catalogue and on
/// payloads made to sit on either side of each fact.
final class RuleScopeTests: XCTestCase {
    /// Custom-data members that give a message a fact, just miss it, or give none.
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
        #""displayType": "wallet""#, #""displayType": "video""#, #""displayType": "bannr""#, #""displayType": 3"#,
        #""wallet": {"pass": "https://a.example/p.pkpass"}"#, #""wallet": "x""#, #""wallet": {"pass": "a.example/p"}"#,
        #""video": {"url": "https://a.example/v.mp4"}"#, #""video": 5"#, #""pinned": "yes""#, #""pinned": true"#,
        #""image": "https://a.example/j.png""#, #""image": 2"#,
        #""buttons": [{"title": "Go", "url": "https://a.example/x path"}]"#,
    ]

    /// Delivery members of a notification, for the facts read from them.
    private static let deliveryMembers = [
        #""platforms": [3]"#, #""platforms": [1]"#, #""inbox_date": "2026-13-01""#, #""send_date": "tomorrow""#,
        #""inbox_days": 0"#, #""inbox_image": "http://a.example/i.png""#, #""inbox_image": "a.example/i.png""#,
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
                let delivery = (0 ..< Int.random(in: 0 ... 2, using: &generator)).compactMap { _ in
                    Self.deliveryMembers.randomElement(using: &generator)
                }
                let root = (["\"ios_title\": \"T\"", "\"content\": \"B\""] + delivery).joined(separator: ", ")
                payloads.append("{" + root + ", \"data\": " + custom + "}")
            case 1:
                let params = custom.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                payloads.append(#"{"inbox_id": "a1", "send_date": "1767139200", "title": "T", "text": "B", "action_params": ""# + params + #""}"#)
            default:
                payloads.append(#"{"inbox_id": "a2", "title": "T", "text": "B", "action_params": "# + custom + "}")
            }
        }
        // Documents for the document facts (the catalogue's examples have one of each too).
        payloads += ["", "{", "[]", #"{"notifications": []}"#, #"{"a": 1}"#, #"[{"ios_title": "T", "content": "B"}, 3]"#,
                     #"{"ios_title": "T", "ios_title": "U", "content": "B", "inbox_days": 3}"#,
                     #"{"ios_title": "T", "content": "B", "inbox_days": 1e999}"#,
                     #"{"ios_title": "T", "content": "B", "inbox_days": 3, "data": "{\"a\": 1, \"a\": 2}"}"#,
                     #"{"ios_title": "T", "content": "B", "inbox_days": 3, "data": "{"}"#]
        for rule in RuleCatalogue.all {
            payloads += (rule.description.triggers + rule.description.passes).map(\.payload)
        }
        return payloads
    }

    private func findings(_ checks: RuleChecks, _ document: InspectedDocument) -> [String] {
        var report = Report(source: document.source)
        checks.check(document: document, into: &report)
        var texts = report.takeDiagnostics().map { "\($0.code) \($0.pointer) \($0.message)" }
        for message in document.messages {
            checks.check(message: message, into: &report)
            texts += report.takeDiagnostics().map { "\($0.code) \($0.pointer) \($0.message)" }
        }
        return texts
    }

    func testFilteredChecksFindWhatEveryCheckFinds() {
        let filtered = RuleChecks(RuleCatalogue.all)
        let everything = RuleChecks(RuleCatalogue.all, filtered: false)
        var factSets = Set<UInt64>()
        var total = 0
        for profile in SDKProfile.all {
            let inspector = Inspector(options: InspectionOptions(profile: profile))
            for payload in payloads() {
                let document = inspector.inspect(Array(payload.utf8), source: "p.json")
                for message in document.messages { factSets.insert(MessageFacts.of(message).rawValue) }
                let expected = findings(everything, document)
                total += expected.count
                XCTAssertEqual(findings(filtered, document), expected, payload)
            }
        }
        // The payloads reach the buttons, carousel and inbox facts alone and together, every
        // fact a rule needs, and messages without it; and the rules find something.
        XCTAssertTrue(Set(factSets.map { $0 & 7 }).isSuperset(of: [0, 1, 2, 3, 4, 5, 6, 7]), "\(factSets.sorted())")
        var registry = RuleCheckRegistry()
        for rule in RuleCatalogue.all { rule.register(in: &registry) }
        let asked = registry.messageNeeds.reduce(MessageFacts()) { $0.union($1) }.rawValue
        let reached = factSets.reduce(0) { $0 | $1 }
        let lacked = factSets.reduce(0) { $0 | ~$1 }
        XCTAssertEqual(asked & reached, asked, "facts never reached: \(String(asked & ~reached, radix: 2))")
        XCTAssertEqual(asked & lacked, asked, "facts always reached: \(String(asked & ~lacked, radix: 2))")
        XCTAssertGreaterThan(total, 500)
    }
}
