import XCTest
@testable import InboxModel
@testable import InboxCore

/// Each shape of BEHAVIOUR §2 normalised into the one message model.
final class ShapeTests: XCTestCase {
    private func inspect(_ text: String, shape: Shape? = nil, language: String? = nil) -> InspectedDocument {
        Inspector(options: InspectionOptions(shape: shape, language: language)).inspect(Array(text.utf8), source: "t.json")
    }

    private func only(_ text: String, shape: Shape? = nil, language: String? = nil,
                      file: StaticString = #filePath, line: UInt = #line) -> Message? {
        let document = inspect(text, shape: shape, language: language)
        XCTAssertEqual(document.messages.count, 1, file: file, line: line)
        return document.messages.first?.message
    }

    /// An inspected message is its own message (one object per message), and inspecting a
    /// message read on its own gives the same analyses as the inspector's.
    func testInspectedMessageIsItsMessage() throws {
        let document = inspect("""
            {"ios_title": "T", "content": "B", "inbox_image": "https://x.example.com/i.png",
             "data": {"displayType": "carousel", "carousel": [{"image": "https://x.example.com/1.png"}]}}
            """)
        let inspected = try XCTUnwrap(document.messages.first)
        XCTAssertTrue(inspected.message === inspected)
        let again = InspectedMessage(message: inspected.message, profile: .guide)
        XCTAssertFalse(again === inspected)
        XCTAssertEqual(again.message.pointer, inspected.message.pointer)
        XCTAssertEqual(again.resolution, inspected.resolution)
        XCTAssertEqual(again.resolution.layout, .carousel)
        XCTAssertEqual(again.sizeEstimate?.bytes, inspected.sizeEstimate?.bytes)
    }

    func testNotification() throws {
        let message = try XCTUnwrap(only("""
            {"ios_title": "T", "content": "B", "inbox_image": "https://x.example.com/i.png",
             "ios_root_params": {"aps": {"category": "C"}, "pinned": true}, "ios_category_custom": "PW_STORIES",
             "data": {"displayType": "banner"}}
            """))
        XCTAssertEqual(message.shape, .notification)
        XCTAssertEqual(message.title?.text, "T")
        XCTAssertEqual(message.body?.text, "B")
        XCTAssertEqual(message.image?.url, "https://x.example.com/i.png")
        XCTAssertEqual(message.image?.origin, .inboxImage)
        XCTAssertEqual(message.category?.string, "PW_STORIES")
        XCTAssertEqual(message.actionParams.value("displayType", at: .u)?.string, "banner")
        XCTAssertEqual(message.actionParams.value("pinned", at: .root)?.bool, true)
        XCTAssertNil(message.actionParams.value("aps", at: .root), "aps of ios_root_params is not custom data")
        XCTAssertEqual(message.actionParams.value("u", at: .root)?.pointer, "/data")
    }

