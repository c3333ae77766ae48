import XCTest
@testable import InboxModel
@testable import InboxCore

/// Values borrow their document (see "Ownership" on `JSONValue`): what the model hands
/// out on its own must hold the documents its values are in. Under AddressSanitizer
/// (`make sanitize-address`) a value read after its document was freed fails these tests.
final class BorrowedValueTests: JSONTestCase {
    /// A notification whose values live in three documents: the file, the `data` custom
    /// data (here an object of the file) and a `userdata` string parsed by the story lookup.
    private static let payload = #"""
        {"ios_title": "Sale", "content": "Everything must go", "ios_category_custom": "PW_STORIES",
         "ios_root_params": {"aps": {"mutable-content": 1},
                             "userdata": "{\"pw_stories\": {\"pages\": [{\"image\": \"https://cdn.example.com/p1.jpg\", \"duration\": 4}]}}"},
         "data": {"displayType": "banner", "image": "https://cdn.example.com/b.png",
                  "buttons": [{"title": "Open", "url": "https://example.com/open"}]}}
        """#

    /// The results kept of the payload's one message, returned after the inspected
    /// document (the only other owner of the file's document) is released.
    private func detached() throws -> (Resolution, Story, APNsSizeEstimate) {
        let document = Inspector(options: InspectionOptions()).inspect(Array(Self.payload.utf8), source: "t.json")
        let inspected = try XCTUnwrap(document.messages.first)
        return (inspected.resolution, try XCTUnwrap(inspected.story),
                try XCTUnwrap(APNsSizeEstimate.estimate(inspected.message)))
    }

    func testResultsKeptApartFromTheirDocumentStayReadable() throws {
        let (resolution, story, estimate) = try detached()
        XCTAssertEqual(resolution.buttons.buttons.map { $0.source["title"]?.string }, ["Open"])
        XCTAssertEqual(resolution.buttons.buttons.first?.source.pointer, "/data/buttons/0")
        XCTAssertEqual(resolution.image?.source.string, "https://cdn.example.com/b.png")
        XCTAssertEqual(resolution.displayType?.source.position.line, 4)
        XCTAssertTrue(resolution.urlSites.contains { $0.url == "https://example.com/open" })
        // The page is in the `userdata` string's own document, held by the story's lookup.
        XCTAssertEqual(story.pages.map(\.value.pointer), ["/ios_root_params/userdata/pw_stories/pages/0"])
        XCTAssertEqual(story.pages.first?.value["image"]?.string, "https://cdn.example.com/p1.jpg")
        XCTAssertEqual(story.lookup.block?.position.line, 3)
        let titlePart = try XCTUnwrap(estimate.parts.first { $0.name == "the title (ios_title)" })
        XCTAssertEqual(titlePart.value?.string, "Sale")
    }

    /// A message keeps the document it was read from, through its action params when
    /// they were read from it (custom data in the same document) and itself otherwise (no
    /// custom data, or custom data parsed from a string), and so does a resolution kept
    /// apart from the message.
    func testMessagesAndResolutionsKeepTheirDocumentWhoeverHoldsIt() throws {
        let payloads = [
            #"{"ios_title": "A", "content": "b", "data": {"displayType": "banner"}}"#,
            #"{"ios_title": "A", "content": "b", "ios_root_params": {"pinned": true}}"#,
            #"{"ios_title": "A", "content": "b", "data": "{\"displayType\": \"banner\"}"}"#,
            #"{"ios_title": "A", "content": "b"}"#,
            #"{"aps": {"alert": {"title": "A", "body": "b"}}, "p": "x"}"#,
            #"{"inbox_id": "1", "title": "A", "text": "b", "action_params": {"displayType": "banner"}}"#,
            #"{"inbox_id": "1", "title": "A", "text": "b", "action_params": "{\"displayType\": \"banner\"}"}"#,
            #"{"inbox_id": "1", "title": "A", "text": "b"}"#,
        ]
        for payload in payloads {
            weak var document: JSONDocument?
            func inspect() throws -> InspectedMessage {
                let inspected = Inspector(options: InspectionOptions()).inspect(Array(payload.utf8), source: "t.json")
                document = inspected.document
                return try XCTUnwrap(inspected.messages.first, payload)
            }
            var message: InspectedMessage? = try inspect()
            XCTAssertNotNil(document, "held by the message: \(payload)")
            XCTAssertEqual(message?.title?.text, "A", payload)
            XCTAssertEqual(message?.value.pointer, "", payload)
            let resolution = try XCTUnwrap(message?.resolution)
            message = nil
            XCTAssertNotNil(document, "held by the resolution: \(payload)")
            XCTAssertEqual(resolution.displayType?.source.string ?? "banner", "banner", payload)
            withExtendedLifetime(resolution) {}
        }
    }

    /// Action params hold their documents through one keeper (the `u` document, which
    /// keeps the document it was parsed from), and a `u` string of another document than
    /// the root through the rare box: each document stays alive while the params are held.
    func testActionParamsKeepEveryDocumentTheyRead() throws {
        weak var rootDocument: JSONDocument?
        weak var uOwner: JSONDocument?
        weak var uDocument: JSONDocument?
        func params(separate: Bool) throws -> ActionParams {
            let root = try XCTUnwrap(try? JSONDocument.parse(Array(#"{"a": 1, "u": "{\"x\": 2}"}"#.utf8)).get())
            let other = try XCTUnwrap(try? JSONDocument.parse(Array(#"{"u": "{\"x\": 3}"}"#.utf8)).get())
            rootDocument = root
            uOwner = separate ? other : root
            let params = ActionParams(root: root.root, u: .some(separate ? other.root["u"] : root.root["u"]))
            uDocument = params.uDocument
            return params
        }
        for separate in [false, true] {
            let held = try params(separate: separate)
            XCTAssertNotNil(rootDocument, "separate: \(separate)")
            XCTAssertNotNil(uOwner, "separate: \(separate)")
            XCTAssertNotNil(uDocument, "separate: \(separate)")
            XCTAssertEqual(held.root?["a"]?.number, 1)
            XCTAssertEqual(held.container(.uString)?["x"]?.number, separate ? 3 : 2)
            XCTAssertEqual(held.value("x", at: .uString)?.position.column, separate ? 16 : 24)
            XCTAssertEqual(held.value("x", at: .uString)?.pointer, "/u/x")
            XCTAssertTrue(held.uDocument === uDocument)
            withExtendedLifetime(held) {}
        }
    }

    /// A nested document holds its parent: its positions map back through the parent's
    /// bytes, after the code that parsed the parent has let it go.
    func testNestedDocumentKeepsItsParent() throws {
        func nested() throws -> JSONDocument {
            let outer = try XCTUnwrap(try? JSONDocument.parse(Array(#"{"u": "{\"a\": [1, \"x\\ty\"]}"}"#.utf8)).get())
            return try XCTUnwrap(outer.root["u"]?.parseNested()).get()
        }
        let document = try nested()
        let text = try XCTUnwrap(document.root["a"]?[1])
        XCTAssertEqual(text.string, "x\ty")
        XCTAssertEqual(text.pointer, "/u/a/1")
        XCTAssertEqual(text.position, SourcePosition(offset: 19, line: 1, column: 20), "the escaped quote's backslash")
    }

    func testValuesKnowTheirDocumentWithoutHoldingIt() throws {
        let first = try jtParse(#"{"a": [1, 2]}"#)
        let second = try jtParse(#"{"a": [1, 2]}"#)
        let value = try XCTUnwrap(first.root["a"]?[1])
        XCTAssertTrue(value.belongs(to: first))
        XCTAssertFalse(value.belongs(to: second))
        XCTAssertTrue(value.sameDocument(as: first.root))
        XCTAssertFalse(value.sameDocument(as: second.root))
        XCTAssertTrue(value.document === first)
        XCTAssertEqual(value.parent?.index, first.root["a"]?.index)
    }
}
