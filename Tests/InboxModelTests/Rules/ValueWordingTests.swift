import XCTest
@testable import InboxModel

/// The phrases findings are made of.
final class ValueWordingTests: XCTestCase {
    /// The eight spelled-out heuristic phrases read as the rule "what it has, listed,
    /// then but no what it lacks" would compose them.
    func testHeuristicFactsFollowTheListingRule() {
        for image in [false, true] {
            for title in [false, true] {
                for body in [false, true] {
                    let facts = CardFacts(image: image, title: title, body: body, slides: false,
                                          videoDescriptor: false, passURL: false)
                    let parts = [(image, "an image", "image"), (title, "a title", "title"), (body, "a body", "body")]
                    let has = parts.filter { $0.0 }.map { $0.1 }
                    let lacks = parts.filter { !$0.0 }.map { $0.2 }
                    let expected = has.isEmpty ? "no image, title or body"
                        : ValueWording.list(has) + (lacks.isEmpty ? "" : " but no " + lacks.joined(separator: " or "))
                    XCTAssertEqual(ValueWording.heuristicFacts(facts), expected, "image \(image) title \(title) body \(body)")
                }
            }
        }
    }
}
