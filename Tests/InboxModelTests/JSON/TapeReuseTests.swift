import XCTest
@testable import InboxModel
@testable import InboxCore

/// Parses that reuse tape memory (`TapeReuse`, used by the pipeline with one job) must
/// produce exactly the tapes and findings of fresh parses, and must never write into the
/// tape of a document still held.
final class TapeReuseTests: XCTestCase {
    /// Every field of every node, for comparing two tapes.
    private func nodes(of document: JSONDocument) -> [String] {
        (0 ..< document.nodes.count).map { index in
            let node = document.nodes[index]
            return [node.start, node.end, node.link, node.count, node.parent, node.slot].map(String.init).joined(separator: " ")
                + " \(node.kind) \(node.flags)"
        }
    }

    private func parsed(_ bytes: [UInt8], tapes: TapeReuse?) -> Result<JSONDocument, JSONIssue> {
        JSONDocument.parse(bytes, tapes: tapes)
    }

    /// A random JSON value: scalars, strings with escapes, arrays and objects, up to `depth` deep.
    private func value(_ generator: inout SeededGenerator, depth: Int) -> String {
        switch Int.random(in: 0 ..< (depth > 0 ? 8 : 5), using: &generator) {
        case 0: return ["null", "true", "false"].randomElement(using: &generator) ?? "null"
        case 1: return String(Int.random(in: -1000 ... 1000, using: &generator))
        case 2: return ["\"a\"", "\"caf\\u00e9\"", "\"line\\nbreak\"", "\"\"", "\"https://example.com/x\""]
            .randomElement(using: &generator) ?? "\"\""
        case 3: return "1.5e3"
        case 4: return "\"\(String(repeating: "x", count: Int.random(in: 0 ... 40, using: &generator)))\""
        case 5, 6:
            let count = Int.random(in: 0 ... (depth > 2 ? 40 : 6), using: &generator)
            let members = (0 ..< count).map { index in "\"k\(index % 7)\": \(value(&generator, depth: depth - 1))" }
            return "{" + members.joined(separator: ", ") + "}"
        default:
            let count = Int.random(in: 0 ... (depth > 2 ? 60 : 6), using: &generator)
            return "[" + (0 ..< count).map { _ in value(&generator, depth: depth - 1) }.joined(separator: ",") + "]"
        }
    }

    /// A document: a notification-like object whose `data` is JSON in a string (parsed
    /// nested, so two tapes are in use at once), sometimes large, sometimes broken.
    private func document(_ generator: inout SeededGenerator) -> [UInt8] {
        let nested = value(&generator, depth: 2)
        let escaped = nested.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var text = #"{"content": "hi", "data": "\#(escaped)", "extra": \#(value(&generator, depth: 4))}"#
        if Int.random(in: 0 ..< 10, using: &generator) == 0 { text.removeLast() } // a syntax error
        return Array(text.utf8)
    }

