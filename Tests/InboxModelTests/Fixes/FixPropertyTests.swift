import Foundation
import XCTest
@testable import InboxModel
@testable import InboxCore

/// `--fix --unsafe-fixes` (the model's `Fixer`, which the command runs) over every file of
/// Examples/ and over generated broken payloads: the result parses, a second run changes
/// nothing, only the bytes of the edits change, each fix removes a finding of its rule, and
/// no finding is new unless a key was moved where the SDK reads it or a value was guessed.
final class FixPropertyTests: XCTestCase {
    static let generatedCount = 2000
    private let fixer = Fixer(options: InspectionOptions(), applying: .unsafe)
    private let analyzer = Analyzer()

    private func findings(_ text: [UInt8]) -> [(code: String, pointer: String)] {
        let inspected = Inspector(options: InspectionOptions()).inspect(text, source: "t")
        return analyzer.diagnose(inspected).all.map { ($0.code, $0.pointer) }
    }

    private func parses(_ text: [UInt8]) -> Bool {
        if case .success = JSONDocument.parse(text) { return true }
        return false
    }

    /// Checks one text; returns the codes of the findings that passes with a fix that moves
    /// a key or guesses brought out (counted by the caller), and the fixes applied.
    @discardableResult
    private func check(_ text: [UInt8], ndjson: Bool = false, name: String) -> (new: Set<String>, fixed: [String]) {
        let outcome = ndjson ? fixer.fix(lines: text) : fixer.fix(text)
        let parsedBefore = ndjson || parses(text)
        if !ndjson {
            if parsedBefore {
                XCTAssertTrue(parses(outcome.text), "\(name): the fixed text does not parse")
            } else {
                XCTAssertTrue(!outcome.changed || parses(outcome.text), "\(name): a syntax fix that does not parse")
                XCTAssertTrue(outcome.fixed.allSatisfy { $0 == "IK001" }, "\(name): a broken file got \(outcome.fixed)")
            }
        }
        let texts = stepByStep(text, outcome.passes)
        XCTAssertEqual(texts.last, outcome.text, "\(name): bytes outside the edits changed")
        if parsedBefore {
            let again = ndjson ? fixer.fix(lines: outcome.text) : fixer.fix(outcome.text)
            XCTAssertFalse(again.changed, "\(name): a second fix applied \(again.fixed)")
        }
        guard outcome.changed, parsedBefore, !ndjson, texts.count == outcome.passes.count + 1 else { return ([], outcome.fixed) }
        var brought: Set<String> = []
        for (index, pass) in outcome.passes.enumerated() {
            let before = findings(texts[index])
            let after = findings(texts[index + 1])
            for (code, pointer) in zip(pass.codes, pass.pointers) {
                XCTAssertTrue(before.contains { $0 == (code, pointer) }, "\(name): \(code) at \(pointer) fixed but not found")
                XCTAssertFalse(after.contains { $0 == (code, pointer) }, "\(name): \(code) at \(pointer) still there after its fix")
            }
            let new = Set(after.map(\.code)).subtracting(before.map(\.code))
            // A key moved or renamed where the SDK reads it (IK107, IK210), or a value guessed, may bring out
            // what was wrong with it all along; a pass of other safe fixes brings out nothing.
            if pass.codes.contains(where: { Self.bringsOut.contains($0) }) {
                brought.formUnion(new)
            } else {
                XCTAssertTrue(new.isEmpty, "\(name): \(pass.codes) brought new findings \(new)")
            }
        }
        return (brought, outcome.fixed)
    }

    /// The fixes after which the SDK reads something it did not read before: guesses, a key
    /// moved where the SDK reads it (IK107) and a misspelled key renamed (IK210, IK814).
    private static let bringsOut: Set<String> = Set(RuleCatalogue.all.compactMap { rule in
        rule.description.fix?.safety == .unsafe ? rule.code : nil
    } + ["IK107", "IK210", "IK814"])

    /// The text after each pass (the original first), each made from the one before by its
    /// edits, checked independently of `applied(to:)`: the edits of a pass do not overlap,
    /// and every byte between them is where it was, shifted by what the edits before it
    /// added or removed.
    private func stepByStep(_ original: [UInt8], _ passes: [Fixer.Pass]) -> [[UInt8]] {
        var texts = [original]
        for pass in passes {
            let text = texts[texts.count - 1]
            let edits = pass.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            var next: [UInt8] = []
            var kept = 0
            for edit in edits {
                XCTAssertGreaterThanOrEqual(edit.range.lowerBound, kept, "overlapping edits")
                guard edit.range.lowerBound >= kept, edit.range.upperBound <= text.count else { return texts }
                next.append(contentsOf: text[kept ..< edit.range.lowerBound])
                next.append(contentsOf: edit.replacement)
                kept = edit.range.upperBound
            }
            next.append(contentsOf: text[kept...])
            texts.append(next)
        }
        return texts
    }

    func testGeneratedBrokenPayloads() {
        var payloads = BrokenPayloads(seed: 0x25F1_7E5)
        var changed = 0
        var fixes: [String: Int] = [:]
        var surfaced: [String: Int] = [:]
        for index in 0 ..< Self.generatedCount {
            let text = payloads.next()
            let result = check(text, name: "payload \(index): \(String(decoding: text.prefix(400), as: UTF8.self))")
            if !result.fixed.isEmpty { changed += 1 }
            for code in result.fixed { fixes[code, default: 0] += 1 }
            for code in result.new { surfaced[code, default: 0] += 1 }
        }
        print("fixed \(changed) of \(Self.generatedCount) payloads; fixes \(fixes.sorted { $0.key < $1.key }); "
              + "findings brought out \(surfaced.sorted { $0.key < $1.key })")
        XCTAssertGreaterThan(changed, Self.generatedCount / 2)
        // Every fixable rule fixed something.
        for rule in RuleCatalogue.all where rule.description.fix != nil && rule.code != "IK001" {
            XCTAssertGreaterThan(fixes[rule.code] ?? 0, 0, "\(rule.code) never fixed")
        }
    }

    /// Payloads broken by one byte (most no longer parse): a broken one is left as it was
    /// or fixed into one that parses, by syntax fixes alone; one that still parses is fixed
    /// as any other.
    func testPayloadsBrokenByOneByte() {
        var payloads = BrokenPayloads(seed: 0x1B_17E5)
        var generator = SeededGenerator(state: 0xB7E)
        var fixedBroken = 0
        for index in 0 ..< Self.mutatedCount {
            var text = payloads.next()
            let position = Int.random(in: 0 ..< text.count, using: &generator)
            let stray = Self.strayBytes[Int.random(in: 0 ..< Self.strayBytes.count, using: &generator)]
            if Bool.random(using: &generator) { text.insert(stray, at: position) } else { text[position] = stray }
            if !parses(text), fixer.fix(text).changed { fixedBroken += 1 }
            check(text, name: "mutation \(index): \(String(decoding: text.prefix(300), as: UTF8.self))")
        }
        print("one-byte mutations: \(fixedBroken) of \(Self.mutatedCount) broken payloads made to parse by syntax fixes")
    }

    static let mutatedCount = 1000
    private static let strayBytes = Array(",}]\"{[: x\\".utf8)

    func testEveryExample() throws {
        let root = examplesDirectory
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { ["json", "ndjson", "jsonl"].contains(($0 as NSString).pathExtension) }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let text = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
            let result = check(text, ndjson: (file as NSString).pathExtension != "json", name: file)
            if !result.new.isEmpty { print("\(file): \(result.fixed) brought out \(result.new.sorted())") }
        }
    }
}
