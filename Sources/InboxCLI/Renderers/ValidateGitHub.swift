import InboxModel
import InboxCore

/// `validate --format github`: GitHub Actions workflow commands, one per finding, which
/// GitHub shows as annotations on the file and line:
/// `::error file=Examples/a.json,line=6,col=7,title=IK101::message`. Info findings become
/// `::notice`. A path that could not be read is an `::error` of its own. The summary line
/// follows as plain log text.
struct ValidateGitHub: ValidateRenderer {
    var out: OutputBuffer

    /// The document's commands, one line each, written as bytes: the file property,
    /// the same for the document's findings, is escaped once.
    func render(_ document: ValidatedDocument) -> ByteBuffer {
        guard !document.isClean else { return ByteBuffer() }
        var bytes = ByteBuffer()
        var file = ByteBuffer()
        document.source.withUTF8Span { Self.appendEscaped($0, property: true, to: &file) }
        document.forEachFindingListByPosition { findings in
            for index in findings.indices {
                // Read in place: a copy of the finding would be a retain and a release.
                if findings[index].hasSource(document.source) {
                    file.withSpan { file in
                        findings.withParts(at: index) { Self.append($0, $1, $3, file: file, to: &bytes) }
                    }
                } else {
                    var own = ByteBuffer()
                    findings[index].source.withUTF8Span { Self.appendEscaped($0, property: true, to: &own) }
                    own.withSpan { file in
                        findings.withParts(at: index) { Self.append($0, $1, $3, file: file, to: &bytes) }
                    }
                }
            }
        }
        return bytes
    }

    mutating func add(_ fragment: ByteBuffer) {
        guard !fragment.isEmpty else { return }
        fragment.withBytes { out.write($0) }
    }

    /// `command` of a finding and a line feed, from its bytes and its escaped file.
    private static func append(_ code: Span<UInt8>, _ message: Span<UInt8>, _ fields: FindingFields,
                               file: Span<UInt8>, to bytes: inout ByteBuffer) {
        switch fields.severity {
        case .error: bytes.append("::error file=")
        case .warning: bytes.append("::warning file=")
        case .info: bytes.append("::notice file=")
        }
        bytes.append(file)
        bytes.append(",line=")
        bytes.append(decimal: fields.line)
        bytes.append(",col=")
        bytes.append(decimal: fields.column)
        bytes.append(",title=")
        appendEscaped(code, property: true, to: &bytes)
        bytes.append("::")
        appendEscaped(message, property: false, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func finish(_ summary: ValidateSummary) {
        // Not tied to a file: GitHub drops an annotation on a file the commit does not have.
        for failure in summary.unreadable {
            out.line("::error title=\(Self.escapeProperty(Tool.name))::" + Self.escapeData(failure.message))
        }
        out.line(summary.line)
    }

    /// The message part: `%`, CR and LF are encoded (GitHub's `escapeData`).
    static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// A property value: as data, plus `:` and `,` (GitHub's `escapeProperty`).
    static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        var bytes = ByteBuffer()
        text.withUTF8Span { appendEscaped($0, property: property, to: &bytes) }
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `escapeData` or `escapeProperty` of UTF-8 bytes: every byte to encode is ASCII, so
    /// the runs between them are copied as they are. Beyond GitHub's own encoding, every
    /// other control character (ESC, BS, DEL, and the C1 controls, two bytes in UTF-8) is
    /// percent-encoded too, so that a payload cannot act on the log viewer.
    private static func appendEscaped(_ text: Span<UInt8>, property: Bool, to bytes: inout ByteBuffer) {
        var run = 0
        for index in text.indices {
            let escape: StaticString
            switch text[index] {
            case UInt8(ascii: "%"): escape = "%25"
            case UInt8(ascii: "\r"): escape = "%0D"
            case UInt8(ascii: "\n"): escape = "%0A"
            case UInt8(ascii: ":") where property: escape = "%3A"
            case UInt8(ascii: ",") where property: escape = "%2C"
            case 0x00 ..< 0x20, 0x7F:
                bytes.append(text.extracting(run ..< index))
                appendPercent(text[index], to: &bytes)
                run = index + 1
                continue
            case 0xC2 where index + 1 < text.count && (0x80 ... 0x9F).contains(text[index + 1]):
                // A C1 control's lead byte; its second byte is encoded by the next case.
                bytes.append(text.extracting(run ..< index))
                appendPercent(text[index], to: &bytes)
                run = index + 1
                continue
            case 0x80 ... 0x9F where index > 0 && text[index - 1] == 0xC2:
                bytes.append(text.extracting(run ..< index))
                appendPercent(text[index], to: &bytes)
                run = index + 1
                continue
            default: continue
            }
            bytes.append(text.extracting(run ..< index))
            bytes.append(escape)
            run = index + 1
        }
        bytes.append(text.extracting(run...))
    }

    /// `%1B`: one byte as GitHub decodes it.
    private static func appendPercent(_ byte: UInt8, to bytes: inout ByteBuffer) {
        let digits: StaticString = "0123456789ABCDEF"
        let hex = digits.utf8Start
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
    }
}
