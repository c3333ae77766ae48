import Foundation
import InboxModel
import XCTest
@testable import InboxCLI

/// A large batch file is read element by element (`StreamedBatch`); these tests stream
/// small files (threshold 0) and require output identical to reading them whole.
final class StreamingBatchTests: XCTestCase {
    private let streaming = [StreamedBatch.thresholdVariable: "0"]

    /// Whether the file would be streamed (not fall back to the whole-file path).
    private func streams(_ path: String) -> Bool {
        let inspector = Inspector(options: InspectionOptions())
        return StreamedBatch.plan(InputFile(name: path, isNDJSON: false), threshold: 0,
                                  inspector: inspector, analyzer: Analyzer()) != nil
    }

    private func assertSameOutput(_ path: String, formats: [String] = ["json", "text", "junit", "sarif", "github"],
                                  commands: [String] = ["validate"], file: StaticString = #filePath, line: UInt = #line) {
        for command in commands {
            for format in formats {
                let arguments = [command, "--format", format, "--color", "never", path]
                let whole = runCLI(arguments)
                let streamed = runCLI(arguments, environment: streaming)
                XCTAssertEqual(streamed.out, whole.out, "\(command) --format \(format) \(path)", file: file, line: line)
                XCTAssertEqual(streamed.err, whole.err, file: file, line: line)
                XCTAssertEqual(streamed.status, whole.status, file: file, line: line)
            }
        }
    }

    private func notification(_ index: Int) -> String {
        #"{"content": "Week \#(index): our summer sale starts now", "ios_title": "Sale \#(index)", "inbox_days": 3, "#
            + #""data": {"u": "{\"url\": \"https://example.com/sale/\#(index)\", \"k\": \"v\", \"k\": \"w\"}"}}"#
    }

    private func request(_ count: Int, separator: String = ",\n    ", auth: String = "API_TOKEN") -> String {
        let elements = (0..<count).map(notification).joined(separator: separator)
        return "{\"request\": {\"application\": \"ABCDE-12345\", \"auth\": \"\(auth)\",\n  \"notifications\": [\n    "
            + elements + "\n  ]}}\n"
    }

    func testEveryBatchExampleStreamsWithIdenticalOutput() throws {
        var streamed = 0
        let examples = repositoryRoot.appendingPathComponent("Examples")
        let enumerator = FileManager.default.enumerator(atPath: examples.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = "Examples/" + relative
            guard streams(path) else { continue }
            streamed += 1
            assertSameOutput(path, formats: ["json", "text", "junit"], commands: ["validate", "resolve", "buttons"])
        }
        XCTAssertGreaterThan(streamed, 0, "no example was streamed")
    }

    func testLargeRequestStreamsIdentically() {
        let path = temporaryFile("big.json", request(5_000))
        XCTAssertTrue(streams(path))
        assertSameOutput(path, formats: ["json", "text"])
        let result = runCLI(["validate", "--format", "json", path], environment: streaming)
        let summary = jsonObject(result.out)["summary"] as? [String: Any]
        XCTAssertEqual(summary?["messages"] as? Int, 5_000)
    }

    func testMinifiedBOMAndCRLFKeepColumns() {
        let minified = "\u{FEFF}" + request(40, separator: ", ").replacingOccurrences(of: "\n", with: "")
        let crlf = request(40).replacingOccurrences(of: "\n", with: "\r\n")
        for (name, text) in [("minified.json", minified), ("crlf.json", crlf)] {
            let path = temporaryFile(name, text)
            XCTAssertTrue(streams(path), name)
            assertSameOutput(path)
        }
    }

    func testTopLevelArrayAndInboxResponse() {
        let array = "[\n" + (0..<30).map(notification).joined(separator: ",\n") + "\n]"
        let inbox = #"{"response": {"messages": ["# + (0..<30).map {
            #"{"inbox_id": "m\#($0)", "title": "Sale é \#($0)", "text": "Everything must go", "send_date": 1700000000}"#
        }.joined(separator: ", ") + "]}}"
        for (name, text) in [("array.json", array), ("inbox.json", inbox)] {
            let path = temporaryFile(name, text)
            XCTAssertTrue(streams(path), name)
            assertSameOutput(path)
        }
    }

    func testWrapperFindingsStayOnTheFile() {
        let auth = request(20, auth: "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK")
        let duplicate = request(20).replacingOccurrences(of: #""application": "ABCDE-12345","#,
                                                         with: #""application": "A", "application": "ABCDE-12345","#)
        for (name, text) in [("auth.json", auth), ("duplicate.json", duplicate)] {
            let path = temporaryFile(name, text)
            XCTAssertTrue(streams(path), name)
            assertSameOutput(path)
        }
        let result = runCLI(["validate", "--format", "json", temporaryFile("a.json", auth)], environment: streaming)
        XCTAssertTrue(result.out.contains("\"/request/auth\""))
    }

    func testBrokenFilesFallBackToTheWholeFileFinding() {
        let text = request(4_000)
        var variants: [(String, String)] = []
        // A syntax error inside the 3 000th element.
        if let range = text.range(of: "\"Sale 2999\",") {
            variants.append(("inside.json", text.replacingCharacters(in: range, with: "\"Sale 2999\",,")))
        }
        for cut in [10, 60, 200, text.utf8.count / 2, text.utf8.count - 3] {
            variants.append(("cut\(cut).json", String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)))
        }
        variants.append(("trailing.json", text + "}"))
        variants.append(("trailingcomma.json", text.replacingOccurrences(of: "\n  ]}}", with: ",\n  ]}}")))
        variants.append(("empty.json", #"{"request": {"notifications": []}}"#))
        variants.append(("scalar.json", #"{"request": {"notifications": [{"content": "Hi"}, 3, "x"]}}"#))
        variants.append(("auth-after.json", #"{"request": {"notifications": [{"content": "Hi"}], "auth": "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"}}"#))
        for (name, variant) in variants {
            let path = temporaryFile(name, variant)
            XCTAssertFalse(streams(path), name)
            assertSameOutput(path, formats: ["json", "text"])
        }
    }

    func testSplitterElementPlaces() throws {
        let text = "[ {\"a\": \"é\"},\n  {\"b\": [1, {\"c\": \"]}\\\"\"}]} ]"
        let path = temporaryFile("places.json", text)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var elements: [BatchSplitter.Element] = []
        let outcome = try BatchSplitter.scan(descriptor) { elements.append($0); return true }
        XCTAssertFalse(outcome.unsupported)
        XCTAssertEqual(elements.map { String(decoding: $0.bytes, as: UTF8.self) },
                       ["{\"a\": \"é\"}", "{\"b\": [1, {\"c\": \"]}\\\"\"}]}"])
        XCTAssertEqual(elements.map(\.place.firstLine), [1, 2])
        XCTAssertEqual(elements.map(\.place.firstColumn), [3, 3])
        XCTAssertEqual(elements.map(\.place.pointerPrefix), ["/0", "/1"])
        XCTAssertEqual(String(decoding: outcome.wrapper, as: UTF8.self), "[]")
    }
}
