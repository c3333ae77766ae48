import Foundation
import XCTest

/// README, CONTRIBUTING and docs/ link to each other by file and heading; a link whose
/// file or heading moved (as when the README's details went to docs/GUIDE.md) fails here.
final class DocumentationLinkTests: XCTestCase {
    private func pages() throws -> [URL] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return (["README.md", "CONTRIBUTING.md"] + docs).map { repositoryRoot.appendingPathComponent($0) }
    }

    func testEveryRelativeLinkNamesAFileAndAHeadingThatExist() throws {
        var broken: [String] = []
        var checked = 0
        for page in try pages() {
            let text = Self.prose(try String(contentsOf: page, encoding: .utf8))
            for link in try Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let target = file.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(page.lastPathComponent): \(link) (no such file)")
                    continue
                }
                guard parts.count == 2, target.pathExtension == "md" else { continue }
                let anchors = Self.anchors(in: Self.prose(try String(contentsOf: target, encoding: .utf8)))
                if !anchors.contains(String(parts[1])) {
                    broken.append("\(page.lastPathComponent): \(link) (no such heading)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 30, "the pages link to each other")
        XCTAssertEqual(broken, [])
    }

    func testAnchorsAreGitHubs() {
        let text = "# A `resolve` page\n## Reading the output (for marketers)\n## JSON output\n### JSON output\n"
        XCTAssertEqual(Self.anchors(in: text), ["a-resolve-page", "reading-the-output-for-marketers", "json-output", "json-output-1"])
    }

    /// The text outside fenced code blocks, where neither links nor headings are.
    private static func prose(_ text: String) -> String {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }.joined(separator: "\n")
    }

    /// The targets of Markdown links `[text](target)`.
    private static func links(in text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The anchors GitHub gives headings: lowercased, punctuation dropped, spaces as hyphens,
    /// and `-1`, `-2`… after a repeated one.
    private static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        for line in text.split(separator: "\n") {
            let hashes = line.prefix { $0 == "#" }.count
            guard (1 ... 6).contains(hashes), line.dropFirst(hashes).hasPrefix(" ") else { continue }
            var slug = ""
            for scalar in line.dropFirst(hashes + 1).lowercased().unicodeScalars {
                if scalar == " " {
                    slug += "-"
                } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                    slug.unicodeScalars.append(scalar)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}
