import XCTest
@testable import InboxModel
@testable import InboxCore

/// A document parsed where it was read, in a chunk (`Inspector.inspect(_:in:)`, how NDJSON
/// lines are parsed), is the document parsed from an array of its bytes: the same messages
/// and findings, at the same positions and pointers, whatever lies around it in the chunk.
final class InputChunkTests: XCTestCase {
    /// Every finding of a document, in order, as text. (The inspector and analyzer are made
    /// by each test, not kept by the test case, which XCTest on Linux never frees.)
    private func findings(_ document: InspectedDocument, _ analyzer: Analyzer) -> [String] {
        let diagnostics = analyzer.diagnose(document)
        return diagnostics.all.map {
            "\($0.severity) \($0.code) \($0.line):\($0.column) \($0.pointer) \($0.source) \($0.message)"
        } + ["messages \(document.messages.count) empty \(document.isEmpty) parsed \(document.document != nil)"]
    }

    func testInPlaceParsesAreArrayParses() {
        let inspector = Inspector(options: InspectionOptions())
        let analyzer = Analyzer(ordersByPosition: true)
        var inputs = [
            #"{"aps": {"alert": {"title": "Hi", "body": "There"}}, "data": {"title": "x"}}"#,
            #"{"notification": {"title": "T", "body": "B", "image": "http://x/y.png"}, "data": {"buttons": "[{\"id\": 1}]"}}"#,
            #"{"aps": {"alert": "é ü 日本"}, "data": {"title": "\u00e9\n", "deeplink": "app://a b"}}"#,
            "\u{FEFF}{\"aps\": {\"alert\": \"bom\"}}",
            "{\"aps\":\n {\"alert\": \"two lines\"},\r\n \"data\": 1}",
            #"{"aps": {"alert": "x"}, "aps": 1}"#,
            #"{"aps": {"alert": "unterminated}"#,
            #"[{"aps": {"alert": "a"}}, {"aps": {"alert": "b"}}, 3]"#,
            "   ", "\r\r", "{}", "[]", "nul", "{\"data\": {\"payload\": \"{\\\"title\\\": 1, \\\"x\\\": [}\"}}",
        ]
        var generator = SeededGenerator(state: 1130)
        for _ in 0..<60 {
            let title = String(repeating: "t", count: Int.random(in: 0...40, using: &generator))
            let url = Bool.random(using: &generator) ? "https://example.com/\(title).png" : "ftp:/\(title)"
            inputs.append(#"{"aps": {"alert": {"title": "\#(title)"}, "mutable-content": \#(Int.random(in: 0...2, using: &generator))}, "#
                          + #""data": {"image": "\#(url)", "buttons": "[{\"title\": \"\#(title)\", \"url\": \"\#(url)\"}]"}}"#)
        }
        for (index, input) in inputs.enumerated() {
            let bytes = Array(input.utf8)
            let expected = findings(inspector.inspect(bytes, source: "in.ndjson", firstLine: index + 1), analyzer)
            // Bytes around the document in the chunk (other lines, junk) are never read.
            for padding in [0, 1, 17] {
                let around = [UInt8](repeating: UInt8(ascii: "{"), count: padding)
                let chunk = InputChunk(copying: around + bytes + around + [UInt8(ascii: "{")])
                let document = inspector.inspect(ChunkBytes(chunk, padding..<padding + bytes.count), source: "in.ndjson",
                                                 firstLine: index + 1)
                XCTAssertEqual(findings(document, analyzer), expected, "input \(index), padding \(padding)")
            }
        }
    }

    /// The document keeps its chunk: its values read the chunk's bytes after every other
    /// reference to it is gone.
    func testTheDocumentKeepsItsChunk() throws {
        let bytes = Array(#"{"title": "kept"}"#.utf8)
        var chunk: InputChunk? = InputChunk(copying: bytes)
        weak var watched = chunk
        let parsed = try JSONDocument.parse(ChunkBytes(XCTUnwrap(chunk), 0..<bytes.count)).get()
        chunk = nil
        XCTAssertNotNil(watched)
        XCTAssertEqual(parsed.root["title"]?.string, "kept")
    }
}
