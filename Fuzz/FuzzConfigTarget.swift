// libFuzzer entry point of `make fuzz-config`: compiled into the InboxModel module with
// -sanitize=fuzzer,address. A config file is written by whoever writes the pull request,
// so its parser and its `exclude` globs meet hostile input: no crash, no hang (libFuzzer's
// -timeout), no message that echoes more than a line of the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func inboxFuzzConfigOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The whole input as a config file.
    switch ConfigParser.parse(bytes) {
    case .failure(let error):
        configRequire(error.line >= 1 && error.column >= 1, "a config error without a position")
        configRequire(error.message.unicodeScalars.count <= 1000, "a config error of \(error.message.count) characters")
    case .success(let config):
        for glob in config.exclude { _ = glob.matches("Examples/campaigns/drafts/old.json") }
    }
    // The first line as a glob, each other line as a path it is matched against.
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    if let pattern = lines.first {
        let glob = PathGlob(pattern)
        for path in lines.dropFirst().prefix(8) {
            let matched = glob.matches(path)
            // A pattern matches itself when it holds no wildcard and no escape (`\+` is the
            // pattern of `+`), and names something.
            if path == pattern, !pattern.contains(where: { "*?[\\".contains($0) }),
               pattern.split(separator: "/").contains(where: { $0 != "." }) {
                configRequire(matched, "\(pattern) does not match itself")
            }
        }
    }
    return 0
}

private func configRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
