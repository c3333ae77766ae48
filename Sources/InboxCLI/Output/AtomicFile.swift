import Foundation
import InboxCore

/// Replaces a file's contents all at once (`validate --fix`): the new bytes go to a
/// temporary file in the same folder, are flushed to disk, get the old file's permissions
/// (and owner, where allowed), and the temporary file is then renamed over the old one.
/// A failure at any step (a full disk, a read-only folder, a crash) leaves the old file as
/// it was and removes the temporary one; a symbolic link is followed, so the file it names
/// is replaced.
enum AtomicFile {
    struct Failure: Error {
        var reason: String
    }

    /// The steps a test can make fail, to check what a failure leaves behind (also through
    /// the command line: `failureVariable` names one, as the tests running as root cannot
    /// make a folder read-only to themselves).
    enum Step: String {
        case write, rename
    }

    static let failureVariable = "INBOX_INSPECTOR_FAIL_WRITE"

    static func write(_ bytes: [UInt8], to path: String, failing injected: Step? = nil) throws {
        let target = resolved(path)
        var info = stat()
        guard stat(target, &info) == 0 else { throw Failure(reason: errorText()) }
        // Split by hand: NSString's path methods link ICU's data into the static binary.
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let descriptor: Int32
        let temporary: String
        do {
            (descriptor, temporary) = try FileSystem.makeTemporaryFile(
                template: (folder.isEmpty ? "." : folder) + "/.\(name).inbox-inspector-XXXXXX")
        } catch {
            throw Failure(reason: error.reason)
        }
        var closed = false
        do {
            defer { if !closed { close(descriptor) } }
            if injected == .write { throw Failure(reason: "injected failure while writing") }
            try writeAll(bytes, to: descriptor)
            // The owner as well, where allowed (a user other than root may only keep their own).
            _ = fchown(descriptor, info.st_uid, info.st_gid)
            guard fchmod(descriptor, info.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
                throw Failure(reason: errorText())
            }
            closed = true
            guard close(descriptor) == 0 else { throw Failure(reason: errorText()) }
            if injected == .rename { throw Failure(reason: "injected failure before renaming") }
            guard rename(temporary, target) == 0 else { throw Failure(reason: errorText()) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// `path`, or the file its symbolic links lead to.
    private static func resolved(_ path: String) -> String {
        FileSystem.resolvedPath(path) ?? path
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        let written = DescriptorIO.write(descriptor, bytes.span)
        if let error = written.error { throw Failure(reason: error.reason) }
        if written.count < bytes.count { throw Failure(reason: "short write (\(written.count) of \(bytes.count) bytes written)") }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
