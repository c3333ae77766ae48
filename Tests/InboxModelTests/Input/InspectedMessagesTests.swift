import XCTest
@testable import InboxModel

/// `InspectedMessages` holds one message without a list and more in one: read every way
/// the array it replaced was read, it must give the same messages in the same order.
final class InspectedMessagesTests: XCTestCase {
    /// `count` messages of a batch, inspected.
    private func messages(_ count: Int) -> [InspectedMessage] {
        let batch = "[" + (0 ..< count).map { #"{"content": "m\#($0)"}"# }.joined(separator: ",") + "]"
        let document = Inspector(options: InspectionOptions()).inspect(Array(batch.utf8), source: "t.json")
        return Array(document.messages)
    }

    func testAppendedMessagesReadAsTheArray() {
        for count in 0 ... 6 {
            let expected = messages(count)
            XCTAssertEqual(expected.count, count)
            for reserved in [0, 1, count, count + 3] {
                var list = InspectedMessages()
                list.reserveCapacity(reserved)
                for message in expected { list.append(message) }
                XCTAssertEqual(list.count, count)
                XCTAssertEqual(list.isEmpty, count == 0)
                XCTAssertTrue(list.first === expected.first)
                XCTAssertEqual(list.indices, expected.indices)
                for index in expected.indices { XCTAssertTrue(list[index] === expected[index]) }
                XCTAssertEqual(Array(list).map(ObjectIdentifier.init), expected.map(ObjectIdentifier.init))
                XCTAssertEqual(InspectedMessages(expected).map(ObjectIdentifier.init), expected.map(ObjectIdentifier.init))
            }
        }
    }

    func testADocumentKeepsItsMessagesInOrder() {
        let document = Inspector(options: InspectionOptions())
            .inspect(Array(#"{"request": {"notifications": [{"content": "a"}, {"content": "b"}, {"content": "c"}]}}"#.utf8),
                     source: "t.json")
        XCTAssertEqual(document.messages.map(\.pointer),
                       ["/request/notifications/0", "/request/notifications/1", "/request/notifications/2"])
        let one = Inspector(options: InspectionOptions()).inspect(Array(#"{"content": "a"}"#.utf8), source: "t.json")
        XCTAssertEqual(one.messages.map(\.pointer), [""])
        XCTAssertEqual(([] as InspectedMessages).count, 0)
    }
}
