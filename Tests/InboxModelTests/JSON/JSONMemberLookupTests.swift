import XCTest
@testable import InboxModel
@testable import InboxCore

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
                for place in LookupPlace.allCases {
                    let expected = params.value(field.key, at: place)
                    let indexed = params.value(field, at: place)
                    XCTAssertEqual(indexed?.index, expected?.index, "\(field) at \(place), hidden \(hidden)")
                    XCTAssertEqual(indexed?.pointer, expected?.pointer, "\(field) at \(place), hidden \(hidden)")
                }
            }
        }
    }
    /// The index matches keys by their length and bytes read as integers: every indexed
    /// name, and names one byte off, one byte shorter or longer, escaped, at the start of
    /// the input and against its end (where the bytes are read one by one), finds what a
    /// lookup by name finds.
    func testCustomDataIndexMatchesNamesByteForByte() throws {
        let names = CustomDataField.allCases.map(\.key) + ["pw_stories"]
        var keys: [String] = []
        for name in names {
            let bytes = Array(name.utf8)
            keys.append(name)
            keys.append(String(name.dropLast()))
            keys.append(name + "s")
            keys.append("_" + name.dropFirst())
            for position in bytes.indices {
                var changed = bytes
                changed[position] ^= 0x20
                keys.append(String(decoding: changed, as: UTF8.self))
            }
            keys.append(#"\u00"# + String(Int(bytes[0]), radix: 16) + name.dropFirst())
        }
        for key in keys {
            for text in [#"{"\#(key)": 1, "other": 2}"#, #"{"other": 2, "\#(key)": [1]}"#, #"{"\#(key)":{}}"#] {
                let object = try jtRoot(text)
                let index = CustomDataIndex.fields(of: object)
                for field in CustomDataField.allCases {
                    XCTAssertEqual(index.node(field, at: .root), object[field.key]?.index, "\(field) in \(text)")
                }
                XCTAssertEqual(index.storyBlockNode(at: .root), object["pw_stories"]?.index, text)
            }
        }
    }
}
