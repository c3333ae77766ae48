import XCTest
@testable import InboxModel
@testable import InboxCore

/// A finding's pointer is measured and written in one walk (`PointerPath`); it must equal
/// the value's own pointer (`JSONValue.pointer`, the tape's two walks) for every value:
/// names with `~` and `/` anywhere, names written with JSON escapes (the general path),
/// names at the very end of the input, element indexes of several digits, values deeper
/// than the path's room, and a document's pointer prefix.
final class PointerPathTests: JSONTestCase {
    private static let documents = RandomPointerJSON(
        pieces: ["a", "b", "~", "/", "\u{e9}", #"\u0041"#, #"\/"#, "xyzxyzx", "longer-name"], maxDepth: 4, maxElements: 14)

    func testFindingPointersEqualValuePointersForEveryValue() throws {
        var generator = SeededGenerator(state: 7207)
        var checked = 0
        for round in 0 ..< 300 {
            let text = Self.documents.value(using: &generator)
            let document = try jtParse(round % 2 == 0 ? text : text + "  ")
            checked += try checkEveryValue(of: document, text: text)
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testNamesAtTheVeryEndOfTheInput() throws {
        for length in 0 ... 17 {
            for filler in ["k", "~", "/", "\u{e9}"] {
                let key = String(repeating: filler, count: length)
                let document = try jtParse("{\"\(key)\":{\"\(key)\":1}}")
                _ = try checkEveryValue(of: document, text: key)
            }
        }
    }

    func testDeepValuesAndLongArraysTakeTheRightPath() throws {
        // Deeper than the path's room: the general path; a long array: indexes of three digits.
        let deep = String(repeating: "{\"k/\":[", count: 30) + "1" + String(repeating: "]}", count: 30)
        _ = try checkEveryValue(of: try jtParse(deep), text: "deep")
        let long = "[" + (0 ..< 1200).map { "{\"n~\($0)\":\($0)}" }.joined(separator: ",") + "]"
        _ = try checkEveryValue(of: try jtParse(long), text: "long")
    }

    func testThePointerPrefixOfABatchElementComesFirst() throws {
        guard case let .success(document) = JSONDocument.parse(Array("{\"a\":[1,{\"b~/\":2}]}".utf8),
                                                               pointerPrefix: "/request/notifications/7") else {
            return XCTFail("the element does not parse")
        }
        kept(document)
        XCTAssertEqual(try checkEveryValue(of: document, text: "prefixed"), 5)
    }

    /// A name is tested for `~` and `/` in the words its copy loads: one such byte at any
    /// place of a name of any length up to 40 (bytes, short words, words that overlap, runs
    /// of several words) sends the pointer to the general path, which escapes it.
    func testATildeOrSlashAnywhereInANameIsEscaped() throws {
        var checked = 0
        for length in 1 ... 40 {
            for place in 0 ..< length {
                for mark in ["~", "/"] {
                    var name = Array(repeating: "n", count: length)
                    name[place] = mark
                    let key = name.joined()
                    let document = try jtParse("{\"\(key)\":{\"\(key)\":[1,{\"\(key)\":2}]}}")
                    checked += try checkEveryValue(of: document, text: key)
                }
            }
        }
        XCTAssertEqual(checked, (40 * 41 / 2) * 2 * 6) // six values a document, for every place and mark
    }

    /// Names and rule codes of up to sixteen bytes are copied in overlapping words: every
    /// length, at the very start and end of both buffers, copies exactly its bytes and
    /// leaves every byte around the target as it was.
    func testShortCopiesWriteExactlyTheirBytes() {
        let source = (0 ..< 40).map { UInt8(0x41 + $0) }
        for count in 0 ... 40 {
            for offset in Set([0, 40 - count]) {
                var target = [UInt8](repeating: 0, count: count + 2)
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in
                        guard let from = from.baseAddress, let to = to.baseAddress else { return }
                        ByteCopy.copy(from + offset, to: to + 1, count: count)
                    }
                }
                XCTAssertEqual(target, [0] + Array(source[offset ..< offset + count]) + [0], "\(count) at \(offset)")
            }
        }
    }

    // MARK: - Helpers

    /// Adds a finding at every value of `document` and compares its pointer with the
    /// value's; returns how many values were checked.
    private func checkEveryValue(of document: JSONDocument, text: String) throws -> Int {
        let rule = RuleDescription(code: "IK999", severity: .info, title: "t", explanation: "e", triggers: [], passes: [])
        var report = Report(source: "s")
        var expected: [String] = []
        for index in 0 ..< document.nodes.count where !RandomPointerJSON.isKey(index, in: document) {
            let value = JSONValue(document: document, index: index)
            report.add(rule, at: value, "at \(index)")
            expected.append(value.pointer)
        }
        let pointers = report.takeDiagnostics(more: false).map(\.pointer)
        XCTAssertEqual(pointers, expected, text)
        return expected.count
    }
}
