import Foundation
import XCTest

/// The release binary stays small (docs/RELEASE.md): the product's code uses none of the
/// Foundation APIs that link ICU's 34 MB of data into a static binary. A release build
/// takes minutes, so this reads the sources that import Foundation instead; `make
/// release` checks the binary itself (`String.contains("literal")`, which resolves to
/// Foundation's on a String, cannot be told from an array's `contains` by reading).
final class StaticBinaryTests: XCTestCase {
    /// Each measured to bring ICU in (docs/RELEASE.md), or from the same layer of Foundation.
    static let linksICU = [
        #"\bPropertyListSerialization\b"#, #"\bFileHandle\b"#, #"\bNSString\b"#, #"\bNSCondition\b"#, #"\bNSLock\b"#,
        #"\bThread\s*[({.]"#, #"\.replacingOccurrences\("#, #"\.range\(of:"#, #"\.components\(separatedBy:"#,
        #"\bNSRegularExpression\b"#, #"\bDateFormatter\b"#, #"\bNumberFormatter\b"#, #"String\(format:"#,
        #"\.localized"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    func testProductCodeAvoidsWhatLinksICU() throws {
        var found: [String] = []
        for target in ["Sources/InboxCLI", "Sources/InboxModel", "Sources/inbox-inspector"] {
            let folder = repositoryRoot.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                guard text.contains("import Foundation") else { continue }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                    let range = NSRange(code.startIndex..., in: code)
                    for api in Self.linksICU where api.firstMatch(in: code, range: range) != nil {
                        found.append("\(target)/\(file):\(number + 1): \(api.pattern)")
                    }
                }
            }
        }
        XCTAssertEqual(found, [], "these link ICU's data into the static binary; see docs/RELEASE.md")
    }
}
