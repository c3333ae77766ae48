import XCTest
@testable import InboxModel

/// Matching display types and button actions without lowercasing must agree with
/// `text.lowercased() == name`, which is what the SDK's lookup amounts to.
final class CaseInsensitiveNameTests: XCTestCase {
    private let names = NameTable<Int>([("dismiss", 1), ("markread", 2), ("custom", 3)])

    func testMatchesWhatLowercasingWouldMatch() {
        let texts = ["dismiss", "DISMISS", "MarkRead", "markreaD", "custom", "Custom ", " custom", "dismis", "dismisss",
                     "", "mark read", "\u{212A}", "mar\u{212A}read", "DİSMISS", "cüstom", "markread\u{0}"]
        for text in texts {
            let expected = names.names.first { $0.name == text.lowercased() }?.value
            XCTAssertEqual(CaseInsensitiveName.match(text, among: names), expected, text)
        }
    }

    func testKelvinSignLowercasesToAnASCIILetter() {
        // Only the Unicode path sees it: "marKread" with U+212A is "markread" once lowercased.
        XCTAssertEqual(CaseInsensitiveName.match("mar\u{212A}read", among: names), 2)
    }

    func testCardKindsAreMatchedByTheirSpelling() {
        for kind in CardKind.allCases {
            XCTAssertEqual(CaseInsensitiveName.match(kind.rawValue.uppercased(), among: CardKind.nameTable), kind)
            XCTAssertEqual(CardKind.allCases[kind.ordinal], kind)
        }
        XCTAssertNil(CaseInsensitiveName.match("carousels", among: CardKind.nameTable))
    }
}

/// The word-at-a-time matching of `NameTable` against the plain definition, for names and
/// texts around its eight- and sixteen-byte boundaries.
final class NameTableTests: XCTestCase {
    func testLongAndShortNamesMatchLikeLowercasing() {
        let names: [(name: String, value: Int)] = [("a", 1), ("eightchr", 2), ("ninechars", 3), ("sixteen-bytes-xx", 4),
                                                   ("seventeen-bytes-x", 5), ("at@[`z{", 6)]
        let table = NameTable(names)
        let texts = ["A", "a", "EightChr", "eightchrs", "NINECHARS", "nineChar", "Sixteen-Bytes-XX", "sixteen-bytes-x",
                     "SEVENTEEN-BYTES-X", "seventeen-bytes-xy", "AT@[`Z{", "at@[`z{", "AT@{`Z[", "", "\u{212A}"]
        for text in texts {
            let expected = names.first { $0.name == text.lowercased() }?.value
            XCTAssertEqual(CaseInsensitiveName.match(text, among: table), expected, text)
        }
    }
}
