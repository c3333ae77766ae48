import XCTest
@testable import InboxModel
@testable import InboxCore

/// Values borrow their document (see "Ownership" on `JSONValue`): a test that parses JSON
/// must keep the document alive while it uses values of it. A test case of this class
/// holds every document its helpers parse until the test ends, so `try jtParse(text).root`
/// or `try jtRoot(text)` stays valid whatever Swift does with the expression's
/// temporaries. (Held in the instance and dropped in `tearDown`, not by teardown blocks:
/// XCTest on Linux never frees those, and the documents would leak.)
class JSONTestCase: XCTestCase {
    private var keptDocuments: [JSONDocument] = []

    override func tearDown() {
        keptDocuments.removeAll()
        super.tearDown()
    }

    /// `document`, kept alive until the end of the running test.
    @discardableResult
    func kept(_ document: JSONDocument) -> JSONDocument {
        keptDocuments.append(document)
        return document
    }

    /// Parses `text` and returns the document (kept until the test ends), failing the test on an issue.
    func jtParse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONDocument {
        try jtParse(Array(text.utf8), file: file, line: line)
    }

    func jtParse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> JSONDocument {
        switch JSONDocument.parse(bytes) {
        case let .success(document): return kept(document)
        case let .failure(issue):
            XCTFail("unexpected issue: \(issue.message)", file: file, line: line)
            throw issue
        }
    }

    /// The root of `text` parsed (its document kept until the test ends).
    func jtRoot(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        try jtParse(text, file: file, line: line).root
    }

    /// `value`'s string parsed as a nested document (kept until the test ends); throws
    /// when it is not a string or does not parse.
    func jtNested(_ value: JSONValue?, maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line) throws -> JSONDocument {
        kept(try XCTUnwrap(value?.parseNested(maxDepth: maxDepth), file: file, line: line).get())
    }
}
