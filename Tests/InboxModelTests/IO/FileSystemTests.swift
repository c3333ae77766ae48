import XCTest
@testable import InboxCore

/// The file-system calls that hand back system memory as Swift values: temporary files,
/// a directory's names, a path with its links resolved.
final class FileSystemTests: XCTestCase {
    /// A new empty directory, removed when the test ends.
    private func makeDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/fs-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testATemporaryFileIsMadeFromItsTemplate() throws {
        let directory = try makeDirectory()
        let made = try FileSystem.makeTemporaryFile(template: directory + "/.report.json.tmp-XXXXXX")
        defer { close(made.descriptor) }
        XCTAssertTrue(made.path.hasPrefix(directory + "/.report.json.tmp-"), made.path)
        XCTAssertFalse(made.path.hasSuffix("XXXXXX"))
        XCTAssertEqual(made.path.utf8.count, (directory + "/.report.json.tmp-XXXXXX").utf8.count)
        XCTAssertEqual(DescriptorIO.write(made.descriptor, Array("kept".utf8).span).count, 4)
        XCTAssertEqual(FileManager.default.contents(atPath: made.path), Data("kept".utf8))
        XCTAssertThrowsError(try FileSystem.makeTemporaryFile(template: directory + "/missing/x-XXXXXX")) { error in
            XCTAssertEqual(error as? SystemError, SystemError(code: ENOENT))
        }
    }

    func testAnUnlinkedTemporaryFileHasNoNameButWorks() throws {
        let directory = try makeDirectory()
        let descriptor = try XCTUnwrap(FileSystem.makeUnlinkedTemporaryFile(in: directory, prefix: "spill-"))
        defer { close(descriptor) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
        XCTAssertEqual(DescriptorIO.write(descriptor, Array("spilled".utf8).span).count, 7)
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(try DescriptorIO.read(descriptor, into: &buffer, count: 16, at: 0), 7)
        XCTAssertNil(FileSystem.makeUnlinkedTemporaryFile(in: directory + "/missing", prefix: "spill-"))
    }

    func testADirectorysNamesAreEveryEntry() throws {
        let directory = try makeDirectory()
        for name in ["b.json", ".hidden", "a b.ndjson"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data()))
        }
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        let names = try FileSystem.entryNames(Array(directory.utf8CString)).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(names.sorted(), [".", "..", ".hidden", "a b.ndjson", "b.json", "sub"])
        XCTAssertThrowsError(try FileSystem.entryNames(Array((directory + "/missing").utf8CString))) { error in
            XCTAssertEqual(error as? SystemError, SystemError(code: ENOENT))
        }
    }

    func testAResolvedPathFollowsLinks() throws {
        let directory = try XCTUnwrap(FileSystem.resolvedPath(makeDirectory()))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/target.json", contents: Data()))
        XCTAssertEqual(symlink(directory + "/target.json", directory + "/link.json"), 0)
        XCTAssertEqual(FileSystem.resolvedPath(directory + "/link.json"), directory + "/target.json")
        XCTAssertEqual(FileSystem.resolvedPath(directory + "/./sub/../target.json"), nil) // `sub` is not there
        XCTAssertEqual(FileSystem.resolvedPath(directory + "/./target.json"), directory + "/target.json")
        XCTAssertNil(FileSystem.resolvedPath(directory + "/missing.json"))
    }
}
