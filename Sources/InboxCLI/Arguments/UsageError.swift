/// A problem with the invocation itself: printed on stderr as one line, exit code 2.
struct UsageError: Error, Equatable {
    var message: String
    /// The command whose `--help` the user should read, when there is one.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
