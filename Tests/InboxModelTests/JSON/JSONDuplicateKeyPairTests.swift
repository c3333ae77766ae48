import XCTest
@testable import InboxModel
@testable import InboxCore

/// Duplicate keys are found through key signatures, a filter of 64 bits per object and, past
/// `JSONParser.linearKeyLimit` members, a hash table: the warnings must be exactly those a
/// comparison of every pair of keys gives.
final class JSONDuplicateKeyPairTests: JSONTestCase {
    func testDuplicateWarningsMatchAComparisonOfEveryPair() throws {
        // Keys from a small pool so repeats are frequent: every length up to 20, near misses
        // differing only in a middle byte (same length and first byte, so the same signature), escaped
        // spellings of plain keys, non-ASCII keys and the empty key.
        let plain = (0 ... 20).map { String(repeating: "k", count: $0) }
            + ["abcdefgh1ijklmnop", "abcdefgh2ijklmnop", "caf\u{e9}", "\u{65e5}\u{672c}", "key0", "key1"]
        var spellings: [(source: String, decoded: String)] = plain.map { ($0, $0) }
        spellings += [(#"\u006b"#, "k"), (#"kk\u006bkkkkkkk"#, "kkkkkkkkkk"), (#"caf\u00e9"#, "caf\u{e9}"),
                      (#"key\u0030"#, "key0"), (#"\/"#, "/"), ("/", "/")]
        var generator = SeededGenerator(state: 4017)
        for round in 0 ..< 400 {
            let members = (0 ..< Int.random(in: 1 ... 24, using: &generator)).map { _ in
                spellings.randomElement(using: &generator) ?? spellings[0]
            }
            // The object is the whole input half of the time, so its last keys sit near the end.
            let object = "{" + members.enumerated().map { "\"\($0.element.source)\":\($0.offset)" }.joined(separator: ",") + "}"
            let text = round % 2 == 0 ? object : "[\(object), 0]"
            let document = try jtParse(text)
            var expected: [String] = []
            for (index, member) in members.enumerated() where members[..<index].contains(where: { $0.decoded == member.decoded }) {
                let pointer = (round % 2 == 0 ? "" : "/0") + "/" + member.decoded.replacingOccurrences(of: "~", with: "~0")
                    .replacingOccurrences(of: "/", with: "~1")
                expected.append(pointer)
            }
            XCTAssertEqual(document.warnings.map(\.pointer), expected, text)
        }
    }
}
