import Foundation
@testable import InboxModel
@testable import InboxCore
import XCTest

/// `URLReading` against the dynamically linked Foundation's `URL(string:)` (this test process
/// links it dynamically, so its international hosts are converted as on a phone): generated
/// URL strings biased to the hard cases must be accepted and rejected alike, and accepted
/// ones must have the same `absoluteString`.
final class URLAgreementTests: XCTestCase {
    /// The reference: what the SDK gets from Foundation.
    private func foundation(_ string: String) -> String? {
        URL(string: string)?.absoluteString
    }

    private func ours(_ string: String) -> String? {
        URLReading.of(string).effective(string)
    }

    func testThisProcessConvertsInternationalHostsLikeAPhone() {
        // Were Foundation linked statically here, the host would stay unconverted and the
        // agreement below would prove nothing.
        XCTAssertEqual(foundation("https://bücher.de/ä"), "https://xn--bcher-kva.de/%C3%A4")
    }

    func testGeneratedURLsAgreeWithFoundation() {
        var generator = SeededGenerator(state: 20)
        var disagreements: [String] = []
        var accepted = 0, changed = 0, rejected = 0
        let count = 20_000
        for _ in 0 ..< count {
            let url = URLCorpus.url(using: &generator)
            let expected = foundation(url)
            let actual = ours(url)
            if expected != actual {
                disagreements.append("\(url.debugDescription): Foundation \(expected.debugDescription), ours \(actual.debugDescription)")
            }
            switch expected {
            case nil: rejected += 1
            case url: accepted += 1
            default: changed += 1
            }
        }
        XCTAssertEqual(disagreements.count, 0, "\(disagreements.count) of \(count) disagree:\n" + disagreements.prefix(40).joined(separator: "\n"))
        // The corpus must exercise all three answers.
        XCTAssertGreaterThan(accepted, count / 10)
        XCTAssertGreaterThan(changed, count / 10)
        XCTAssertGreaterThan(rejected, count / 10)
    }

    func testTheIssueExamples() {
        for url in ["https://exa mple.com", "https:// x", "https://x.com ", "https://%zz", "http://x:80a"] {
            XCTAssertFalse(URLReading.of(url).isAccepted, url)
            XCTAssertNil(foundation(url), url)
        }
        let shown = [
            "https://example.com/a b.jpg": "https://example.com/a%20b.jpg",
            "https://x/%zz": "https://x/%25zz",
            "https://example.com/عروض": "https://example.com/%D8%B9%D8%B1%D9%88%D8%B6",
            "https://bücher.de/ä": "https://xn--bcher-kva.de/%C3%A4",
        ]
        for (written, effective) in shown {
            XCTAssertEqual(URLReading.of(written), .changed(effective), written)
            XCTAssertEqual(foundation(written), effective, written)
        }
    }

    func testRejectionReasons() {
        XCTAssertEqual(URLReading.of("https://exa mple.com").rejection, .hostSpace)
        XCTAssertEqual(URLReading.of("https://%zz").rejection, .hostPercent)
        XCTAssertEqual(URLReading.of("http://x:80a").rejection, .port)
        XCTAssertEqual(URLReading.of("https://[::1]x").rejection, .afterAddress)
        XCTAssertEqual(URLReading.of("https://-ü.de/").rejection, .hostName)
        XCTAssertEqual(URLReading.of("https://a<b/").rejection, .hostCharacter)
    }

    func testTheFastPathOnlyAcceptsWhatTheFullReadingTakesAsWritten() {
        var generator = SeededGenerator(state: 21)
        var proved = 0
        for _ in 0 ..< 5_000 {
            let url = URLCorpus.url(using: &generator)
            guard url.utf8.withContiguousStorageIfAvailable({ URLFirstLook.isAsWritten($0) }) == true else { continue }
            proved += 1
            XCTAssertEqual(URLRepair.read(Array(url.utf8)), .asWritten, url)
        }
        XCTAssertGreaterThan(proved, 250)
    }

    func testPlainURLsTakeTheFastPath() {
        for url in ["https://example.com/a.png", "myapp://deal?id=7#top", "https://x.com:8080/p%20q", "mailto:deals.team+spring.example.org", "HTTPS://EXAMPLE.COM/"] {
            let answer = url.utf8.withContiguousStorageIfAvailable { URLFirstLook.isAsWritten($0) }
            XCTAssertEqual(answer, true, url)
        }
    }
}

