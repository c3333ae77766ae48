#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed, by its `errno`: the command line words it with `reason`.
package struct SystemError: Error, Equatable {
    package let code: Int32

    package init(code: Int32) {
        self.code = code
    }

    /// The error of the call that just failed.
    package static var last: SystemError { SystemError(code: errno) }

    /// The system's words for it ("No such file or directory").
    package var reason: String { String(cString: strerror(code)) }
}
