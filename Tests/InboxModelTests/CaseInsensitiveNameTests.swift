import XCTest
@testable import InboxModel

/// Matching display types and button actions without lowercasing must agree with
/// `text.lowercased() == name`, which is what the SDK's lookup amounts to.
final class CaseInsensitiveNameTests: XCTestCase {
    private let names: [(name: String, value: Int)] = [("dismiss", 1), ("markread", 2), ("custom", 3)]

    func testMatchesWhatLowercasingWouldMatch() {
        let texts = ["dismiss", "DISMISS", "MarkRead", "markreaD", "custom", "Custom ", " custom", "dismis", "dismisss",
                     "", "mark read", "\u{212A}", "mar\u{212A}read", "DİSMISS", "cüstom", "markread\u{0}"]
        for text in texts {
            let expected = names.first { $0.name == text.lowercased() }?.value
            XCTAssertEqual(CaseInsensitiveName.match(text, among: names), expected, text)
        }
    }

    func testKelvinSignLowercasesToAnASCIILetter() {
        // Only the Unicode path sees it: "marKread" with U+212A is "markread" once lowercased.
        XCTAssertEqual(CaseInsensitiveName.match("mar\u{212A}read", among: names), 2)
    }

    func testCardKindsAreMatchedByTheirSpelling() {
        for kind in CardKind.allCases {
            XCTAssertEqual(CaseInsensitiveName.match(kind.rawValue.uppercased(), among: CardKind.names), kind)
            XCTAssertEqual(CardKind.allCases[kind.ordinal], kind)
        }
        XCTAssertNil(CaseInsensitiveName.match("carousels", among: CardKind.names))
    }
}
