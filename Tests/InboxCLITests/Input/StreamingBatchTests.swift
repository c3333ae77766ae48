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
        guard let plan = plan(path) else { return false }
        return plan.failure == nil
    }

    private func plan(_ path: String) -> StreamedBatch? {
        let inspector = Inspector(options: InspectionOptions())
        return StreamedBatch.plan(InputFile(name: path, isNDJSON: false), threshold: 0,
                                  inspector: inspector, analyzer: Analyzer())
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

    func testValidFilesTheSplitterCannotStreamAreReadWhole() {
        let variants = [
            ("empty.json", #"{"request": {"notifications": []}}"#),
            ("scalar.json", #"{"request": {"notifications": [{"content": "Hi"}, 3, "x", [1], true]}}"#),
            ("second-batch.json", #"{"request": {"notifications": [{"content": "Hi"}], "notifications": [{"content": "Ho"}]}}"#),
            ("no-batch.json", #"{"content": "Hi", "data": {"request": {"notifications": [{"content": "Ho"}]}}}"#),
            ("blank.json", "  \n\t "),
            ("string-root.json", #""{\"request\": []}""#),
        ]
        for (name, variant) in variants {
            let path = temporaryFile(name, variant)
            XCTAssertNil(plan(path), name)
            assertSameOutput(path, formats: ["json", "text"])
        }
    }

    /// An `auth` after `notifications` (the usual key order) streams too: its finding is
    /// placed at its real position, first in the text as in the whole file's.
    func testAWrapperFindingAfterTheBatchStreams() {
        let path = temporaryFile("auth-after.json", #"{"request": {"notifications": [{"content": "Hi"}],"#
                                 + "\n \"auth\": \"k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK\"}}")
        XCTAssertNotNil(plan(path))
        assertSameOutput(path, formats: ["text", "github"])
        XCTAssertTrue(runCLI(["validate", path], environment: streaming).out.contains("2:10    error    IK106"))
    }

    /// A broken file gives the whole-file finding (and no message), found by the first
    /// pass without holding the file.
    func testBrokenFilesAreLocatedExactlyWithoutReadingThemWhole() {
        let text = request(4_000)
        var variants: [(String, String)] = []
        func replacing(_ name: String, _ target: String, _ replacement: String) {
            guard let range = text.range(of: target) else { return XCTFail("no \(target)") }
            variants.append((name, text.replacingCharacters(in: range, with: replacement)))
        }
        replacing("inside.json", "\"Sale 2999\",", "\"Sale 2999\",,")
        replacing("between.json", "\"Sale 2000\", \"inbox_days\"", "\"Sale 2000\" \"inbox_days\"")
        replacing("missing-comma.json", "}},\n    {\"content\": \"Week 1500:", "}}\n    {\"content\": \"Week 1500:")
        replacing("never-closed.json", "\"inbox_days\": 3, \"data\": {\"u\": \"{\\\"url\\\": \\\"https://example.com/sale/10\\\"",
                  "\"inbox_days\": 3, \"data\": \"u\": \"{\\\"url\\\": \\\"https://example.com/sale/10\\\"")
        replacing("line-break.json", "Sale 3001", "Sale \n3001")
        replacing("deep.json", "\"inbox_days\": 3, \"data\": {\"u\": \"{\\\"url\\\": \\\"https://example.com/sale/77\\\"",
                  "\"inbox_days\": " + String(repeating: "[", count: 600) + "3" + String(repeating: "]", count: 600)
                      + ", \"data\": {\"u\": \"{\\\"url\\\": \\\"https://example.com/sale/77\\\"")
        replacing("wrapper.json", "\"auth\": \"API_TOKEN\",", "\"auth\": API_TOKEN,")
        replacing("duplicate-wrapper.json", "\"application\": \"ABCDE-12345\",",
                  "\"application\": \"A\", \"application\": \"ABCDE-12345\", \"auth\": tru,")
        for cut in [10, 60, 200, text.utf8.count / 2, text.utf8.count - 3] {
            variants.append(("cut\(cut).json", String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)))
        }
        variants.append(("trailing.json", text + "}"))
        variants.append(("garbage.json", text + "garbage"))
        variants.append(("trailingcomma.json", text.replacingOccurrences(of: "\n  ]}}", with: ",\n  ]}}")))
        variants.append(("utf8.json", text.replacingOccurrences(of: "Sale 3500", with: "Sale \u{E9}3500")))
        for (name, variant) in variants {
            var data = Array(variant.utf8)
            if name == "utf8.json", let index = data.firstIndex(of: 0xC3) { data[index] = 0xFF } // invalid UTF-8 in a string
            let path = temporaryFile(name, "")
            _ = FileManager.default.createFile(atPath: path, contents: Data(data))
            let whole = Inspector(options: InspectionOptions()).inspect(data, source: path).parseIssue
            XCTAssertNotNil(whole, name)
            XCTAssertEqual(plan(path)?.failure, whole, name)
            assertSameOutput(path, formats: ["json", "text"])
        }
    }

    /// Every way of breaking a small batch (each byte cut off, dropped, or followed by a
    /// stray byte), fed in chunks of several sizes: the problem located is exactly the
    /// whole-file parse's, and a broken batch is always located.
    func testEveryBreakOfASmallBatchIsLocatedAsTheWholeFileParseReportsIt() {
        let base = Array(request(3).utf8)
        var variants: [[UInt8]] = []
        for index in 0...base.count { variants.append(Array(base[..<index])) }
        for index in base.indices {
            variants.append(Array(base[..<index] + base[(index + 1)...]))
            for stray in Array(",}]x\"{[1 \n:".utf8) + [0xFF, 0x00] {
                variants.append(Array(base[..<index]) + [stray] + Array(base[index...]))
            }
        }
        let inspector = Inspector(options: InspectionOptions())
        var located = 0
        for (number, variant) in variants.enumerated() {
            let chunk = [1, 3, 64, 1 << 16][number % 4]
            let outcome = BatchSplitter.scan(variant, chunk: chunk, maxDepth: 512, checking: true)
            let whole = inspector.inspect(variant, source: "f.json").parseIssue
            XCTAssertFalse(outcome.inconsistent)
            if let failure = outcome.failure {
                XCTAssertEqual(failure, whole, String(decoding: variant, as: UTF8.self))
                located += 1
            } else {
                XCTAssertNil(whole, "not located: " + String(decoding: variant, as: UTF8.self))
            }
        }
        XCTAssertGreaterThan(located, variants.count / 3) // the rest are still valid JSON
    }

    /// The depth limit of `--max-depth` is the whole file's: an element too deep is IK006
    /// with the same limit in its message.
    func testTooDeepIsTheWholeFileLimit() {
        let text = "[{\"a\": " + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "}]"
        let outcome = BatchSplitter.scan(Array(text.utf8), maxDepth: 8, checking: true)
        let whole = Inspector(options: InspectionOptions(maxDepth: 8)).inspect(Array(text.utf8), source: "f").parseIssue
        XCTAssertEqual(whole?.code, "IK006")
        XCTAssertEqual(outcome.failure, whole)
    }

    /// Memory: a broken file is located holding little of it, wherever the problem is.
    func testBrokenLargeFilesAreLocatedHoldingLittle() {
        let elements = (0..<30_000).map(notification)
        let valid = "[" + elements.joined(separator: ",\n") + "]" // about 4 MB
        let unclosed = "[" + elements[0] + ", " + elements[1].dropLast() + ",\n" + elements.dropFirst(2).joined(separator: ",\n") + "]"
        let truncated = String(valid.dropLast(1000))
        for (name, text) in [("valid", valid), ("unclosed", unclosed), ("truncated", truncated)] {
            let outcome = BatchSplitter.scan(Array(text.utf8), maxDepth: 512, checking: true)
            XCTAssertLessThan(outcome.held, BatchWindow.firstCheck * 2 + (1 << 16), name)
            XCTAssertEqual(outcome.failure == nil, name == "valid", name)
            XCTAssertFalse(outcome.inconsistent, name)
        }
    }

    func testSplitterElementPlaces() throws {
        let text = "[ {\"a\": \"é\"},\n  {\"b\": [1, {\"c\": \"]}\\\"\"}]} ]"
        let path = temporaryFile("places.json", text)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var elements: [BatchSplitter.Element] = []
        let checked = try BatchSplitter.scan(descriptor, maxDepth: 512, checking: true)
        XCTAssertNil(checked.failure)
        XCTAssertFalse(checked.unsupported)
        XCTAssertEqual(String(decoding: checked.wrapper, as: UTF8.self), "[]")
        lseek(descriptor, 0, SEEK_SET)
        let outcome = try BatchSplitter.scan(descriptor, maxDepth: 512, checking: false) { elements.append($0) }
        XCTAssertFalse(outcome.unsupported)
        XCTAssertEqual(elements.map { String(decoding: $0.bytes, as: UTF8.self) },
                       ["{\"a\": \"é\"}", "{\"b\": [1, {\"c\": \"]}\\\"\"}]}"])
        XCTAssertEqual(elements.map(\.place.firstLine), [1, 2])
        XCTAssertEqual(elements.map(\.place.firstColumn), [3, 3])
        XCTAssertEqual(elements.map(\.place.pointerPrefix), ["/0", "/1"])
    }
}
