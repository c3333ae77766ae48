import XCTest
@testable import InboxModel
@testable import InboxCore

/// The misspelled-key rules read short keys written without escapes from their bytes
/// (`expected(forKey:decoded:)`) and others as strings (`expected(for:)`): both must agree.
final class SDKKeySpellingTests: XCTestCase {
    func testByteReadingAgreesWithStringReadingOnMutatedNames() {
        var generator = SeededGenerator(state: 210)
        let alphabet = Array("abcdeilmnoprstuvxyzABDIPTUZ_- @[`{09".utf8)
        var keys: Set<String> = ["campaign", "order_id", "", "x", "display_type", "DisplayType", "dispayType", "carrousel",
                                 "button", "imageURL", "img", "passUrl", "uri", "PW-STORIES", "pw story", "displayTypes",
                                 "display_type_of_card", "D_I_S_P_L_A_Y_T_Y_P_E", "pw-stories---------",
                                 "lin\u{212A}", "IMAGE\u{0130}", "bütton", "carouselé"]
        for key in SDKKeyTable.keys {
            for written in [key.name] + key.alsoWritten {
                keys.insert(written)
                for _ in 0 ..< 40 {
                    var bytes = Array(written.utf8)
                    switch generator.next() % 4 {
                    case 0: bytes[Int(generator.next() % UInt64(bytes.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: Int(generator.next() % UInt64(bytes.count + 1)))
                    case 2: bytes.remove(at: Int(generator.next() % UInt64(bytes.count)))
                    default: bytes = Array(String(decoding: bytes, as: UTF8.self).uppercased().utf8)
                    }
                    keys.insert(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        var misspellings = 0
        for place in KeyPlace.allCases {
            for key in keys {
                let byString = SDKKeyTable.expected(for: key, at: place)
                let bytes = Array(key.utf8)
                let byBytes: String?
                if bytes.count <= ShortKey.capacity {
                    // As `MemberNamePretest.forEachCandidate` reads a key: two words of its bytes.
                    let words = bytes.withUnsafeBufferPointer { KeyBytes.words($0, from: 0, length: $0.count) }
                    let short = ShortKey(low: words.low, high: words.high, count: bytes.count)
                    XCTAssertEqual(short, ShortKey(key), key.debugDescription)
                    byBytes = SDKKeyTable.tables[place.ordinal].expected(forKey: short, decoded: { key })
                } else {
                    byBytes = SDKKeyTable.expected(for: key, at: place)
                }
                XCTAssertEqual(byBytes, byString, "\(key.debugDescription) at \(place)")
                if byString != nil { misspellings += 1 }
            }
        }
        // The set must exercise both answers, or the comparison proves little.
        XCTAssertGreaterThan(misspellings, 200)
        XCTAssertGreaterThan(keys.count * KeyPlace.allCases.count - misspellings, 1000)
    }

    /// `ShortKey.isOneEdit` (words, then bytes) against the plain definition on byte arrays.
    func testOneEditMatchesTheDefinition() {
        func reference(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            guard abs(a.count - b.count) <= 1, a != b else { return false }
            if a.count == b.count { return zip(a, b).filter { $0 != $1 }.count == 1 }
            let (long, short) = a.count > b.count ? (a, b) : (b, a)
            return long.indices.contains { Array(long[..<$0] + long[($0 + 1)...]) == short }
        }
        var generator = SeededGenerator(state: 7)
        let alphabet = Array("abcdxyz_".utf8)
        var edits = 0
        for _ in 0 ..< 20_000 {
            let a = (0 ..< Int(generator.next() % 17)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var b = a
            switch generator.next() % 4 {
            case 0 where !b.isEmpty: b[Int(generator.next() % UInt64(b.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            case 1 where b.count < 16: b.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: Int(generator.next() % UInt64(b.count + 1)))
            case 2 where !b.isEmpty: b.remove(at: Int(generator.next() % UInt64(b.count)))
            default: b = (0 ..< Int(generator.next() % 17)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            let keyA = ShortKey(String(decoding: a, as: UTF8.self)), keyB = ShortKey(String(decoding: b, as: UTF8.self))
            guard let keyA, let keyB else { continue }
            XCTAssertEqual(keyA.isOneEdit(from: keyB), reference(a, b), "\(a) \(b)")
            if reference(a, b) { edits += 1 }
        }
        XCTAssertGreaterThan(edits, 5_000)
    }
}
