import XCTest

/// `resolve --format json` and `buttons --format json` keep the BEHAVIOUR §8 contract, key for
/// key and in order, for every file in Examples/.
final class ResolveContractTests: XCTestCase {
    static let resolveKeys = ["source", "pointer", "line", "column", "shape", "code", "title", "body", "image", "language",
                              "displayType", "requested", "requestedBy", "layout", "degraded", "reason", "reasons", "pinned",
                              "buttons", "buttonsRendered", "slides", "video", "wallet", "delivery", "diagnostics"]
    static let buttonsKeys = ["source", "pointer", "line", "column", "layout", "buttons", "buttonsRendered", "delivery",
                              "diagnostics"]
    static let kinds: Set<String> = ["banner", "captioned", "classic", "carousel", "video", "wallet"]
    static let reasons: Set<String> = ["no image", "no title", "no body", "no slides", "no video descriptor", "no pass URL"]
    static let actions: Set<String> = ["openURL", "dismiss", "markRead", "custom"]

    /// The keys of each message object, in output order, read from the text (Foundation's
    /// parser does not keep key order).
    static func keyOrder(_ output: String, messageKeyIndent: Int) -> [[String]] {
        var messages: [[String]] = []
        let prefix = String(repeating: " ", count: messageKeyIndent) + "\""
        var inMessages = false
        for line in output.split(separator: "\n") {
            if line == "  \"messages\": [" { inMessages = true; continue }
            if line == "  ]," || line == "  ]" { inMessages = false }
            guard inMessages else { continue }
            if line == String(repeating: " ", count: messageKeyIndent - 2) + "{" { messages.append([]) }
            guard line.hasPrefix(prefix), !messages.isEmpty else { continue }
            let rest = line.dropFirst(prefix.count)
            guard let end = rest.firstIndex(of: "\"") else { continue }
            messages[messages.count - 1].append(String(rest[..<end]))
        }
        return messages
    }

    /// `"delivery": {"inbox", "ios", "card", "intended", "reasons"}`: a card only when it shows.
    private func checkDelivery(_ value: Any?, _ where: String) {
        guard let delivery = value as? [String: Any] else { return XCTFail("no delivery: \(`where`)") }
        XCTAssertEqual(Set(delivery.keys), ["inbox", "ios", "card", "intended", "reasons"], `where`)
        let shows = (delivery["inbox"] as? Bool ?? false) && (delivery["ios"] as? Bool ?? false)
        if shows {
            XCTAssertTrue(Self.kinds.contains(delivery["card"] as? String ?? ""), `where`)
        } else {
            XCTAssertTrue(delivery["card"] is NSNull, `where`)
        }
        XCTAssertTrue(delivery["intended"] is NSNull || Self.kinds.contains(delivery["intended"] as? String ?? ""), `where`)
        XCTAssertNotNil(delivery["reasons"] as? [String], `where`)
    }

    private func check(_ button: [String: Any], _ where: String) {
        XCTAssertNotNil(button["title"] as? String, `where`)
        let action = button["action"] as? String ?? ""
        XCTAssertTrue(Self.actions.contains(action), `where`)
        XCTAssertEqual(button["url"] != nil, action == "openURL", "url only for openURL: \(`where`)")
        XCTAssertEqual(button["payload"] != nil, action == "custom", "payload only for custom: \(`where`)")
        var keys = ["title", "action"] + (action == "openURL" ? ["url"] : action == "custom" ? ["payload"] : [])
        // What was written, beside the effective URL, only when the two differ.
        if let written = button["urlAsWritten"] as? String {
            XCTAssertNotEqual(written, button["url"] as? String, `where`)
            keys.append("urlAsWritten")
        }
        XCTAssertEqual(Set(button.keys), Set(keys), `where`)
    }

