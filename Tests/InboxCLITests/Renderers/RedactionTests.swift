import XCTest
import InboxModel
@testable import InboxCLI
@testable import InboxCore

/// `auth` is an API token: whatever prints a payload value prints `***` instead.
final class RedactionTests: XCTestCase {
    func testPayloadValuesAreRedactedAtEveryDepth() throws {
        let text = #"{"auth": "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK", "inner": [{"auth": {"nested": "secret-value"}}], "keep": "me"}"#
        let document = try JSONDocument.parse(Array(text.utf8)).get()
        // Values borrow their document (see `JSONValue`): kept alive over the reads.
        let printed = withExtendedLifetime(document) { JSONOut.from(document.root).serialized(pretty: false) }
        XCTAssertEqual(printed, #"{"auth":"***","inner":[{"auth":"***"}],"keep":"me"}"#)
    }
}
