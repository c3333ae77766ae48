import Dispatch
import XCTest
@testable import InboxModel
@testable import InboxCore

/// A finding's phrase buffer is kept for the thread's next phrase (`ThreadFindingBuffers`) once its
/// report has copied it: every finding must still read as the `String` interpolation it
/// stands for, whatever the lengths (buffers kept, too small, grown), however phrases are
/// kept, copied or nested by the rules, and on several threads at once.
final class PhraseSpareTests: JSONTestCase {
    private let rule = RuleDescription(code: "IK999", severity: .warning, title: "t", explanation: "e",
                                       triggers: [], passes: [])

    /// Random wordings of every length from a few bytes to several kept buffers, added in
    /// turn: each message reads back as `String` interpolation wrote it.
    func testRecycledBuffersWriteWhatStringInterpolationWrites() throws {
        let value = try jtRoot(#"{"k": [1, 2]}"#)
        var generator = SeededGenerator(state: 2026)
        var report = Report(source: "s")
        var expected: [String] = []
        for round in 0 ..< 3000 {
            let word = String(repeating: "wörd ", count: Int.random(in: 0 ... 90, using: &generator))
            let number = Int.random(in: -1000 ... 1000, using: &generator)
            switch round % 4 {
            case 0:
                report.add(rule, at: value, "finding \(number): \(word)end")
                expected.append("finding \(number): \(word)end")
            case 1:
                report.add(rule, at: value, "a fixed wording")
                expected.append("a fixed wording")
            case 2:
                let inner: Phrase = "inner \(word)"
                report.add(rule, at: value, "outer \(number) \(inner) \(json: word)")
                expected.append("outer \(number) inner \(word) \(JSONText.quote(word))")
            default:
                report.add(rule, at: value, Phrase(word))
                expected.append(word)
            }
        }
        XCTAssertEqual(report.diagnostics.map(\.message), expected)
    }

    /// A phrase the rule keeps (and adds twice) is shared, so its buffer is not handed on:
    /// later phrases never write into it.
    func testAKeptPhraseKeepsItsBytes() throws {
        let value = try jtRoot(#"{"k": 1}"#)
        var report = Report(source: "s")
        let kept: Phrase = "kept \(7) with room for more \(String(repeating: "x", count: 40))"
        let text = kept.text
        report.add(rule, at: value, kept)
        for index in 0 ..< 50 { report.add(rule, at: value, "later \(index) \(String(repeating: "y", count: index))") }
        XCTAssertEqual(kept.text, text)
        report.add(rule, at: value, kept)
        XCTAssertEqual(report.diagnostics.first?.message, text)
        XCTAssertEqual(report.diagnostics.last?.message, text)
        XCTAssertEqual(report.diagnostics[10].message, "later 9 " + String(repeating: "y", count: 9))
    }

    /// A phrase a rule builds in a variable and passes as it is (no `consume`) is reused
    /// for the next phrase once the variable is gone.
    func testAPhraseFromAVariableIsReusedOnceItIsGone() throws {
        let value = try jtRoot(#"{"k": 1}"#)
        var report = Report(source: "s")
        var firstBase: UnsafeMutablePointer<UInt8>?
        do {
            var text: Phrase = "first \(1) \(String(repeating: "x", count: 40))"
            text += " and more"
            firstBase = text.bytes.base
            report.add(rule, at: value, text)
        }
        let next: Phrase = "next \(2) \(String(repeating: "y", count: 40))"
        XCTAssertEqual(next.bytes.base, firstBase)
        report.add(rule, at: value, next)
        XCTAssertEqual(report.diagnostics.map(\.message), ["first 1 " + String(repeating: "x", count: 40) + " and more",
                                                           "next 2 " + String(repeating: "y", count: 40)])
    }

    /// Threads phrase findings at the same time, each with its own kept buffer.
    func testThreadsKeepTheirOwnBuffers() throws {
        let value = try jtRoot(#"{"k": 1}"#)
        let rule = rule
        let results = concurrentResults(4) { thread in
            var report = Report(source: "t\(thread)")
            for index in 0 ..< 2000 { report.add(rule, at: value, "thread \(thread) finding \(index) of many") }
            return report.diagnostics.enumerated().allSatisfy { $0.element.message == "thread \(thread) finding \($0.offset) of many" }
        }
        XCTAssertEqual(results, [true, true, true, true])
    }
}
