import XCTest
@testable import InboxModel
@testable import InboxCore

/// Reading a message's fast paths against the general ways they replace: the notification
/// keys classified by a switch (`NotificationKeys`) against the `MemberNames` lookup, and
/// the size estimate skipped under its bound against the estimate measured.
final class ReadingFastPathTests: JSONTestCase {
    /// Every key's name is classified at its position: its written-out words are its
    /// name's. A failure prints the words the name needs (`KeyBytes.head` / `tail`).
    func testEveryKeyIsFoundAtItsPosition() {
        let keys = NotificationKeys.Key.allCases
        XCTAssertLessThanOrEqual(keys.count, 16, "MemberValues holds 16 positions")
        XCTAssertEqual(Set(NotificationKeys.names).count, keys.count, "names are distinct")
        for key in keys {
            let bytes = Array(key.name.utf8)
            let position = bytes.withSpan { NotificationKeys.position($0, from: 0, length: $0.count) }
            func word(_ part: ArraySlice<UInt8>) -> String { "0x" + String(ShortNames.word(part), radix: 16, uppercase: true) }
            XCTAssertEqual(position, key.rawValue, """
                \(key.name): head \(word(bytes.prefix(8))), tail \(word(bytes.suffix(8))), \
                bytes 8..<16 \(word(bytes.dropFirst(8).prefix(8)))
                """)
        }
    }

    /// The classifier finds what `MemberNames` finds on generated objects: every name,
    /// each with every byte changed, cut short or lengthened, keys with escapes (some
    /// spelling a name), repeated keys, keys at the very end of the input, non-objects.
    func testNotificationKeysAgreeWithMemberNames() throws {
        let general = MemberNames(NotificationKeys.names)
        var candidates: [String] = ["", "a", "u", "aps_", "dat", "inbox_dat", "inbox_dayz", "ios_category_custon"]
        for name in NotificationKeys.names {
            candidates += [name, name + "x", String(name.dropLast()), String(name.dropFirst()), name.uppercased()]
            let bytes = Array(name.utf8)
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x01
                candidates.append(String(decoding: changed, as: UTF8.self))
            }
        }
        /// A key as written in JSON: plain, or with its first letter escaped.
        func written(_ key: String, escaped: Bool) -> String {
            guard escaped, let first = key.unicodeScalars.first else { return JSONText.quote(key) }
            let rest = JSONText.quote(String(key.unicodeScalars.dropFirst()))
            let hex = String(first.value, radix: 16)
            return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + rest.dropFirst()
        }
        var generator = SeededGenerator(state: 0x6E6F_7469_6669)
        var texts = ["{}", "[1, 2]", "\"data\"", "3", #"{"data": 1, "data": 2}"#, #"{"d\u0061ta": 1, "data": 2, "d\u0061ta": 3}"#]
        for _ in 0 ..< 600 {
            let count = Int.random(in: 1 ... 12, using: &generator)
            let members = (0 ..< count).map { index -> String in
                let key = candidates.randomElement(using: &generator) ?? ""
                return written(key, escaped: Int.random(in: 0 ..< 8, using: &generator) == 0) + ":" + String(index)
            }
            texts.append("{" + members.joined(separator: ",") + "}")
        }
        for text in texts {
            let value = try jtRoot(text)
            let fast = NotificationKeys.members(of: value)
            let slow = value.members(general)
            for position in NotificationKeys.names.indices {
                XCTAssertEqual(fast.node(position), slow.node(position), "\(NotificationKeys.names[position]) in \(text)")
            }
        }
    }

    /// The bound's fixed part is the text the notification estimate writes around values.
    func testSizeBoundOverheadIsTheEstimatesOwnText() {
        let texts = [#"{"aps":{"alert":{},"mutable-content":1}}"#, #","category":"#, #","u":"#, #""image":,"#,
                     #""title":"#, #""body":,"#]
        XCTAssertEqual(APNsSizeEstimate.boundOverhead,
                       texts.reduce(0) { $0 + $1.utf8.count } + APNsSizeEstimate.providerAllowance)
    }

    /// The bound is never below the estimate, and an inspected message keeps an estimate
    /// exactly when it may be over the threshold, the same one measured: on generated
    /// notifications of every size around the threshold, with escapes, localised texts,
    /// `data` as an object or a string, root params and their `aps`, non-string values.
    func testSizeBoundNeverUnderTheEstimate() throws {
        var generator = SeededGenerator(state: 0x6170_6E73)
        let pieces = ["a", "é", "\\u00e9", "\\/", "\\n", "\\\"", "\\u0001", "😀", "\\ud83d\\ude00", " ", "x/y"]
        func text(_ length: Int) -> String {
            "\"" + (0 ..< length).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined() + "\""
        }
        func value(_ length: Int) -> String {
            switch Int.random(in: 0 ..< 6, using: &generator) {
            case 0: return "null"
            case 1: return "[1, 2.50, true, \(text(length / 4))]"
            case 2: return "{ \"k\" : \(text(length)), \"n\": 3 }"
            default: return text(length)
            }
        }
        let threshold = APNsSizeEstimate.warningThreshold
        var measured = 0, over = 0
        for _ in 0 ..< 400 {
            let scale = Int.random(in: 0 ... 1600, using: &generator)
            var members: [String] = []
            if Bool.random(using: &generator) {
                members.append(#""ios_title": "# + (Bool.random(using: &generator) ? text(scale / 8)
                    : #"{"en": \#(text(scale / 8)), "de": \#(text(scale / 6))}"#))
            }
            if Bool.random(using: &generator) { members.append(#""content": "# + text(scale / 4)) }
            if Bool.random(using: &generator) { members.append(#""inbox_image": "# + value(scale / 10)) }
            if Bool.random(using: &generator) { members.append(#""ios_category_custom": "# + value(8)) }
            switch Int.random(in: 0 ..< 4, using: &generator) {
            case 0: members.append(#""data": {"displayType": "banner", "k": "# + value(scale) + "}")
            case 1: members.append(#""data": "{\"k\": \""# + text(scale / 2).dropFirst().dropLast() + #"\"}""#)
            case 2: members.append(#""data": "# + value(scale / 2))
            default: break
            }
            if Bool.random(using: &generator) {
                members.append(#""ios_root_params": {"aps": {"sound": "# + value(12) + #", "alert": 1}, "r": "# + value(scale / 5) + "}")
            }
            members.append(#""inbox_days": 3"#)
            let json = "{" + members.joined(separator: ", ") + "}"
            let document = Inspector(options: InspectionOptions()).inspect(Array(json.utf8), source: "t.json")
            let inspected = try XCTUnwrap(document.messages.first, json)
            let exact = try XCTUnwrap(APNsSizeEstimate.estimate(inspected.message), json)
            XCTAssertGreaterThanOrEqual(APNsSizeEstimate.notificationBound(inspected.fields), exact.bytes, json)
            if exact.bytes > threshold {
                over += 1
                XCTAssertEqual(inspected.sizeEstimate?.bytes, exact.bytes, json)
                XCTAssertEqual(inspected.sizeEstimate?.parts.count, exact.parts.count, json)
            }
            if let kept = inspected.sizeEstimate {
                measured += 1
                XCTAssertEqual(kept.bytes, exact.bytes, json)
            }
        }
        XCTAssertGreaterThan(over, 10, "some generated messages are over the threshold")
        XCTAssertGreaterThan(measured, over, "some are measured under it")
    }
}
