import XCTest
@testable import InboxModel

/// IK210 passes over custom-data keys this thread found harmless before (`HarmlessKeys`):
/// its findings must be the same whether a key is met for the first time or again.
final class HarmlessKeysTests: XCTestCase {
    /// App keys, misspellings (some of a harmless key's length and first letter), names,
    /// escaped and long keys, and keys sharing a memo slot often enough over a few hundred.
    private static func keys() -> [String] {
        var keys = ["campaign", "order_id", "carousel", "carrousel", "caroussel", "displaytype", "display_type",
                    "DisplayType", "dispayType", "pinned", "pined", "Pinned", "video", "vidoe", "wallet", "walet",
                    "button", "Buttons", "image", "Image", "imagen", "pw_story", "pwStories", "p\\u0069nned",
                    "c\\u0061mpaign", "a_very_long_application_key", "display_type_", "display__type__x", "x", "ca"]
        // Variants of every name read there: other cases, separators, one letter dropped or doubled.
        for name in SDKKeyTable.names(at: .customData) {
            keys += [name.lowercased(), name.uppercased(), name.prefix(1).uppercased() + name.dropFirst(),
                     name.prefix(3) + "_" + name.dropFirst(3), String(name.dropLast()), name + String(name.suffix(1))]
        }
        var generator = SeededGenerator(state: 210)
        let letters = Array("cdpbiwvaelnorsty_".utf8)
        for _ in 0 ..< 400 {
            let count = Int.random(in: 3 ... 12, using: &generator)
            keys.append(String(decoding: (0 ..< count).map { _ in letters[Int.random(in: 0 ..< letters.count, using: &generator)] },
                               as: UTF8.self))
        }
        return keys
    }

    private func reportsMisspelling(_ key: String, inspector: Inspector) -> Bool {
        let text = #"{"ios_title": "Hi", "content": "Body", "inbox_days": 3, "data": {"\#(key)": 1, "displayType": "banner"}}"#
        let document = inspector.inspect(Array(text.utf8), source: "t.json")
        return Analyzer().diagnose(document).all.contains { $0.code == "IK210" }
    }

    func testFindingsDoNotDependOnKeysSeenBefore() throws {
        let inspector = Inspector(options: InspectionOptions())
        let keys = Self.keys()
        let expected = keys.map { key -> Bool in
            let decoded = key.replacingOccurrences(of: "\\u0069", with: "i").replacingOccurrences(of: "\\u0061", with: "a")
            guard let name = SDKKeyTable.expected(for: decoded, at: .customData) else { return false }
            return name != "displayType"   // the object has it: then the key is just another key
        }
        XCTAssertGreaterThan(expected.filter { $0 }.count, 30, "the set must hold misspellings")
        // Cold, warm, and warm in another order: the same answers.
        for pass in 0 ..< 3 {
            let order = pass == 2 ? Array(keys.indices.reversed()) : Array(keys.indices)
            for index in order {
                XCTAssertEqual(reportsMisspelling(keys[index], inspector: inspector), expected[index],
                               "\(keys[index]) on pass \(pass)")
            }
        }
    }
}
