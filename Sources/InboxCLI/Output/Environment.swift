#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables of one invocation, read one name at a time: the real
/// process's through `getenv`, or a fixed set (tests). The tool reads half a dozen
/// variables; `ProcessInfo.processInfo.environment` built a dictionary of every one
/// at each start (710 000 instructions, a sixth of the start-up).
struct Environment {
    /// The variables, when fixed (tests); nil reads the process's own.
    private let fixed: [String: String]?

    /// The process's own environment.
    static let process = Environment(fixed: nil)

    init(_ variables: [String: String]) {
        fixed = variables
    }

    private init(fixed: [String: String]?) {
        self.fixed = fixed
    }

    subscript(name: String) -> String? {
        if let fixed { return fixed[name] }
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