    func testReusedTapesMatchFreshOnesAndHeldOnesAreNotOverwritten() throws {
        var generator = SeededGenerator(state: 71)
        let tapes = TapeReuse()
        // Documents held while later ones are parsed: their tapes must not be handed out.
        var held: [(document: JSONDocument, nested: JSONDocument?, expected: [String], expectedNested: [String]?,
                    expectedText: String?)] = []
        var parsedCount = 0
        for _ in 0 ..< 1000 {
            let bytes = document(&generator)
            let fresh = parsed(bytes, tapes: nil)
            let reused = parsed(bytes, tapes: tapes)
            switch (fresh, reused) {
            case let (.success(freshDocument), .success(reusedDocument)):
                parsedCount += 1
                XCTAssertEqual(nodes(of: reusedDocument), nodes(of: freshDocument))
                XCTAssertEqual(reusedDocument.root.compactJSON, freshDocument.root.compactJSON)
                let freshNested = try? freshDocument.root["data"]?.parseNested()?.get()
                let reusedNested = try? reusedDocument.root["data"]?.parseNested()?.get()
                XCTAssertEqual(reusedNested.map(nodes(of:)), freshNested.map(nodes(of:)))
                XCTAssertEqual(reusedNested?.root.compactJSON, freshNested?.root.compactJSON)
                if Int.random(in: 0 ..< 5, using: &generator) == 0 {
                    held.append((reusedDocument, reusedNested, nodes(of: freshDocument), freshNested.map(nodes(of:)),
                                 freshNested?.root.compactJSON))
                }
            case let (.failure(freshIssue), .failure(reusedIssue)):
                XCTAssertEqual(reusedIssue.message, freshIssue.message)
                XCTAssertEqual(reusedIssue.position.offset, freshIssue.position.offset)
            default:
                XCTFail("the parses disagree on \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(parsedCount, 700)
        XCTAssertGreaterThan(held.count, 80)
        for entry in held {
            XCTAssertEqual(nodes(of: entry.document), entry.expected)
            XCTAssertEqual(entry.nested.map(nodes(of:)), entry.expectedNested)
            // A held nested document's decoded input is not written over by later ones.
            XCTAssertEqual(entry.nested?.root.compactJSON, entry.expectedText)
        }
    }

    /// A freed nested document's decoded input is where the next one is decoded, and one
    /// still held keeps its own.
    func testTheNextNestedDocumentTakesTheFreedBytes() throws {
        let tapes = TapeReuse()
        let bytes = Array(#"{"data": "{\"a\": [1, \"x\\ty\"]}", "u": "{\"b\": 2}"}"#.utf8)
        let outer = try parsed(bytes, tapes: tapes).get()
        var first: JSONDocument? = try XCTUnwrap(outer.root["data"]?.parseNested()).get()
        let base = first?.input.baseAddress
        XCTAssertEqual(first?.root["a"]?[1]?.string, "x\ty")
        first = nil
        let second = try XCTUnwrap(outer.root["u"]?.parseNested()).get()
        XCTAssertEqual(second.input.baseAddress, base)
        let third = try XCTUnwrap(outer.root["data"]?.parseNested()).get()
        XCTAssertNotEqual(third.input.baseAddress, second.input.baseAddress)
        XCTAssertEqual(second.root.compactJSON, #"{"b":2}"#)
        XCTAssertEqual(third.root["a"]?[1]?.string, "x\ty")
        XCTAssertEqual(second.byteCount, 8)
    }

    /// The memory of a freed document's tape is what the next parse writes into.
    func testTheNextParseTakesTheFreedTape() throws {
        let tapes = TapeReuse()
        let bytes = Array(#"{"a": [1, 2, 3], "b": {"c": "d"}}"#.utf8)
        var first: JSONDocument? = try parsed(bytes, tapes: tapes).get()
        let base = first?.nodes.base
        first = nil
        let second = try parsed(bytes, tapes: tapes).get()
        XCTAssertEqual(second.nodes.base, base)
        // Without reuse, the held document's tape is not offered.
        let third = try parsed(bytes, tapes: tapes).get()
        XCTAssertNotEqual(third.nodes.base, second.nodes.base)
    }

    /// A tape given back on another thread than the reuse's owner is freed, not kept:
    /// only the owner touches the spares.
    func testATapeFreedOnAnotherThreadIsNotKept() throws {
        let tapes = TapeReuse()
        let bytes = Array(#"[1, 2, 3]"#.utf8)
        let box = DocumentBox(try parsed(bytes, tapes: tapes).get())
        let freed = expectation(description: "freed on another thread")
        Thread {
            box.document = nil
            freed.fulfill()
        }.start()
        wait(for: [freed], timeout: 10)
        XCTAssertEqual(tapes.keptCount, 0)
        var document: JSONDocument? = try parsed(bytes, tapes: tapes).get()
        XCTAssertNotNil(document)
        document = nil
        XCTAssertEqual(tapes.keptCount, 1)
    }

    /// Inspected and checked with reuse, documents give the same findings as without.
    func testInspectionWithReuseGivesTheSameFindings() {
        var generator = SeededGenerator(state: 72)
        let inspector = Inspector(options: InspectionOptions())
        let analyzer = Analyzer(ordersByPosition: true)
        let tapes = TapeReuse()
        for _ in 0 ..< 500 {
            let bytes = document(&generator)
            let fresh = analyzer.diagnose(inspector.inspect(bytes, source: "t.json")).all
            let reused = analyzer.diagnose(inspector.inspect(bytes, source: "t.json", tapes: tapes)).all
            XCTAssertEqual(reused.map { "\($0.code) \($0.pointer) \($0.line):\($0.column) \($0.message)" },
                           fresh.map { "\($0.code) \($0.pointer) \($0.line):\($0.column) \($0.message)" })
        }
    }
}

/// Hands a document to another thread to be freed there.
private final class DocumentBox: @unchecked Sendable {
    var document: JSONDocument?

    init(_ document: JSONDocument?) {
        self.document = document
    }
}
