import Foundation
import XCTest

/// Hostile and odd inputs through the whole pipeline: each gives a diagnostic or a clean
/// result, never a crash or a hang. Bounded by input size, not by a clock.
final class AdversarialTests: XCTestCase {
    private func validate(_ path: String, _ extra: [String] = [], file: StaticString = #filePath,
                          line: UInt = #line) -> (status: Int32, codes: [String], lines: [Int]) {
        let result = runCLI(["validate", "--format", "json", "--fail-on", "info"] + extra + [path])
        XCTAssertNotEqual(result.status, 2, result.err, file: file, line: line)
        // Only the input rules (IK0xx) are about these inputs; layout and delivery rules may add more.
        let diagnostics = (jsonObject(result.out, file: file, line: line)["diagnostics"] as? [[String: Any]] ?? [])
            .filter { ($0["code"] as? String)?.hasPrefix("IK0") == true }
        return (result.status, diagnostics.compactMap { $0["code"] as? String }, diagnostics.compactMap { $0["line"] as? Int })
    }

    private func bytesFile(_ name: String, _ bytes: [UInt8]) -> String {
        let path = temporaryFile(name, "")
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func testHundredThousandNestedBrackets() {
        let path = temporaryFile("deep.json", String(repeating: "[", count: 100_000))
        XCTAssertEqual(validate(path).codes, ["IK006"])
        let objects = temporaryFile("deep-objects.json", String(repeating: #"{"a":"#, count: 100_000))
        XCTAssertEqual(validate(objects).codes, ["IK006"])
    }

    func testTenMegabyteString() {
        let body = String(repeating: "x", count: 10_000_000)
        let path = temporaryFile("long.json", #"{"ios_title": "T", "content": "\#(body)", "inbox_days": 3}"#)
        let result = validate(path)
        XCTAssertFalse(result.codes.contains("IK001"))
    }

    func testMillionElementArray() {
        let elements = [String](repeating: "1", count: 1_000_000).joined(separator: ",")
        let path = temporaryFile("wide.json", #"{"content": "x", "inbox_days": 3, "data": {"list": [\#(elements)]}}"#)
        XCTAssertFalse(validate(path).codes.contains("IK001"))
    }

    func testInvalidUTF8AtEveryPositionClass() {
        let prefix = Array(#"{"content": ""#.utf8)
        let suffix = Array(#"", "inbox_days": 3}"#.utf8)
        let bad: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
                              [0xF0, 0x9F, 0x98]]
        for (index, sequence) in bad.enumerated() {
            // inside a string value, inside a key, and outside any string
            let inValue = bytesFile("u\(index)a.json", prefix + sequence + suffix)
            XCTAssertEqual(validate(inValue).codes, ["IK005"], "in a value: \(sequence)")
            let inKey = bytesFile("u\(index)b.json", Array(#"{""#.utf8) + sequence + Array(#"": 1}"#.utf8))
            XCTAssertEqual(validate(inKey).codes, ["IK005"], "in a key: \(sequence)")
            let outside = bytesFile("u\(index)c.json", Array(#"{"content": "x"}"#.utf8) + sequence)
            XCTAssertEqual(validate(outside).codes.count, 1, "after the document: \(sequence)")
        }
    }

    func testLoneSurrogateEscapes() {
        for escape in [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800x"#] {
            let path = temporaryFile("s.json", #"{"content": "a\#(escape)b", "inbox_days": 3}"#)
            XCTAssertEqual(validate(path).codes, ["IK005"], escape)
        }
    }

    func testNumbersAtTheEdges() {
        let huge = temporaryFile("huge.json", #"{"content": "x", "inbox_days": 3, "data": {"n": 1e999, "m": -1e999}}"#)
        XCTAssertEqual(validate(huge).codes.filter { $0 == "IK008" }.count, 2)
        let zero = temporaryFile("zero.json", #"{"content": "x", "inbox_days": 3, "data": {"n": -0, "m": 0e0, "k": 1E-400}}"#)
        XCTAssertFalse(validate(zero).codes.contains("IK001"))
    }

    func testByteOrderMarkIsAccepted() {
        let path = bytesFile("bom.json", [0xEF, 0xBB, 0xBF] + Array(#"{"content": "x", "inbox_days": 3}"#.utf8))
        XCTAssertFalse(validate(path).codes.contains("IK001"))
    }

    func testNULBytes() {
        let outside = bytesFile("nul.json", Array(#"{"content": "x"}"#.utf8) + [0] + Array("\n".utf8))
        XCTAssertEqual(validate(outside).codes, ["IK001"])
        let inside = bytesFile("nul2.json", Array(#"{"content": "a"#.utf8) + [0] + Array(#"b"}"#.utf8))
        XCTAssertEqual(validate(inside).codes, ["IK001"])
        let escaped = temporaryFile("nul3.json", #"{"content": "a\u0000b", "inbox_days": 3}"#)
        XCTAssertFalse(validate(escaped).codes.contains("IK001"))
    }

    func testCRLFNDJSONKeepsLineNumbers() {
        let path = temporaryFile("crlf.ndjson", "{\"content\": \"a\", \"inbox_days\": 3}\r\n\r\n{\"content\": \"b\",\r\n")
        let result = validate(path)
        XCTAssertEqual(result.codes, ["IK001"])
        XCTAssertEqual(result.lines, [3])
    }

    func testTruncatedFile() {
        let full = #"{"request": {"notifications": [{"content": "x", "inbox_days": 3}]}}"#
        for length in stride(from: 1, to: full.utf8.count, by: 7) {
            let path = temporaryFile("cut.json", String(full.prefix(length)))
            XCTAssertEqual(validate(path).codes, ["IK001"], "cut at \(length)")
        }
    }

    func testEmptyFileAndEmptyNDJSON() {
        XCTAssertEqual(validate(temporaryFile("empty.json", "")).codes, ["IK004"])
        XCTAssertEqual(validate(temporaryFile("empty.ndjson", "\n\n  \n")).codes, ["IK004"])
    }

    func testDirectoryLoopThroughASymlinkIsWalkedOnce() throws {
        let directory = (temporaryFile("a.json", #"{"content": "x", "inbox_days": 3}"#) as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: directory)
        let result = runCLI(["validate", "--format", "json", directory])
        XCTAssertEqual(result.status, 0, result.err)
        let summary = jsonObject(result.out)["summary"] as? [String: Any]
        XCTAssertEqual(summary?["files"] as? Int, 1)
    }

    func testFIFOOnThePathList() throws {
        let directory = (temporaryFile("x.txt", "") as NSString).deletingLastPathComponent
        let fifo = directory + "/payload.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data(#"{"ios_title": "From a pipe", "content": "x", "inbox_days": 3}"#.utf8))
            try? handle?.close()
        }
        writer.start()
        let result = runCLI(["resolve", "--format", "json", fifo])
        XCTAssertEqual(result.status, 0, result.err)
        let title = (jsonObject(result.out)["messages"] as? [[String: Any]])?.first?["title"] as? String
        XCTAssertEqual(title, "From a pipe")
        // Inside a directory walk, FIFOs are never opened (they could block forever).
        let walked = runCLI(["validate", "--format", "json", directory])
        XCTAssertEqual(walked.status, 2, "a folder with nothing to read is no input")
        XCTAssertTrue(walked.err.contains("no input in"), walked.err)
        let allowed = runCLI(["validate", "--format", "json", "--allow-empty", directory])
        XCTAssertEqual(allowed.status, 0, allowed.err)
    }
}
