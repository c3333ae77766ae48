import XCTest
@testable import InboxModel

/// Looking up several members in one pass (`MemberNames`) and the custom-data index
/// must answer exactly what one lookup per key answers: last duplicate wins, escaped
/// keys match their decoded name, absent keys and non-objects give nil.
final class JSONMemberLookupTests: JSONTestCase {
    private let names = ["title", "data", "caf\u{e9}", "missing", "t"]

    func testBatchLookupMatchesSingleLookups() throws {
        let texts = [
            #"{"title": "A", "data": {"x": 1}, "t": 0, "title": "B"}"#,
            #"{"tit\u006ce": "escaped", "caf\u00e9": 2, "t": [1]}"#,
            #"{"titles": 1, "dat": 2, "": 3}"#,
            #"{}"#,
            #"[1, 2]"#,
            #""title""#,
        ]
        for text in texts {
            let root = try jtParse(text).root
            let found = root.members(MemberNames(names))
            for (position, name) in names.enumerated() {
                XCTAssertEqual(found[position]?.index, root[name]?.index, "\(name) in \(text)")
            }
        }
    }

    func testCustomDataIndexMatchesTheLookupWalk() throws {
        // Fields at every place, duplicated, escaped, hidden at the root, and of the wrong type.
        let text = #"""
            {"displayType": "banner", "aps": 1, "pinned": true, "pinned": false,
             "userdata": {"displayType": "carousel", "pinned": 1},
             "u": "{\"buttons\": [], \"vid\\u0065o\": {}}",
             "carousel": "x", "wallet": {"pass": "https://example.com/p.pkpass"}}
            """#
        let root = try jtParse(text).root
        for hidden in [[], ["pinned"], ["userdata"]] {
            let params = ActionParams(root: root, hiddenRootKeys: hidden)
            for field in CustomDataField.allCases {
                XCTAssertEqual(field.utf8.description, field.key)
                for place in LookupPlace.allCases {
                    let expected = params.value(field.key, at: place)
                    let indexed = params.value(field, at: place)
                    XCTAssertEqual(indexed?.index, expected?.index, "\(field) at \(place), hidden \(hidden)")
                    XCTAssertEqual(indexed?.pointer, expected?.pointer, "\(field) at \(place), hidden \(hidden)")
                }
            }
        }
    }
}