    /// `order` without the optional `…AsWritten` keys, each checked to follow its own key.
    static func contractKeys(_ order: [String], file: StaticString = #filePath, line: UInt = #line) -> [String] {
        for (index, key) in order.enumerated() where key.hasSuffix("AsWritten") {
            XCTAssertEqual(index > 0 ? order[index - 1] : nil, String(key.dropLast("AsWritten".count)), file: file, line: line)
        }
        return order.filter { !$0.hasSuffix("AsWritten") }
    }

    func testResolveContractForEveryExample() {
        for example in GoldenTests.examples() {
            let result = runCLI(["resolve", "--format", "json", "Examples/\(example)"])
            XCTAssertTrue(result.status <= 1, example)
            let object = jsonObject(result.out)
            XCTAssertEqual(object["profile"] as? String, "7.1", "the default profile")
            XCTAssertNotNil(object["tool"] as? [String: Any])
            XCTAssertNotNil(object["diagnostics"] as? [Any])
            let messages = object["messages"] as? [[String: Any]] ?? []
            let orders = Self.keyOrder(result.out, messageKeyIndent: 6)
            XCTAssertEqual(orders.count, messages.count, example)
            for order in orders { XCTAssertEqual(Self.contractKeys(order), Self.resolveKeys, example) }
            for message in messages {
                XCTAssertTrue(Self.kinds.contains(message["layout"] as? String ?? ""), example)
                XCTAssertTrue(Self.kinds.contains(message["requested"] as? String ?? ""), example)
                XCTAssertTrue(["displayType", "heuristic", "forced"].contains(message["requestedBy"] as? String ?? ""), example)
                let degraded = message["degraded"] as? Bool
                XCTAssertNotNil(degraded, example)
                let reasons = message["reasons"] as? [String]
                XCTAssertEqual(reasons?.first, message["reason"] as? String, "reason is the first of reasons: \(example)")
                XCTAssertTrue(reasons?.allSatisfy(Self.reasons.contains) ?? false, example)
                checkDelivery(message["delivery"], example)
                if let reason = message["reason"] as? String {
                    XCTAssertTrue(Self.reasons.contains(reason), example)
                    XCTAssertEqual(degraded, true)
                    XCTAssertEqual(message["layout"] as? String, "classic")
                } else {
                    XCTAssertTrue(message["reason"] is NSNull, example)
                    XCTAssertEqual(degraded, false)
                }
                XCTAssertNotNil(message["pinned"] as? Bool, example)
                XCTAssertNotNil(message["buttonsRendered"] as? Bool, example)
                for key in ["title", "body", "image", "displayType", "code"] {
                    XCTAssertTrue(message[key] is String || message[key] is NSNull, "\(example) \(key)")
                }
                for button in message["buttons"] as? [[String: Any]] ?? [] { check(button, example) }
                for slide in message["slides"] as? [[String: Any]] ?? [] {
                    XCTAssertEqual(Set(slide.keys), ["image", "title", "url"], example)
                }
                if let video = message["video"] as? [String: Any] { XCTAssertEqual(Set(video.keys), ["url", "poster"]) }
                if let wallet = message["wallet"] as? [String: Any] { XCTAssertEqual(Set(wallet.keys), ["pass"]) }
                XCTAssertNotNil(message["diagnostics"] as? [Any], example)
            }
        }
    }

    func testButtonsContractForEveryExample() {
        for example in GoldenTests.examples() {
            let result = runCLI(["buttons", "--format", "json", "Examples/\(example)"])
            XCTAssertTrue(result.status <= 1, example)
            let object = jsonObject(result.out)
            XCTAssertEqual(object["profile"] as? String, "7.1", "the default profile")
            let messages = object["messages"] as? [[String: Any]] ?? []
            let orders = Self.keyOrder(result.out, messageKeyIndent: 6)
            XCTAssertEqual(orders.count, messages.count, example)
            for order in orders { XCTAssertEqual(order, Self.buttonsKeys, example) }
            for message in messages {
                for button in message["buttons"] as? [[String: Any]] ?? [] { check(button, example) }
                checkDelivery(message["delivery"], example)
            }
        }
    }
}
