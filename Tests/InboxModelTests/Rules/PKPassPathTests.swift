import XCTest
@testable import InboxModel
@testable import InboxCore

/// `pathEndsInPKPass`, the byte test IK5xx's pass check asks first, against its definition
/// on the decoded text: the path (up to the first `?` or `#`) ends in `.pkpass` in any
/// ASCII case, after an ASCII character or nothing. Strings with escapes are left to the
/// decoded check (false).
final class PKPassPathTests: JSONTestCase {
    private func definition(_ text: String) -> Bool {
        let path = Array(text.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        guard path.count >= 7, path.count == 7 || path[path.count - 8] < 0x80 else { return false }
        return String(decoding: path.suffix(7), as: UTF8.self).lowercased() == ".pkpass"
            && path[path.count - 7] == UInt8(ascii: ".")
    }

    func testAgreesWithTheDefinitionOnGeneratedPaths() throws {
        var generator = SeededGenerator(state: 91)
        let pieces = [".pkpass", ".PKPass", ".pkpas", "pkpass", "?", "#", "/", "a", "é", "x.", ".PKPASS", "?x=.pkpass", "ķ"]
        for _ in 0 ..< 3000 {
            let text = (0 ..< Int.random(in: 0 ... 5, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let value = try jtRoot(JSONText.quote(text))
            XCTAssertEqual(value.pathEndsInPKPass, definition(text), text)
        }
        XCTAssertTrue(try jtRoot(#"".pkpass""#).pathEndsInPKPass)
        XCTAssertTrue(try jtRoot(#""https://w.io/p.PkPaSs?x#y""#).pathEndsInPKPass)
        XCTAssertFalse(try jtRoot(#""https://w.io/p\u002epkpass""#).pathEndsInPKPass, "escaped: left to the decoded check")
        XCTAssertFalse(try jtRoot(#""https://w.io/p.pkpass/""#).pathEndsInPKPass)
        XCTAssertFalse(try jtRoot("12").pathEndsInPKPass)
    }
}
