import InboxModel
import InboxCore

/// The part of a streamed batch file not yet known to be JSON, and the checks that find a
/// broken file's first problem exactly as the whole-file parse reports it, without
/// holding the file.
///
/// The window holds the file from the end of the last element that parsed (or from the
/// start of the file) to the byte being read. A check parses a stand-in for the file
/// read so far: the wrapper up to the batch's `[` and a `""` standing for the elements
/// already passed (so the parser is in the same state: same containers, same keys, an
/// array that already has an element; an empty string, because nothing that follows can
/// extend it), followed by the window. A problem the parser
/// reports inside the window is the whole-file parse's problem: same message, same
/// kind; its offset, line and column are counted from the window's start, and the
/// element index in its pointer is shifted by the elements the `""` stands for.
///
/// The parser decides about a byte by looking at most `lookahead` bytes past it (the
/// quoted word in a message, a number's text, a surrogate pair), so a problem found
/// before the window's last `lookahead` bytes is certain; one found later might only be
/// the window's end, and is confirmed once more bytes have come (or at the end of the
/// file, where every problem is certain).
struct BatchWindow {
    /// A place where everything before is known to be JSON: right after an element.
    struct Mark {
        var offset: Int
        var line: Int
        var column: Int
        /// Elements before it.
        var elements: Int
    }

    /// What the checks decided.
    enum Verdict {
        /// Nothing yet: keep reading.
        case none
        case failure(JSONIssue)
        /// Stop and read the file whole: valid JSON the splitter cannot stream, or (with
        /// `inconsistent`) a problem the splitter saw that the parser did not confirm.
        case gaveUp(inconsistent: Bool)
    }

    private enum Check {
        case clean
        case failure(JSONIssue)
        /// The problem lies in the stand-in, which was checked before: never expected.
        case inconsistent
    }

    /// Bytes past a problem the parser may look at before reporting it.
    static let lookahead = 128
    /// A window this large is checked even without a reason, and again each time it
    /// doubles, so a broken file that keeps its brackets balanced for a long way (an
    /// object never closed) is found while the window is small.
    static let firstCheck = 1 << 20

    let maxDepth: Int
    /// Column of the file's first byte, -1 with a byte order mark (columns of line 1
    /// count after it). Set by the splitter before the first chunk.
    var startColumn = 0 {
        didSet { if start == 0 { column = startColumn } }
    }
    /// The window: the file's bytes from `start`, up to the last chunk's `taken` index.
    private(set) var bytes: [UInt8] = []
    private var start = 0
    /// The bytes of the file's line before `start` (at most `SourceExcerpt.limit` and one more,
    /// which tells the excerpt the line goes on before what it shows), so a
    /// syntax error's excerpt shows what the whole-file parse shows.
    private var before: [UInt8] = []
    private var line = 1
    private var column = 0
    /// Elements before `start`.
    private var elements = 0
    /// The file up to and including the batch's `[`.
    private var head: [UInt8] = []
    private var kind: BatchSplitter.Kind?
    private var closeOffset: Int?
    /// A check due once the window holds `lookahead` bytes past this offset.
    private var pending: Int?
    /// The pending check is for a problem the splitter saw (so the parser must find one).
    private var pendingFault = false
    /// The last element end passed while a check was pending.
    private var safe: Mark?
    private var nextCheck = firstCheck
    /// Index in the current chunk of the first byte not yet in `bytes`.
    private var taken = 0
    /// Bytes of the file read so far.
    private var consumed = 0

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    var count: Int { bytes.count }
    /// The most bytes the window held at once (what a scan costs in memory, for tests).
    private(set) var largest = 0

    // MARK: - Bytes

    mutating func beginChunk() {
        taken = 0
    }

    /// The chunk's bytes not taken yet join the window.
    mutating func endChunk(_ buf: Span<UInt8>, consumed count: Int) {
        if taken < count { bytes.append(contentsOf: buf.extracting(taken..<count)) }
        taken = count
        consumed += count
        largest = max(largest, bytes.count)
    }