    func testRequestUnwrapsNotificationsWithPointers() {
        let document = inspect(#"{"request": {"notifications": [{"content": "a"}, {"content": "b"}]}}"#)
        XCTAssertEqual(document.messages.map(\.message.pointer), ["/request/notifications/0", "/request/notifications/1"])
        XCTAssertEqual(document.messages.map(\.message.shape), [.notification, .notification])
        XCTAssertEqual(document.messages.map { $0.message.body?.text }, ["a", "b"])
    }

    func testPushWithAlertObjectAndString() throws {
        let push = try XCTUnwrap(only(#"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "PW_STORIES"}, "inbox_params": {"image": "https://i.example.com/a.png"}, "u": {"pinned": 1}}"#))
        XCTAssertEqual(push.shape, .push)
        XCTAssertEqual(push.title?.text, "T")
        XCTAssertEqual(push.body?.text, "B")
        XCTAssertEqual(push.image?.origin, .inboxParams)
        XCTAssertEqual(push.category?.string, "PW_STORIES")
        XCTAssertEqual(push.actionParams.value("pinned", at: .u)?.number, 1)
        let plain = try XCTUnwrap(only(#"{"aps": {"alert": "Just text"}}"#))
        XCTAssertNil(plain.title)
        XCTAssertEqual(plain.body?.text, "Just text")
    }

    func testInboxElementAndResponse() throws {
        let element = try XCTUnwrap(only(#"{"inbox_id": "i1", "title": "T", "text": "B", "image": "https://i.example.com/a.png", "action_params": "{\"displayType\":\"banner\"}"}"#))
        XCTAssertEqual(element.shape, .inbox)
        XCTAssertEqual(element.code, "i1")
        XCTAssertEqual(element.body?.text, "B")
        XCTAssertEqual(element.actionParams.value("displayType", at: .root)?.string, "banner")
        XCTAssertEqual(element.actionParams.value("displayType", at: .root)?.pointer, "/action_params/displayType")
        let response = inspect(#"{"response": {"messages": [{"inbox_id": "a", "text": "x"}, {"inbox_id": "b", "text": "y"}]}}"#)
        XCTAssertEqual(response.messages.map(\.message.pointer), ["/response/messages/0", "/response/messages/1"])
        let objectParams = try XCTUnwrap(only(#"{"inbox_id": "i1", "text": "B", "action_params": {"pinned": true}}"#))
        XCTAssertEqual(objectParams.actionParams.value("pinned", at: .root)?.bool, true)
    }

    func testSDKMessage() throws {
        let message = try XCTUnwrap(only(#"{"code": "c1", "title": "T", "message": "B", "imageUrl": "https://i.example.com/a.png", "isRead": true, "actionParams": {"displayType": "video"}}"#))
        XCTAssertEqual(message.shape, .message)
        XCTAssertEqual(message.code, "c1")
        XCTAssertEqual(message.isRead, true)
        XCTAssertEqual(message.image?.origin, .imageUrl)
        XCTAssertEqual(message.actionParams.value("displayType", at: .root)?.string, "video")
    }

    func testTopLevelArrayIsABatch() {
        let document = inspect(#"[{"content": "a"}, {"aps": {}}, {"nothing": 1}]"#)
        XCTAssertEqual(document.messages.map(\.message.shape), [.notification, .push])
        XCTAssertEqual(document.unrecognised.map(\.pointer), ["/2"])
    }

    func testUnrecognisedAndEmpty() {
        XCTAssertEqual(inspect(#"{"title": "x"}"#).unrecognised.count, 1)
        XCTAssertEqual(inspect(#""just a string""#).unrecognised.count, 1)
        XCTAssertTrue(inspect("  \n ").isEmpty)
        XCTAssertTrue(inspect("").isEmpty)
        XCTAssertEqual(inspect(#"{"request": {"notifications": []}}"#).emptyContainers.count, 1)
    }

    func testForcedShape() throws {
        let message = try XCTUnwrap(only(#"{"title": "T", "text": "B"}"#, shape: .inbox))
        XCTAssertEqual(message.shape, .inbox)
        XCTAssertEqual(message.title?.text, "T")
    }

    func testLocalisedTextPicksLangThenEnglishThenFirst() throws {
        let text = #"{"ios_title": {"de": "Hallo", "en": "Hello", "fr": "Salut"}, "content": {"de": "Inhalt"}}"#
        let english = try XCTUnwrap(only(text))
        XCTAssertEqual(english.title?.text, "Hello")
        XCTAssertEqual(english.title?.language, "en")
        XCTAssertEqual(english.body?.text, "Inhalt", "no en: the first key")
        XCTAssertEqual(english.title?.localizations.map(\.language), ["de", "en", "fr"])
        let french = try XCTUnwrap(only(text, language: "fr"))
        XCTAssertEqual(french.title?.text, "Salut")
        XCTAssertEqual(french.title?.value.pointer, "/ios_title/fr")
    }

    func testUAsObjectAsStringAndBroken() throws {
        let object = try XCTUnwrap(only(#"{"content": "x", "data": {"displayType": "banner"}}"#))
        XCTAssertEqual(object.actionParams.container(.u)?.pointer, "/data")
        XCTAssertNil(object.actionParams.uDocument)
        let string = try XCTUnwrap(only(#"{"content": "x", "data": "{\"displayType\": \"banner\"}"}"#))
        XCTAssertEqual(string.actionParams.value("displayType", at: .uString)?.string, "banner")
        XCTAssertEqual(string.actionParams.value("displayType", at: .uString)?.pointer, "/data/displayType")
        XCTAssertNil(string.actionParams.uProblem)
        let broken = try XCTUnwrap(only(#"{"content": "x", "data": "{\"displayType\": }"}"#))
        XCTAssertNil(broken.actionParams.uDocument)
        let problem = try XCTUnwrap(broken.actionParams.uProblem)
        XCTAssertEqual(problem.code, "IK007")
        XCTAssertEqual(problem.position.line, 1)
        XCTAssertGreaterThan(problem.position.column, 30, "inside the string, not at its start")
    }

    func testLookupTakesTheFirstPlaceWithTheRightType() throws {
        let message = try XCTUnwrap(only(#"{"aps": {}, "pinned": "true", "u": {"pinned": 1}, "userdata": {"pinned": true}}"#))
        let found = message.actionParams.lookup("pinned", in: [.root, .u, .uString, .userdata]) { value -> Bool? in
            value.kind == .bool || value.kind == .number ? (value.bool ?? (value.number != 0)) : nil
        }
        XCTAssertEqual(found?.place, .u, "the string at the root has the wrong type")
        XCTAssertEqual(found?.source.pointer, "/u/pinned")
    }
}

/// Shape detection in one pass over the members, which a notification is then read from.
final class ShapeDetectionTests: JSONTestCase {
    /// The shape as BEHAVIOUR §2 decides it, key by key: what `Shape.detection` finds in one pass.
    private func referenceShape(_ value: JSONValue) -> Shape? {
        guard value.kind == .object else { return nil }
        if let request = value["request"], request.kind == .object { return .request }
        if let response = value["response"], response.kind == .object, response["messages"] != nil { return .inbox }
        if value["actionParams"] != nil { return .message }
        if value["aps"] != nil { return .push }
        if value["inbox_id"] != nil { return .inbox }
        return Shape.notificationKeys.contains { value[$0] != nil } ? .notification : nil
    }

    /// Detection in one pass, and a notification read from the members it found, against
    /// the key-by-key decision and a notification read on its own, on many mixes of keys.
    func testDetectionInOnePassMatchesTheKeyByKeyDecision() throws {
        let members = [#""request": {"notifications": []}"#, #""request": 1"#, #""response": {"messages": []}"#,
                       #""response": {}"#, #""actionParams": "{}""#, #""aps": {"alert": "x"}"#, #""inbox_id": "i""#,
                       #""content": "Body""#, #""ios_title": {"en": "T", "de": "D"}"#, #""send_date": "now""#,
                       #""inbox_image": "https://e.com/i.png""#, #""inbox_date": "2026-01-01""#, #""inbox_days": 3"#,
                       #""data": {"displayType": "banner"}"#, #""platforms": [1]"#, #""ios_root_params": {"k": 1}"#,
                       #""ios_category_custom": "C""#, #""title": "other""#, #""d\u0061ta": "{\"a\": 1}""#,
                       #""content": "twice""#, #""ios_category_customs": 1"#, #""inbox_day": 1"#]
        var generator = SeededGenerator(state: 6)
        var shapes = Set<String>()
        for round in 0 ..< 600 {
            var picked = members.filter { _ in generator.next() % 4 == 0 }
            if round < members.count { picked = [members[round]] }
            let text = "{" + picked.joined(separator: ", ") + "}"
            let root = try jtRoot(text)
            let detection = Shape.detection(of: root)
            XCTAssertEqual(detection?.shape, referenceShape(root), text)
            XCTAssertEqual(Shape.detect(root), referenceShape(root), text)
            shapes.insert(detection.map { $0.shape.rawValue } ?? "none")
            guard let detection, detection.shape == .notification else { continue }
            let alone = Message(fields: Normaliser.fields(from: root, shape: .notification, source: "s", language: "de"))
            let read = Message(fields: Normaliser.fields(from: root, shape: .notification, source: "s", language: "de",
                                                         members: detection.members))
            XCTAssertEqual(read.title?.value.index, alone.title?.value.index, text)
            XCTAssertEqual(read.title?.language, alone.title?.language, text)
            XCTAssertEqual(read.body?.value.index, alone.body?.value.index, text)
            XCTAssertEqual(read.image?.value.index, alone.image?.value.index, text)
            XCTAssertEqual(read.platforms?.index, alone.platforms?.index, text)
            XCTAssertEqual(read.sendDate?.index, alone.sendDate?.index, text)
            XCTAssertEqual(read.inboxDate?.index, alone.inboxDate?.index, text)
            XCTAssertEqual(read.inboxDays?.index, alone.inboxDays?.index, text)
            XCTAssertEqual(read.category?.index, alone.category?.index, text)
            XCTAssertEqual(read.rootParams?.index, alone.rootParams?.index, text)
            XCTAssertEqual(read.actionParams.u?.index, alone.actionParams.u?.index, text)
        }
        XCTAssertEqual(shapes, Set(Shape.allCases.map(\.rawValue) + ["none"]), "every outcome is tried")
    }
}
