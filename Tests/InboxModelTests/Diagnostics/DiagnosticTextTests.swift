import XCTest
@testable import InboxModel
@testable import InboxCore

/// Findings keep their code, message and pointer as bytes in a block shared by the
/// findings of a report; the `String`s read back must be the ones written, whatever a
/// report's copies do, and the JSON writer must quote those bytes as `JSONText` does.
final class DiagnosticTextTests: JSONTestCase {
    private let rule = RuleDescription(code: "IK999", severity: .warning, title: "t", explanation: "e",
                                       triggers: [], passes: [])

    private func value(_ json: String, at pointer: [String]) throws -> JSONValue {
        var value = try jtRoot(json)
        for key in pointer { value = try XCTUnwrap(value[key]) }
        return value
    }

    func testReportedFindingReadsBackItsTexts() throws {
        let value = try value(#"{"a/b": {"~c": "x"}}"#, at: ["a/b", "~c"])
        var report = Report(source: "f.json")
        report.add(rule, at: value, "value \(quoted: "x") is \(3) wrong é")
        let finding = try XCTUnwrap(report.diagnostics.first)
        XCTAssertEqual(finding.code, "IK999")
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertEqual(finding.message, "value \"x\" is 3 wrong é")
        XCTAssertEqual(finding.pointer, "/a~1b/~0c")
        XCTAssertEqual(finding.pointer, value.pointer)
        XCTAssertEqual(finding.source, "f.json")
        XCTAssertEqual(finding.line, value.position.line)
        XCTAssertEqual(finding.column, value.position.column)
        XCTAssertEqual(finding, Diagnostic(code: "IK999", severity: .warning, message: "value \"x\" is 3 wrong é",
                                           source: "f.json", pointer: "/a~1b/~0c", position: value.position))
    }

    /// A rule's code is written from its `codeWord` (one store of a word when the finding
    /// takes eight bytes or more, byte by byte otherwise; a code longer than a word from
    /// its `String`): every code length, with messages and pointers short and long, and a
    /// code changed after the description was made, reads back as written.
    func testCodesOfEveryLengthReadBack() throws {
        let values = [try jtRoot("1"), try value(#"{"k": 1}"#, at: ["k"])]
        for length in 0 ... 12 {
            let code = String("IK0123456789AB".prefix(length))
            var rule = RuleDescription(code: "X", severity: .info, title: "t", explanation: "e", triggers: [],
                                       passes: [])
            rule.ruleCode = RuleCode(code)
            for value in values {
                for message in ["", "m", "a longer message"] {
                    var report = Report(source: "codes")
                    report.add(rule, at: value, Phrase(message))
                    report.add(rule, at: value, "after \(length)")
                    let found = report.takeDiagnostics(more: false)
                    XCTAssertEqual(found.map(\.code), [code, code], "\(length) \(message)")
                    XCTAssertEqual(found.map(\.message), [message, "after \(length)"])
                    XCTAssertEqual(found.map(\.pointer), [value.pointer, value.pointer])
                }
            }
        }
    }

    func testManyFindingsAcrossBlocksKeepTheirTexts() throws {
        let value = try value(#"{"k": [1, 2, 3]}"#, at: ["k"])
        var report = Report(source: "many")
        let long = String(repeating: "long words ", count: 60)
        for index in 0 ..< 40 { report.add(rule, at: value, "finding \(index) \(long)") }
        XCTAssertEqual(report.diagnostics.map(\.message), (0 ..< 40).map { "finding \($0) \(long)" })
        XCTAssertTrue(report.diagnostics.allSatisfy { $0.pointer == "/k" && $0.source == "many" })
    }

    /// The analyzer hands each message's findings on and goes on in the same block; a
    /// message with more findings than its list had room for moves the list, which starts
    /// a block. Those blocks must not grow (they once doubled at every such message, and a
    /// document of ~190 notifications asked for 32 GB); a block that fills up does grow,
    /// but only up to its bound.
    func testBlocksStayBoundedOverManyMessagesWithManyFindings() throws {
        let value = try value(#"{"k": 1}"#, at: ["k"])
        var report = Report(source: "doc.json")
        var taken: [[Diagnostic]] = []
        let findings = Report.listRoom + 2 // more than a list has room for at first
        for message in 0 ..< 2000 {
            for finding in 0 ..< findings { report.add(rule, at: value, "message \(message) finding \(finding)") }
            XCTAssertLessThanOrEqual(report.blockCapacity, 960, "message \(message)")
            taken.append(report.takeDiagnostics())
        }
        XCTAssertEqual(taken[1999].map(\.message), (0 ..< findings).map { "message 1999 finding \($0)" })
        XCTAssertEqual(taken[0].map(\.message), (0 ..< findings).map { "message 0 finding \($0)" })

        var long = Report(source: "doc.json")
        for index in 0 ..< 5000 { long.add(rule, at: value, "finding \(index) of one long list") }
        XCTAssertLessThanOrEqual(long.blockCapacity, Report.maxGrownCapacity)
        XCTAssertEqual(long.diagnostics[4999].message, "finding 4999 of one long list")
    }

    /// A copy of a report and the original each add findings: neither may write over
    /// the other's texts (they share a block until one of them writes).
    func testCopiesOfAReportDoNotOverwriteEachOther() throws {
        let value = try value(#"{"k": 1}"#, at: ["k"])
        var original = Report(source: "s")
        original.add(rule, at: value, "first")
        var copy = original
        copy.add(rule, at: value, "copy's second")
        original.add(rule, at: value, "original's second")
        copy.add(rule, at: value, "copy's third")
        XCTAssertEqual(original.diagnostics.map(\.message), ["first", "original's second"])
        XCTAssertEqual(copy.diagnostics.map(\.message), ["first", "copy's second", "copy's third"])
        let kept = original.diagnostics
        original.add(rule, at: value, "original's third")
        XCTAssertEqual(kept.map(\.message), ["first", "original's second"])
        XCTAssertEqual(original.diagnostics.last?.message, "original's third")
    }

    /// The analyzer takes each message's findings from one report in turn: the lists taken
    /// keep their texts while later findings go on into the same block, and copies of the
    /// report (made before or after its first finding since a take) still write apart.
    func testTakenFindingsKeepTheirTextsAsTheReportGoesOn() throws {
        let value = try value(#"{"k": 1}"#, at: ["k"])
        var report = Report(source: "s")
        XCTAssertEqual(report.takeDiagnostics(), [])
        report.add(rule, at: value, "first message")
        let first = report.takeDiagnostics()
        XCTAssertTrue(report.diagnostics.isEmpty)
        var early = report
        early.add(rule, at: value, "early copy's")
        report.add(rule, at: value, "second message")
        var copy = report
        copy.add(rule, at: value, "copy's")
        report.add(rule, at: value, "original's")
        let second = report.takeDiagnostics(more: false)
        report.add(rule, at: value, "after the last")
        XCTAssertEqual(first.map(\.message), ["first message"])
        XCTAssertEqual(early.diagnostics.map(\.message), ["early copy's"])
        XCTAssertEqual(second.map(\.message), ["second message", "original's"])
        XCTAssertEqual(copy.diagnostics.map(\.message), ["second message", "copy's"])
        XCTAssertEqual(report.diagnostics.map(\.message), ["after the last"])
        XCTAssertTrue((first + second).allSatisfy { $0.pointer == "/k" && $0.code == "IK999" })
    }

    /// The analyzer's report keeps its block between documents (`Report.init(threadReportOf:
    /// slot:)`): a copy of it made before a document's first finding and the original each
    /// add findings, the copy first or the original first; neither may write over the
    /// other's, nor over the findings handed on before.
    func testCopiesOfTheThreadReportDoNotOverwriteEachOther() throws {
        let value = try value(#"{"k": 1}"#, at: ["k"])
        let slots = ThreadLocal<ThreadFindingBuffers> { _ in ThreadFindingBuffers() }
        let slot = slots.slot
        func messages(_ records: FindingRecords) -> [String] {
            records.messageLists(after: 0).flatMap { $0 }.map(\.message)
        }
        var report = Report(threadReportOf: "t.json", slot: slot)
        report.add(rule, at: value, "first document's")
        let first = report.takeRecords(ends: [], messageCount: 1)
        for copyFirst in [true, false] {
            var copy = report
            if copyFirst { copy.add(rule, at: value, "copy's") }
            report.add(rule, at: value, "original's")
            copy.add(rule, at: value, "copy's next")
            report.add(rule, at: value, "original's next")
            let fromCopy = copy.takeRecords(ends: [], messageCount: 1)
            let fromOriginal = report.takeRecords(ends: [], messageCount: 1)
            XCTAssertEqual(messages(fromCopy), copyFirst ? ["copy's", "copy's next"] : ["copy's next"])
            XCTAssertEqual(messages(fromOriginal), ["original's", "original's next"])
        }
        XCTAssertEqual(messages(first), ["first document's"])
    }

    func testChangingTheSourceStartsAFreshBlock() throws {
        let value = try value(#"{"k": 1}"#, at: ["k"])
        var report = Report(source: "one")
        report.add(rule, at: value, "a")
        report.source = "two"
        report.add(rule, at: value, "b")
        XCTAssertEqual(report.diagnostics.map(\.source), ["one", "two"])
        XCTAssertTrue(report.diagnostics[1].hasSource("two"))
        XCTAssertFalse(report.diagnostics[1].hasSource("one"))
    }

    func testIssueAndLineFindings() {
        var report = Report(source: "s")
        let issue = JSONIssue(kind: .syntax(expected: "a value", found: "x"), position: SourcePosition(offset: 3, line: 2, column: 4),
                              pointer: "/x", detail: "broken \"here\"")
        report.add(rule, issue: issue)
        report.add(rule, line: 7, "empty")
        XCTAssertEqual(report.diagnostics.map(\.message), ["JSON syntax error: broken \"here\"", "empty"])
        XCTAssertEqual(report.diagnostics.map(\.pointer), ["/x", ""])
        XCTAssertEqual(report.diagnostics.map(\.line), [2, 7])
        XCTAssertEqual(report.diagnostics.map(\.column), [4, 1])
    }

    /// Every length around the word and chunk sizes (8 and 16 bytes), with each kind of
    /// byte to escape at each place.
    func testByteWriterQuotesAsJSONTextDoes() {
        let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x7F, 0xC3, 0x20, 0x2F]
        for count in 0 ... 40 {
            for special in specials {
                for place in 0 ..< max(count, 1) {
                    var bytes = (0 ..< count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                    if count > 0 { bytes[place] = special }
                    if special == 0xC3, place + 1 < count { bytes[place + 1] = 0xA9 } // é
                    let text = String(decoding: bytes, as: UTF8.self)
                    guard Array(text.utf8) == bytes else { continue } // not valid UTF-8 on its own
                    var buffer = ByteBuffer()
                    bytes.withUnsafeBufferPointer { source in
                        buffer.write(reserving: ByteWriter.quotedRoom(source.count)) { $0.appendQuoted(source) }
                    }
                    let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
                    XCTAssertEqual(written, JSONText.quote(text), "count \(count), byte \(special) at \(place)")
                }
            }
        }
    }

    /// Two bytes to escape at every pair of places, in texts that take one or two sixteen-byte
    /// chunks and a tail; escaped without quotes, in exactly the room `escapedRoom` asks.
    func testByteWriterEscapesPairsAsJSONTextDoes() {
        for count in [15, 16, 17, 24, 31, 32, 33, 47] {
            for special in [UInt8(0x22), 0x01] {
                for first in 0 ..< count {
                    for second in first + 1 ..< count {
                        var bytes = (0 ..< count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        bytes[first] = special
                        bytes[second] = 0x5C
                        var buffer = ByteBuffer()
                        bytes.withUnsafeBufferPointer { source in
                            buffer.write(reserving: ByteWriter.escapedRoom(source.count)) { $0.appendEscaped(source) }
                        }
                        let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
                        let quoted = JSONText.quote(String(decoding: bytes, as: UTF8.self))
                        XCTAssertEqual("\"" + written + "\"", quoted, "count \(count), escapes at \(first), \(second)")
                    }
                }
            }
        }
    }

    /// Longer texts, as a finding's message is: runs of thirty-two and sixteen bytes, and
    /// the last bytes written as the sixteen ending at the end, with two bytes to escape at
    /// every pair of places (in a run, just before the last sixteen, among them), and with
    /// none; escaped in exactly the room `escapedRoom` asks.
    func testByteWriterEscapesPairsInLongTextsAsJSONTextDoes() {
        for count in [48, 63, 64, 65, 79, 80, 97, 120] {
            let plain = (0 ..< count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            XCTAssertEqual(Self.written(plain) { $0.appendEscapedInline($1) }, plain, "count \(count)")
            for special in [UInt8(0x22), 0x01, 0xC3] {
                for first in 0 ..< count {
                    for second in first + 1 ..< count {
                        var bytes = plain
                        bytes[first] = special
                        if special == 0xC3 { // é, nothing to escape, then a quote
                            guard second == first + 1, second + 1 < count else { continue }
                            bytes[second] = 0xA9
                            bytes[count - 1] = 0x22
                        } else {
                            bytes[second] = 0x5C
                        }
                        let written = Self.written(bytes) { $0.appendEscapedInline($1) }
                        let quoted = JSONText.quote(String(decoding: bytes, as: UTF8.self))
                        guard "\"" + String(decoding: written, as: UTF8.self) + "\"" == quoted else {
                            return XCTFail("count \(count), \(special) at \(first), then \(second)")
                        }
                    }
                }
            }
        }
    }

    func testByteWriterDecimalsAndCopies() {
        var buffer = ByteBuffer()
        let numbers = [0, 9, 10, 99, 100, 999, 1000, 1001, 2048, 9999, 10_000, 65_535, -1, -42, -1000, -9999,
                       Int.max, Int.min]
        buffer.write(reserving: numbers.count * (ByteWriter.decimalRoom + 1) + 8) { out in
            out.append("ab")
            for number in numbers {
                out.append(decimal: number)
                out.append(UInt8(ascii: " "))
            }
            out.appendCopy(ofWritten: 0 ..< 2)
        }
        let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(written, "ab" + numbers.map { "\($0) " }.joined() + "ab")
    }

    /// Every number up to 100 000 (the loop-free paths and the loop past them) reads as
    /// `String` writes it.
    func testByteWriterDecimalsMatchStringForEveryNumber() {
        for number in 0 ... 100_000 {
            var buffer = ByteBuffer()
            buffer.append(decimal: number)
            buffer.append(decimal: -number)
            let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
            guard written == String(number) + String(-number) else {
                return XCTFail("\(number) written as \(written)")
            }
        }
    }

    /// The short path of `appendEscaped` (sixteen bytes or fewer) writes what the general
    /// path does, for every length up to 24 with each kind of byte at each place, one and
    /// two of them; and writes nothing when it declines.
    func testShortTextsEscapeAsTheGeneralPathDoes() {
        let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x7F, 0xC3, 0x20, 0x2F, 0x80, 0xFF, 0x21, 0x5B, 0x5D]
        for count in 0 ... 24 {
            for special in specials {
                for first in 0 ..< max(count, 1) {
                    for second in [first, count - 1, (first + 3) % max(count, 1)] where count > 0 {
                        var bytes = (0 ..< count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        bytes[first] = special
                        bytes[max(second, 0)] = special == 0x22 ? 0x5C : special
                        let fast = Self.written(bytes) { $0.appendEscaped($1) }
                        let general = Self.written(bytes) { $0.appendEscapedInPieces($1) }
                        XCTAssertEqual(fast, general, "count \(count), byte \(special) at \(first), \(second)")
                        let declined = Self.written(bytes) { out, source in
                            guard let start = source.baseAddress, source.count <= 16 else { return }
                            if !out.appendShortIfPlain(start, count: source.count) { out.append(UInt8(ascii: "!")) }
                        }
                        if count <= 16 {
                            XCTAssertEqual(declined, general == bytes ? bytes : [UInt8(ascii: "!")], "count \(count)")
                        }
                    }
                }
            }
        }
    }

    /// A text of eight bytes or fewer read as one word from the memory it is part of (a
    /// finding's code, followed by its message) writes what the general path does, for
    /// every length and place of each kind of byte, whatever follows it.
    func testShortTextsReadInOneWordEscapeAsTheGeneralPathDoes() {
        let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x7F, 0xC3, 0x20, 0x80, 0xFF, 0x21]
        for count in 0 ... 10 {
            for special in specials {
                for place in 0 ..< max(count, 1) {
                    for following in [UInt8(ascii: "x"), 0x22, 0x00] {
                        var text = (0 ..< count).map { UInt8(ascii: "I") + UInt8($0 % 8) }
                        if count > 0 { text[place] = special }
                        let memory = text + [UInt8](repeating: following, count: 8)
                        let general = Self.written(text) { $0.appendEscapedInPieces($1) }
                        var buffer = ByteBuffer()
                        memory.withUnsafeBufferPointer { memory in
                            let source = UnsafeBufferPointer(rebasing: memory[0 ..< count])
                            buffer.write(reserving: ByteWriter.escapedRoom(count)) { $0.appendEscaped(source, readable: memory.count) }
                        }
                        XCTAssertEqual(buffer.withBytes { Array($0) }, general,
                                       "count \(count), byte \(special) at \(place), then \(following)")
                    }
                }
            }
        }
    }

    /// Pieces copied from what was written, of every length up to 80 (one and several
    /// sixteen-byte chunks, the last overlapping), from every place, read back as written.
    func testCopiesOfWrittenPiecesOfEveryLength() {
        let prefix = (0 ..< 100).map { UInt8(ascii: "!") + UInt8($0 % 90) }
        for start in [0, 1, 7, 19] {
            for count in 0 ... 80 {
                var buffer = ByteBuffer()
                prefix.withUnsafeBufferPointer { prefix in
                    buffer.write(reserving: prefix.count + count) { out in
                        out.append(prefix)
                        out.appendCopy(ofWritten: start ..< start + count)
                    }
                }
                XCTAssertEqual(buffer.withBytes { Array($0) }, prefix + prefix[start ..< start + count],
                               "\(count) bytes from \(start)")
            }
        }
    }

    private static func written(_ bytes: [UInt8], _ body: (inout ByteWriter, UnsafeBufferPointer<UInt8>) -> Void) -> [UInt8] {
        var buffer = ByteBuffer()
        bytes.withUnsafeBufferPointer { source in
            buffer.write(reserving: ByteWriter.escapedRoom(source.count)) { body(&$0, source) }
        }
        return buffer.withBytes { Array($0) }
    }
}

/// A buffer kept after a worst-case reservation holds only what it wrote (`trimmed`).
final class ByteBufferTrimTests: XCTestCase {
    func testTrimmedKeepsTheBytesInTheirOwnSize() {
        var reserved = ByteBuffer(capacity: 6_000)
        reserved.append(Array("{\"code\": \"IK203\"}".utf8))
        let trimmed = reserved.trimmed()
        XCTAssertEqual(trimmed.capacity, reserved.count)
        XCTAssertEqual(trimmed.withBytes { Array($0) }, reserved.withBytes { Array($0) })
    }

    func testTrimmedLeavesAFullBufferAsItIs() {
        var full = ByteBuffer(capacity: 100)
        full.append(Array(repeating: UInt8(ascii: "x"), count: 90))
        XCTAssertEqual(full.trimmed().capacity, 100)
        XCTAssertEqual(ByteBuffer().trimmed().count, 0)
    }
}