/// Generated URL strings: parts drawn from lists of ordinary and awkward values, sometimes
/// with one more awkward character dropped in anywhere.
enum URLCorpus {
    // Each part: ordinary values first, awkward ones after; `url` draws an awkward one a
    // third of the time, so about one URL in five is plain and taken as written.
    static let schemes = (["https", "http", "myapp", "HTTPS", "Http"],
                          ["a+b.c-d", "tel", "mailto", "file", "addressbook", "javascript", "1x", "x y", "", "h"])
    static let separators = (["://"], [":", ":/", "//", "", ":///"])
    static let userinfos = ([""], ["user@", "u:p@", "a b@", "ü@", "u@h@", "%zz@", "@", "u:%41@", "[u]@", "ü:ß@"])
    static let hosts = (["example.com", "cdn.example.co.uk", "x", "EXAMPLE.COM", "a_b.com", "x.com.", "%41.com"], [
        "a..b", "-x.com", "exa mple.com", " x", "x.com ", "%zz", "a<b", "a\"b", "a{b}", "a|b", "a^b", "a`b", "a\\b",
        "bücher.de", "BÜCHER.de", "faß.de", "straße.de", "عروض.com", "مثال.إختبار", "बाज़ार.भारत", "हिंदी.com", "ไทย.com",
        "ตัวอย่าง.ไทย", "বাংলা.com", "উদাহরণ.বাংলা", "日本.jp", "例え.テスト", "😀.com", "ＡＢＣ.com", "e\u{301}.com", "ü..de",
        ".ü", "-ü.de", "ü-.de", "üa--b.de", "xn--bcher-kva.ü", "xn--a.ü", "XN--BCHER-KVA.de", "1.عرب", "a1.عرب",
        "عرب1.com", "عرب١.com", "a_.عرب", "क्\u{200D}ष.com", "a\u{200C}b.com", "ي\u{200C}ي.com", "\u{301}a.de",
        "ü%41.de", "ü%zz.de", "％41ü.com", "ü．com", "ü。com", "Ab.ÇOM", "ſ.de", "ⅷ.com", "x\u{AD}y.com", "x\u{200B}y.com",
        "ü\u{0}.de", "ü<.de", String(repeating: "ü", count: 64) + ".com", String(repeating: "a", count: 70) + ".ü",
        "привет.рф", "ΑΒΓ.gr", "ς.gr", "ⓐ.com", "①.com", "ﬁ.com", "a\u{2024}b.ü", "ü\u{FFFD}.de", "[::1]",
        "[::1%eth0]", "[::1%25en0]", "[zz]", "[ü%x]", "[::1]x", "[::1", "[]", "[::ü]", "[a b]", "",
    ])
    static let ports = ([""], [":80", ":", ":0080", ":80a", ":99999999999999999999", ":-1", ": 80"])
    static let paths = (["", "/", "/a.png", "/img/2024/hero.jpg", "/p%20q", "/a:b", "//x"],
                        ["/a b.jpg", "/ä", "/عروض", "/%zz", "/%41 b", "/a%2", "/a[1]", "/a|b", "/a\"b", "/a\tb", "/<>",
                         "/\\", "/^`{}", "a:b", "a b/c", "/ไทย/বাংলা", "/\u{7F}"])
    static let queries = (["", "?q=1", "?utm_source=push&id=7"], ["?a b", "?ü", "?%zz", "?a?b", "?[x]", "?q=%41 c", "?a=b&c=d#"])
    static let fragments = (["", "#top"], ["#a#b", "#a b", "#ü", "#%", "#[1]", "#?/"])
    static let awkward: [String] = [" ", "%", "#", "?", "@", ":", "[", "]", "/", "ü", "ä", "\u{301}", "ß", "ع", "क", "ไ",
                                    "%2", "%4", "<", "|", "\t", "。", ".", "-"]

    static func url(using generator: inout SeededGenerator) -> String {
        func pick(_ values: [String]) -> String { values[Int(generator.next() % UInt64(values.count))] }
        func pick(_ part: (plain: [String], awkward: [String])) -> String {
            generator.next() % 3 == 0 ? pick(part.awkward) : pick(part.plain)
        }
        var url = pick(schemes) + pick(separators) + pick(userinfos) + pick(hosts) + pick(ports) + pick(paths)
            + pick(queries) + pick(fragments)
        if generator.next() % 4 == 0 {
            var scalars = Array(url.unicodeScalars)
            let at = Int(generator.next() % UInt64(scalars.count + 1))
            scalars.insert(contentsOf: pick(awkward).unicodeScalars, at: at)
            url = String(String.UnicodeScalarView(scalars))
        }
        return url
    }
}