    /// The element from file offset `from` to chunk index `next` (exclusive).
    mutating func take(from: Int, upTo next: Int, in buf: Span<UInt8>) -> [UInt8] {
        if taken < next { bytes.append(contentsOf: buf.extracting(taken..<next)) }
        taken = max(taken, next)
        largest = max(largest, bytes.count)
        return Array(bytes[max(0, from - start)...])
    }

    /// The batch's `[` is at chunk index `index`: the wrapper up to it is the stand-in's start.
    mutating func batchOpened(_ kind: BatchSplitter.Kind, at offset: Int, index: Int, in buf: Span<UInt8>) {
        if taken <= index { bytes.append(contentsOf: buf.extracting(taken...index)) }
        taken = index + 1
        self.kind = kind
        head = bytes
    }

    mutating func batchClosed(at offset: Int) {
        closeOffset = offset
    }

    /// Everything before `mark` is JSON: the window can start there (once no check waits).
    mutating func passed(_ mark: Mark) {
        guard pending == nil else {
            safe = mark
            return
        }
        advance(to: mark)
    }

    /// `before` once the first `drop` bytes of the window are dropped.
    private mutating func keepLineBefore(dropping drop: Int) {
        let dropped = bytes[..<drop]
        if let newline = dropped.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            before = Array(dropped[(newline + 1)...].suffix(SourceExcerpt.limit + 1))
        } else {
            before = Array((before + dropped).suffix(SourceExcerpt.limit + 1))
        }
    }

    private mutating func advance(to mark: Mark) {
        let drop = min(bytes.count, mark.offset - start)
        keepLineBefore(dropping: drop)
        if drop == bytes.count { bytes.removeAll(keepingCapacity: true) } else { bytes.removeFirst(drop) }
        start = mark.offset
        line = mark.line
        column = mark.column
        elements = mark.elements
        safe = nil
        nextCheck = Self.firstCheck
    }

    /// Asks for a check of everything up to `offset`, once `lookahead` bytes after it are in.
    /// A `fault` is a problem the splitter saw there, so the parser must find one by then.
    mutating func schedule(through offset: Int, fault: Bool) {
        if fault {
            pending = max(pending ?? offset, offset)
            pendingFault = true
        } else if pending == nil {
            pending = offset
        }
    }

    // MARK: - Checks

    /// The checks due after a chunk: a pending one with enough bytes after it, a window
    /// that doubled, a wrapper over `wrapperLimit` bytes.
    mutating func afterChunk(kind: BatchSplitter.Kind?, wrapperLimit: Int) -> Verdict {
        if let due = pending {
            guard consumed > due + Self.lookahead else { return .none }
            switch check(through: due) {
            case .failure(let issue): return .failure(issue)
            case .inconsistent: return .gaveUp(inconsistent: true)
            case .clean:
                if pendingFault { return .gaveUp(inconsistent: kind != nil) }
                pending = nil
                if let safe { advance(to: safe) }
            }
        }
        if bytes.count >= nextCheck {
            nextCheck = 2 * bytes.count
            switch check(through: consumed - 1 - Self.lookahead) {
            case .failure(let issue): return .failure(issue)
            case .inconsistent: return .gaveUp(inconsistent: true)
            case .clean: break
            }
        }
        let wrapper = closeOffset.map { consumed - $0 } ?? (kind == nil ? bytes.count : 0)
        return wrapper > wrapperLimit ? .gaveUp(inconsistent: false) : .none
    }

    /// At the end of the file every problem is certain. A `blank` file (only whitespace)
    /// is left to the whole-file path: there it is an empty input, not a syntax error.
    mutating func finish(kind: BatchSplitter.Kind?, blank: Bool) -> Verdict {
        switch check(through: nil) {
        case .failure(let issue): return blank ? .gaveUp(inconsistent: false) : .failure(issue)
        case .inconsistent: return .gaveUp(inconsistent: true)
        case .clean: return pendingFault ? .gaveUp(inconsistent: kind != nil) : .none
        }
    }

    /// The file with the batch's contents elided, for a file that passed every check.
    var wrapper: [UInt8] {
        guard let closeOffset, closeOffset >= start else { return head }
        return head + bytes[(closeOffset - start)...]
    }

    /// Parses the stand-in and the window; the problem when there is one up to `limit`
    /// (a file offset), or anywhere when `limit` is nil.
    private func check(through limit: Int?) -> Check {
        var text: [UInt8] = []
        if elements > 0 {
            text.reserveCapacity(head.count + 2 + bytes.count)
            text += head
            text += [0x22, 0x22] // "", standing for the elements already passed
        }
        let standIn = text.count
        text += bytes
        guard case .failure(let issue) = JSONDocument.parse(text, maxDepth: maxDepth) else { return .clean }
        let local = issue.position.offset - standIn
        guard local >= 0 else { return .inconsistent }
        let at = start + local
        if let limit, at > limit { return .clean }
        // The trailing comma (IK001's fix) is where the window has it, as the whole file's parse says.
        let comma = issue.trailingComma.map { $0 - standIn }.flatMap { $0 >= 0 ? start + $0 : nil }
        return .failure(JSONIssue(kind: issue.kind, position: position(local), pointer: pointer(issue.pointer, at: at),
                                  detail: issue.detail, nestedIn: issue.nestedIn, trailingComma: comma,
                                  mistake: issue.mistake.map { filePositions($0, standIn: standIn) },
                                  excerpt: SourceExcerpt.around(before.count + local, in: before + bytes)))
    }

    /// `mistake`'s positions in the file: after the stand-in they are in the window; before
    /// it, in the head, which is the file's start.
    private func filePositions(_ mistake: JSONMistake, standIn: Int) -> JSONMistake {
        func file(_ position: SourcePosition) -> SourcePosition {
            let offset = position.offset
            if offset >= standIn { return self.position(offset - standIn) }
            guard elements > 0, offset < head.count else { return self.position(0) }
            var line = 1
            var column = 0
            for byte in head[..<offset] {
                if byte == 0x0A {
                    line += 1
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return SourcePosition(offset: offset, line: line, column: column + 1)
        }
        switch mistake {
        case .missingComma(let after): return .missingComma(after: file(after))
        case .unclosed(let isObject, let opened): return .unclosed(isObject: isObject, opened: file(opened))
        case .trailingComma(let comma): return .trailingComma(comma: file(comma))
        case .curlyQuote, .comment, .singleQuote, .unquotedKey, .nonFiniteNumber: return mistake
        }
    }

    /// The position of window index `local`: lines and Unicode scalars counted from the
    /// window's start, as the whole-file line table counts them.
    private func position(_ local: Int) -> SourcePosition {
        var line = self.line
        var column = self.column
        for byte in bytes[..<min(local, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(offset: start + local, line: line, column: column + 1)
    }

    /// The stand-in's `""` is element 0, so the window's element i is element
    /// `elements - 1 + i` of the file (inside the batch only: a second array under the
    /// same key after it keeps its own indices).
    private func pointer(_ pointer: String, at offset: Int) -> String {
        guard elements > 0, let kind, closeOffset.map({ offset <= $0 }) ?? true else { return pointer }
        let prefix = kind.prefix + "/"
        guard pointer.hasPrefix(prefix) else { return pointer }
        let rest = pointer.utf8.dropFirst(prefix.utf8.count)
        let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard let index = Int(String(decoding: digits, as: UTF8.self)), index >= 1 else { return pointer }
        return prefix + String(elements - 1 + index) + String(decoding: rest.dropFirst(digits.count), as: UTF8.self)
    }
}
