import XCTest
@testable import InboxModel
@testable import InboxCore

/// `RepeatedText` writes the copies into the string's storage itself: it must give what
/// `String(repeating:count:)` gives, for one-character pieces (which a literal may hold as
/// a scalar), longer ones and pieces outside ASCII, at any count.
final class RepeatedTextTests: XCTestCase {
    func testAgreesWithStringRepeating() {
        for count in [-1, 0, 1, 2, 3, 17, 600] {
            XCTAssertEqual(RepeatedText.of("[", count: count), String(repeating: "[", count: max(0, count)))
            XCTAssertEqual(RepeatedText.of("sku-0001,", count: count), String(repeating: "sku-0001,", count: max(0, count)))
            XCTAssertEqual(RepeatedText.of("é€", count: count), String(repeating: "é€", count: max(0, count)))
            XCTAssertEqual(RepeatedText.of("", count: count), "")
        }
    }

    /// The examples built from it are the ones the goldens and README show.
    func testExamplesKeepTheirText() {
        let deep = NestingTooDeep().description.triggers[0].payload
        XCTAssertEqual(deep, String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        XCTAssertEqual(PayloadSizeText.products(3), "sku-0001,sku-0001,sku-0001,")
    }
}
