import Foundation
import InboxModel

/// The streams and environment of one invocation. Tests build one that captures output
/// and feeds stdin from memory; `main.swift` builds the real one.
final class Console {
    let out: OutputBuffer
    let err: OutputBuffer
    let environment: Environment
    /// Whether stdout is a terminal (colour, previews sized for people).
    let stdoutIsTerminal: Bool
    /// Whether stdin is a terminal (then it is not read by default).
    let stdinIsTerminal: Bool
    /// Standard input, when captured (tests); nil reads file descriptor 0.
    let stdinBytes: [UInt8]?

    init(out: OutputBuffer, err: OutputBuffer, environment: Environment, stdoutIsTerminal: Bool,
         stdinIsTerminal: Bool, stdinBytes: [UInt8]?) {
        self.out = out
        self.err = err
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.stdinBytes = stdinBytes
    }

    static func standard() -> Console {
        let out = OutputBuffer(descriptor: 1)
        let err = OutputBuffer(descriptor: 2)
        // A closed stdout or stderr is taken by /dev/null, so that no input file opened
        // later lands on descriptor 1 or 2 and gets written into; a closed stdout fails the run.
        for descriptor: Int32 in [1, 2] where !DescriptorWriter(descriptor: descriptor).isOpen {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != descriptor { dup2(null, descriptor); close(null) }
            if descriptor == 1 { out.fail("standard output is closed") }
        }
        return Console(out: out, err: err, environment: .process,
                       stdoutIsTerminal: isatty(1) == 1, stdinIsTerminal: isatty(0) == 1, stdinBytes: nil)
    }

    static func capturing(stdin: [UInt8]? = nil, environment: [String: String] = [:], terminal: Bool = false) -> Console {
        Console(out: OutputBuffer(), err: OutputBuffer(), environment: Environment(environment), stdoutIsTerminal: terminal,
                stdinIsTerminal: stdin == nil, stdinBytes: stdin ?? [])
    }

    /// The same console with its standard output going to `out` (`--output-file`).
    func writing(to out: OutputBuffer) -> Console {
        Console(out: out, err: err, environment: environment, stdoutIsTerminal: false, stdinIsTerminal: stdinIsTerminal,
                stdinBytes: stdinBytes)
    }

    /// One-line problem report on stderr, prefixed with the tool's name. The message may
    /// quote file names and config keys: it is shown as `VisibleText` shows text, and
    /// never longer than a screenful (each quote is an `Excerpt` already).
    func problem(_ message: String) {
        err.line("inbox-inspector: \(VisibleText.escaped(Excerpt.of(message, limit: 1000)))")
    }
}
