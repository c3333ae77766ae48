import XCTest
@testable import InboxModel
@testable import InboxCore

/// A message's text fields and code are plain values read from the document when asked
/// (`TextField` keeps no box of its language and localisations, `MessageFields` keeps a
/// code as a node): each is compared with what the members of the document say, on many
/// spellings (escaped and duplicated keys, empty and non-string values, every shape).
final class PlainFieldsTests: JSONTestCase {
    /// The choice `TextField.read` documents (BEHAVIOUR §2), computed from the members.
    private func expected(_ value: JSONValue?, preferred: String?)
        -> (text: String?, language: String?, localizations: [String], pointer: String?) {
        guard let value else { return (nil, nil, [], nil) }
        guard value.kind == .object else { return (value.string, nil, [], value.pointer) }
        let members = value.members
        let chosen = preferred.flatMap { lang in members.last { $0.key == lang } }
            ?? members.last { $0.key == "en" } ?? members.first
        guard let chosen else { return (nil, nil, [], value.pointer) }
        return (chosen.value.string, chosen.key, members.map(\.key), chosen.value.pointer)
    }

    private func assertField(_ field: TextField?, _ source: JSONValue?, preferred: String?, _ context: String,
                             line: UInt = #line) {
        let want = expected(source, preferred: preferred)
        XCTAssertEqual(field?.text, want.text, context, line: line)
        XCTAssertEqual(field?.language, want.language, context, line: line)
        XCTAssertEqual(field?.localizations.map(\.language) ?? [], want.localizations, context, line: line)
        XCTAssertEqual(field?.localizations.map(\.value.pointer) ?? [],
                       source?.kind == .object && want.language != nil ? source?.members.map(\.value.pointer) ?? [] : [],
                       context, line: line)
        XCTAssertEqual(field?.value.pointer, want.pointer, context, line: line)
    }

    func testTextFieldsReadFromTheDocumentMatchTheMembers() throws {
        let titles = [
            #""Hello""#, #""""#, "12", "null", "[]", "{}",
            #"{"en": "Hello"}"#, #"{"de": "Hallo", "en": "Hello", "fr": "Salut"}"#,
            #"{"de": "Hallo", "fr": "Salut"}"#, #"{"en": "A", "en": "B"}"#, #"{"\u0065n": "Escaped", "de": "D"}"#,
            #"{"fr": 3, "en": null}"#, #"{"fr": {"en": "deep"}}"#, #"{"d\u00e9": "x", "fr": "Salut"}"#,
        ]
        for preferred in [nil, "fr", "de", "xx", "dé"] as [String?] {
            for (index, title) in titles.enumerated() {
                for body in [#""Body""#, titles[(index + 5) % titles.count]] {
                    let text = #"{"ios_title": \#(title), "content": \#(body), "send_date": "now"}"#
                    let root = try jtRoot(text)
                    let message = Normaliser(source: "s", language: preferred).message(from: root, shape: .notification)
                    let context = "\(text) --lang \(preferred ?? "-")"
                    assertField(message.title, root["ios_title"], preferred: preferred, context)
                    assertField(message.body, root["content"], preferred: preferred, context)
                    let alert = try jtRoot(#"{"aps": {"alert": {"title": \#(title), "body": \#(body)}}, "p": "c"}"#)
                    let push = Normaliser(source: "s", language: preferred).message(from: alert, shape: .push)
                    assertField(push.title, alert["aps"]?["alert"]?["title"], preferred: preferred, context)
                    assertField(push.body, alert["aps"]?["alert"]?["body"], preferred: preferred, context)
                }
            }
        }
    }

    func testCodeReadFromTheDocumentIsTheDecodedString() throws {
        let cases: [(text: String, shape: Shape, code: String?)] = [
            (#"{"aps": {"alert": "x"}, "p": "abc"}"#, .push, "abc"),
            (#"{"aps": {"alert": "x"}, "p": "a\"b\u00e9 and a code longer than sixteen bytes"}"#, .push,
             "a\"bé and a code longer than sixteen bytes"),
            (#"{"aps": {"alert": "x"}, "p": 12}"#, .push, nil),
            (#"{"aps": {"alert": "x"}}"#, .push, nil),
            (#"{"inbox_id": "I-1", "title": "t"}"#, .inbox, "I-1"),
            (#"{"inbox_id": null, "title": "t"}"#, .inbox, nil),
            (#"{"code": "C", "actionParams": {}}"#, .message, "C"),
            (#"{"code": "", "actionParams": {}}"#, .message, ""),
            (#"{"content": "x"}"#, .notification, nil),
        ]
        for (text, shape, code) in cases {
            let root = try jtRoot(text)
            XCTAssertEqual(Normaliser(source: "s", language: nil).message(from: root, shape: shape).code, code, text)
        }
        // A code given as a string is kept as given.
        let root = try jtRoot(#"{"content": "x"}"#)
        let given = Message(source: "s", value: root, shape: .push, code: "given", actionParams: ActionParams(root: nil))
        XCTAssertEqual(given.code, "given")
        XCTAssertEqual(given.title?.text, nil)
    }
}
