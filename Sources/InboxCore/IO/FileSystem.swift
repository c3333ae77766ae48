#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system calls of the command line that hand back memory the system allocated
/// (`realpath`, `readdir`) or write into a path (`mkstemp`): each gives a Swift value.
package enum FileSystem {
    /// `path` with every symbolic link and `.`/`..` resolved (`realpath`), nil when it cannot be.
    package static func resolvedPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The names of a directory's entries (`.` and `..` too), as bytes, in the order the
    /// system gives them.
    package static func entryNames(_ directory: [CChar]) throws(SystemError) -> [[UInt8]] {
        guard let handle = opendir(directory) else { throw .last }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }

    /// A new file made from `template`, a path whose last six characters are `XXXXXX`
    /// (`mkstemp`): its descriptor, open for reading and writing, and its path.
    package static func makeTemporaryFile(template: String) throws(SystemError) -> (descriptor: Int32, path: String) {
        var path = Array(template.utf8CString)
        let descriptor = path.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw .last }
        return (descriptor, String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// A temporary file in `directory` that has no name: it goes away with its descriptor.
    package static func makeUnlinkedTemporaryFile(in directory: String, prefix: String) -> Int32? {
        guard let made = try? makeTemporaryFile(template: directory + "/" + prefix + "XXXXXX") else { return nil }
        unlink(made.path)
        return made.descriptor
    }
}
