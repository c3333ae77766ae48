import XCTest
@testable import InboxModel
@testable import InboxCore

/// `SecretScan.members` compares only keys of the right length (or with escapes); it must
/// still find every member so named, escaped or nested, and nothing else.
final class SecretScanTests: XCTestCase {
    private func pointers(_ text: String, key: String = "auth") throws -> [String] {
        let inspected = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let document = try XCTUnwrap(inspected.document)
        return SecretScan.members(named: key, in: document).map(\.pointer)
    }

    func testFindsEveryMemberSoNamed() throws {
        XCTAssertEqual(try pointers(#"{"auth": "a", "data": {"x": [{"auth": 1}]}, "authx": 2}"#), ["/auth", "/data/x/0/auth"])
        XCTAssertEqual(try pointers(#"{"\u0061uth": "a", "b": "\"quoted\""}"#), ["/auth"], "spelled with an escape")
        XCTAssertEqual(try pointers(#"{"au\u0074h": "a"}"#), ["/auth"])
    }

    func testTextWithoutTheKeyHasNone() throws {
        XCTAssertEqual(try pointers(#"{"content": "x", "data": {"auth0": 1}}"#), [])
        XCTAssertEqual(try pointers(#"{"content": "auth", "list": ["auth"]}"#), [], "values are not keys")
        XCTAssertEqual(try pointers(#"{"content": "a\nb"}"#), [], "a backslash alone finds nothing")
        XCTAssertEqual(try pointers(#"{"": 1, "a": {"": 2}}"#, key: ""), ["/", "/a/"])
    }

    /// The key summary that spares the walk must let through every document that holds the
    /// key, wherever it is and however it is spelled.
    func testFindsTheKeyAfterAnyContent() throws {
        for padding in 0 ..< 40 {
            let filler = String(repeating: "x", count: padding)
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "auth": 1}"#), ["/auth"], "padding \(padding)")
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "a\u0075th": 1}"#), ["/auth"], "padding \(padding)")
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "authx": 1, "au": 2, "\"a": 3}"#), [], "padding \(padding)")
        }
    }
}

/// The parser's key summary (`KeySignature`): its "no" must be exact for every key of every
/// object, written plainly or with escapes, so `SecretScan` finds what a full walk finds.
final class KeySummaryTests: JSONTestCase {
    /// Every key of every object of `document`, decoded, duplicates included, in document
    /// order: read off the tape one node at a time (checking the signature in each key node).
    private func allKeys(_ document: JSONDocument) -> [String] {
        var keys: [String] = []
        let nodes = document.nodes
        for index in 0 ..< nodes.count where nodes[index].kind == .object {
            var key = index + 1
            for _ in 0 ..< Int(nodes[index].count) {
                var name = Tape.string(nodes[key], document.input)
                // Every key node holds the signature of its decoded key.
                XCTAssertEqual(UInt32(bitPattern: nodes[key].count), name.withUTF8 { KeySignature.of($0) }, name)
                keys.append(name)
                key = Int(nodes[key + 1].link)
            }
        }
        return keys
    }

    func testSummaryHasABitForEveryKeyOfEveryObject() throws {
        // Plain and escaped spellings, near misses of the same length or first byte, the
        // empty key, non-ASCII keys, and objects past the linear duplicate check's limit.
        let spellings = ["auth", #"a\u0075th"#, #"\u0061uth"#, "aut", "authx", "bauth", "data", "", #"\u00e9"#,
                         "\u{e9}", "x/y", #"x\/y"#, "k", "kk", "kkk", "alert", "aps", "zzzzzzzzzzzzzzzzzzzzz"]
        let names = ["auth", "aut", "authx", "bauth", "data", "", "\u{e9}", "x/y", "k", "kk", "kkk", "alert", "aps",
                     "zzzzzzzzzzzzzzzzzzzzz", "absent", "autj", "\u{e8}"]
        var generator = SeededGenerator(state: 9017)
        func object(_ depth: Int) -> String {
            let count = Int.random(in: 0 ... (depth == 0 ? 20 : 4), using: &generator)
            let members = (0 ..< count).map { index -> String in
                let key = spellings.randomElement(using: &generator) ?? "k"
                let value = depth < 2 && Int.random(in: 0 ..< 4, using: &generator) == 0
                    ? (Int.random(in: 0 ..< 2, using: &generator) == 0 ? object(depth + 1) : "[\(object(depth + 1))]")
                    : "\(index)"
                return "\"\(key)\":\(value)"
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        for _ in 0 ..< 500 {
            let text = object(0)
            let document = try jtParse(text)
            let keys = allKeys(document)
            for name in names {
                var name = name
                let mayHave = name.withUTF8 { document.mayHaveKey(named: $0) }
                if keys.contains(name) { XCTAssertTrue(mayHave, "\(name) in \(text)") }
                XCTAssertEqual(SecretScan.members(named: name, in: document).count, keys.filter { $0 == name }.count,
                               "\(name) in \(text)")
            }
        }
    }

    func testSummaryOfADocumentWithoutObjectsIsEmpty() throws {
        XCTAssertEqual(try jtParse("[1, \"auth\", [[]]]").keySummary, 0)
        XCTAssertEqual(try jtParse("\"auth\"").keySummary, 0)
    }
}
