import XCTest
@testable import InboxModel
@testable import InboxCore

/// The allocation-free distance (ASCII words in stack buffers, rows abandoned past the
/// cutoff) must agree with the plain two-array programme over `lowercased()` scalars.
final class EditDistanceTests: XCTestCase {
    private static let letters: [String] = ["a", "b", "c", "e", "l", "s", "A", "C", "S", " ", "-", "1", "é", "\u{212A}", "ß"]

    private func word(_ generator: inout SeededGenerator, asciiOnly: Bool) -> String {
        let pool = asciiOnly ? Array(Self.letters.prefix(12)) : Self.letters
        let length = Int.random(in: 0 ... 10, using: &generator)
        return (0 ..< length).map { _ in pool.randomElement(using: &generator) ?? "a" }.joined()
    }

    func testDistanceAgreesWithReference() {
        var generator = SeededGenerator(state: 201)
        for round in 0 ..< 3000 {
            let ascii = round % 3 != 0
            let a = word(&generator, asciiOnly: ascii), b = word(&generator, asciiOnly: ascii)
            XCTAssertEqual(EditDistance.between(a, b), EditDistance.reference(a, b), "\(a) / \(b)")
        }
    }

    /// The letter-count bound may only rule out what the table would: it never exceeds
    /// the true distance.
    func testLowerBoundNeverExceedsDistance() {
        var generator = SeededGenerator(state: 33)
        for _ in 0 ..< 3000 {
            // The bound is taken on lowercased words, as `suggestion` does.
            let a = Array(word(&generator, asciiOnly: true).lowercased().utf8)
            let b = Array(word(&generator, asciiOnly: true).lowercased().utf8)
            let bound = a.withSpan { x in b.withSpan { EditDistance.lowerBound(x, $0) } }
            let exact = EditDistance.reference(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            XCTAssertLessThanOrEqual(bound, exact, "\(a) / \(b)")
        }
        let stories = Array("stories".utf8), banner = Array("banner".utf8)
        XCTAssertEqual(stories.withSpan { x in banner.withSpan { EditDistance.lowerBound(x, $0) } }, 5)
    }

    func testSuggestionAgreesWithReference() {
        var generator = SeededGenerator(state: 7)
        let kinds = CardKind.allCases.map(\.rawValue)
        for round in 0 ..< 3000 {
            let ascii = round % 4 != 0
            let word = word(&generator, asciiOnly: ascii)
            var candidates = round % 2 == 0 ? kinds : (0 ..< 5).map { _ in self.word(&generator, asciiOnly: round % 5 != 0) }
            // The word itself in another case, and a candidate repeated: an exact match
            // ends the search, and a tie goes to the earlier one.
            if round % 3 == 0 { candidates.insert(word.uppercased(), at: Int.random(in: 0 ... candidates.count, using: &generator)) }
            if round % 7 == 0, let first = candidates.first { candidates.append(first) }
            let limit = max(1, min(3, word.count / 3 + 1))
            XCTAssertEqual(EditDistance.suggestion(for: word, among: candidates),
                           EditDistance.referenceSuggestion(for: word, among: candidates, limit: limit),
                           "\(word) among \(candidates)")
        }
    }

    /// Words longer than the stack words the usual one is lowercased into take the general
    /// way, and must be answered alike (with prepared candidates too).
    func testLongWordsAgreeWithReference() {
        var generator = SeededGenerator(state: 32)
        for length in 28 ... 40 {
            let word = (0 ..< length).map { _ in Self.letters.prefix(12).randomElement(using: &generator) ?? "a" }.joined()
            let candidates = [word.dropLast().uppercased(), String(word.dropFirst(2)), "classic", word + "xy"]
            let limit = max(1, min(3, word.count / 3 + 1))
            let expected = EditDistance.referenceSuggestion(for: word, among: candidates, limit: limit)
            XCTAssertEqual(EditDistance.suggestion(for: word, among: candidates), expected, word)
            XCTAssertEqual(EditDistance.suggestion(for: word, among: EditDistance.Candidates(candidates)), expected, word)
        }
    }

    func testSuggestionsOfTypicalTypos() {
        let kinds = CardKind.allCases.map(\.rawValue)
        XCTAssertEqual(EditDistance.suggestion(for: "carosel", among: kinds), "carousel")
        XCTAssertEqual(EditDistance.suggestion(for: "CLASIC", among: kinds), "classic")
        XCTAssertNil(EditDistance.suggestion(for: "stories", among: kinds))
        XCTAssertEqual(EditDistance.suggestion(for: "ab", among: ["ax", "ay"]), "ax", "a tie goes to the first candidate")
        XCTAssertEqual(EditDistance.between("", "wallet"), 6)
        XCTAssertEqual(EditDistance.between("Wallet", "wallet"), 0)
    }
}
