import XCTest
@testable import InboxModel
@testable import InboxCore

/// Pointers are written straight from the tape (`Tape.writePointer`, measured first by
/// `Tape.pointerLength`): every pointer must equal one built from the decoded keys, for keys
/// with escapes, "~" and "/" anywhere and keys at the very end of the input.
final class JSONPointerWriteTests: JSONTestCase {
    /// Key pieces: plain and non-ASCII bytes, the two bytes a pointer escapes, and escapes
    /// of the JSON string (a decoded key is compared, so `\u0041` is "A" and `\/` is "/").
    private static let documents = RandomPointerJSON(
        pieces: ["a", "b", "~", "/", "\u{e9}", #"\u0041"#, #"\/"#, "xyzxyzx"], maxDepth: 3, maxElements: 12)

    func testPointersOfEveryValueEqualThoseBuiltFromDecodedKeys() throws {
        var generator = SeededGenerator(state: 6017)
        var checked = 0
        for round in 0 ..< 300 {
            let text = Self.documents.value(using: &generator)
            // Half the documents end right after the last key's value, so keys sit near the end.
            let document = try jtParse(round % 2 == 0 ? text : text + "   ")
            for index in 0 ..< document.nodes.count where !RandomPointerJSON.isKey(index, in: document) {
                let value = JSONValue(document: document, index: index)
                XCTAssertEqual(value.pointer, Self.referencePointer(of: index, in: document), text)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testPointersOfKeysAtTheVeryEndOfTheInput() throws {
        // The last key is as close to the end as JSON allows; its last word cannot be read whole.
        for length in 0 ... 17 {
            for filler in ["k", "~", "/"] {
                let key = String(repeating: filler, count: length)
                let document = try jtParse("{\"\(key)\":1}")
                let expected = "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                XCTAssertEqual(document.root.members.first?.value.pointer, expected)
            }
        }
    }

    // MARK: - Helpers

    /// The pointer built from decoded key strings and element slots.
    private static func referencePointer(of index: Int, in document: JSONDocument) -> String {
        var tokens: [String] = []
        var i = index
        while i > 0 {
            let parent = Int(document.nodes[i].parent)
            if document.nodes[parent].kind == .object {
                let key = Tape.string(document.nodes[i - 1], document.input)
                tokens.append(key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
            } else {
                tokens.append(String(document.nodes[i].slot))
            }
            i = parent
        }
        return tokens.reversed().map { "/" + $0 }.joined()
    }
}
