import Foundation
import InboxModel
import InboxCore

/// Reads a large batch file (a top-level array, a request's `notifications`, an inbox
/// response's `messages`) in chunks and hands each element over as its own document, so
/// memory is bounded by the largest element instead of the file.
///
/// The scan is structural (strings with their escapes skipped, bracket depth, the commas
/// between elements); the real parser checks each element. Positions and pointers of
/// elements come out exactly as a whole-file parse gives them.
///
/// A checking scan (`checking: true`) also finds a broken file's first syntax problem
/// exactly as the whole-file parse reports it, without holding the file: see
/// `BatchWindow`. What the splitter cannot stream although it is valid (no batch, an
/// element that is not an object, an empty batch, a second batch, a wrapper over 4 MB)
/// is `unsupported`, and the caller reads the file whole as before.
struct BatchSplitter {
    /// Where the batch array is, and what its elements are.
    enum Kind {
        case topArray, request, response

        var prefix: String {
            switch self {
            case .topArray: return ""
            case .request: return "/request/notifications"
            case .response: return "/response/messages"
            }
        }

        /// Containers open around an element.
        var depth: Int { self == .topArray ? 1 : 3 }

        var shape: Shape? {
            switch self {
            case .topArray: return nil
            case .request: return .notification
            case .response: return .inbox
            }
        }
    }

    /// One element: its bytes and where it sits.
    struct Element {
        var bytes: [UInt8]
        var place: Inspector.ElementPlace
    }

    /// What a scan found besides the elements.
    struct Outcome {
        var kind: Kind?
        /// The file with the batch's contents elided (`[]` left in place); checking scans only.
        var wrapper: [UInt8] = []
        /// Line and column of the batch's `[`.
        var openLine = 0
        var openColumn = 0
        /// Line and column of the batch's `]` (0 before it is read).
        var closeLine = 0
        var closeColumn = 0
        var elements = 0
        /// The file cannot be streamed (see the type's comment): read it whole.
        var unsupported = false
        /// The file's first syntax problem, as the whole-file parse reports it (checking scans).
        var failure: JSONIssue?
        /// A check found no problem where the splitter's structure said there must be one.
        /// Never expected; the fuzzer asserts it stays false (the file is then read whole).
        var inconsistent = false
        /// The most bytes of the file held at once (the window; for tests).
        var held = 0
    }

    /// What kind of element is being read.
    private enum Reading {
        case container, string, bare
    }

    private enum Phase {
        case head, batch, tail
    }

    private static let request = Array("request".utf8)
    private static let notifications = Array("notifications".utf8)
    private static let response = Array("response".utf8)
    private static let messages = Array("messages".utf8)
    /// Bytes kept around the batch before giving up (a file that is no batch).
    static let wrapperLimit = 4 << 20

    private let checking: Bool
    private let maxDepth: Int
    private var outcome = Outcome()
    private var window: BatchWindow

    // Position of the current byte. Its column is worked out when needed from how many
    // UTF-8 continuation bytes came since the line started (they only occur in strings,
    // whose contents are skipped a word at a time).
    private var offset = 0
    private var line = 1
    /// Bytes fed before the current chunk.
    private var fed = 0
    private var lineStart = 0
    private var continuations = 0
    private var continuationsAtLineStart = 0
    /// -1 on line 1 after a byte order mark (its first byte is not a column).
    private var firstLineShift = 0
    /// Bytes of a leading byte order mark read so far (3: there is one), -1 when there is none.
    private var markBytes = 0
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    // Structure.
    private var phase = Phase.head
    private var depth = 0
    private var rootOpened = false
    private var rootClosed = false
    private var inString = false
    private var escaped = false
    private var isObject = [Bool](repeating: false, count: 4)
    private var keys = [[UInt8]](repeating: [], count: 3)
    private var text: [UInt8] = []
    private var capturing = false
    private var lastString: [UInt8] = []
    /// Between elements: what may come next.
    private var expectElement = true
    private var afterComma = false
    private var reading: Reading?
    private var elementStart = 0
    private var elementPlace: Inspector.ElementPlace?
    /// A structural problem was seen: the bytes are only collected until it is located.
    private var halted = false
    private var stopped = false

    /// An element larger than this makes the file unsupported (it is then read whole, and
    /// is IK009 when it is over the limit): an element is held whole while it is read.
    private var elementLimit = Int.max

    private init(checking: Bool, maxDepth: Int) {
        self.checking = checking
        self.maxDepth = max(0, maxDepth)
        window = BatchWindow(maxDepth: maxDepth)
    }

    /// Scans the file. A splitting scan (`checking: false`, for a file a checking scan
    /// found valid) hands `body` each element; a checking scan parses each element and
    /// locates the first problem, handing `body` nothing.
    static func scan(_ descriptor: Int32, maxDepth: Int, checking: Bool, elementLimit: Int = Int.max,
                     _ body: (Element) -> Void = { _ in }) throws -> Outcome {
        var splitter = BatchSplitter(checking: checking, maxDepth: maxDepth)
        splitter.elementLimit = elementLimit
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !splitter.stopped {
            let count: Int
            do {
                count = try DescriptorIO.read(descriptor, into: &chunk)
            } catch {
                throw DocumentReader.ReadError(reason: error.reason)
            }
            if count == 0 { break }
            splitter.feed(chunk.span.extracting(first: count), body)
        }
        splitter.finish()
        splitter.outcome.held = splitter.window.largest
        return splitter.outcome
    }

    /// The same scan over bytes in memory, fed in chunks of `chunk` bytes (tests, fuzzing).
    static func scan(_ bytes: [UInt8], chunk: Int = 1 << 16, maxDepth: Int, checking: Bool,
                     _ body: (Element) -> Void = { _ in }) -> Outcome {
        var splitter = BatchSplitter(checking: checking, maxDepth: maxDepth)
        var start = 0
        let all = bytes.span
        while start < all.count, !splitter.stopped {
            let end = min(all.count, start + max(1, chunk))
            splitter.feed(all.extracting(start..<end), body)
            start = end
        }
        splitter.finish()
        splitter.outcome.held = splitter.window.largest
        return splitter.outcome
    }

    // MARK: - Bytes

    private mutating func feed(_ buf: Span<UInt8>, _ body: (Element) -> Void) {
        window.beginChunk()
        var index = 0
        while index < buf.count, !halted {
            if inString, !escaped, !capturing {
                let stop = StringRun.end(buf, from: index)
                continuations += StringRun.continuations(buf, from: index, to: stop)
                index = stop
                guard index < buf.count else { break }
            }
            let byte = buf[index]
            offset = fed + index
            if markBytes < 0 || markBytes == 3 {
                step(byte, at: index, in: buf, body)
            } else if byte == Self.byteOrderMark[markBytes] {
                markBytes += 1
                if markBytes == 3 {
                    firstLineShift = -1
                    window.startColumn = -1
                }
            } else if markBytes > 0 {
                fault(at: 0) // the start of a byte order mark, and then something else
            } else {
                markBytes = -1
                step(byte, at: index, in: buf, body)
            }
            if byte == 0x0A {
                line += 1
                lineStart = offset + 1
                continuationsAtLineStart = continuations
                firstLineShift = 0
            } else if byte & 0xC0 == 0x80 {
                continuations += 1
            }
            index += 1
        }
        fed += buf.count
        window.endChunk(buf, consumed: buf.count)
        afterChunk()
    }

    private mutating func step(_ byte: UInt8, at index: Int, in buf: Span<UInt8>,
                               _ body: (Element) -> Void) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                inString = false
                if capturing { lastString = text; capturing = false }
                if reading == .string { complete(upTo: index + 1, after: offset + 1, nextColumn: column + 1, in: buf, body) }
            } else if byte < 0x20 {
                fault(at: offset) // a raw control character: not JSON
            } else if capturing, text.count < 32 {
                text.append(byte)
            }
            return
        }
        if reading == .bare {
            guard Self.endsBareValue(byte) else { return }
            complete(upTo: index, after: offset, nextColumn: column, in: buf, body)
            guard !halted else { return }
        }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            return
        default:
            break
        }
        if phase == .batch, reading == nil {
            between(byte, at: index, in: buf)
            return
        }
        if depth == 0 {
            // The root: one object or array, then only whitespace.
            guard !rootClosed else { fault(at: offset); return }
            rootOpened = true
            guard byte == 0x7B || byte == 0x5B else {
                // No batch: only the window's checks go on (the file is read whole unless
                // they find a problem).
                halted = true
                if !checking { stopped = true; outcome.unsupported = true }
                return
            }
        }
        switch byte {
        case 0x22:
            inString = true
            capturing = depth <= 2 && reading == nil
            text.removeAll(keepingCapacity: true)
        case 0x3A: // ':'
            if depth <= 2, reading == nil { keys[depth] = lastString }
        case 0x7B, 0x5B: // '{' '['
            guard depth < maxDepth else { fault(at: offset); return }
            if byte == 0x5B, reading == nil, let kind = candidate() {
                if phase == .head {
                    open(kind, at: index, in: buf)
                } else {
                    outcome.unsupported = true // a second batch (a duplicate key): the whole-file path unwraps the last
                }
            }
            depth += 1
            if depth < isObject.count { isObject[depth] = byte == 0x7B }
        case 0x7D, 0x5D: // '}' ']'
            guard depth > 0 else { fault(at: offset); return }
            depth -= 1
            if depth == 0 { rootClosed = true }
            if reading == .container, let kind = outcome.kind, depth == kind.depth {
                complete(upTo: index + 1, after: offset + 1, nextColumn: column + 1, in: buf, body)
            }
        default:
            break
        }
    }

    /// A byte at the batch's own level, outside any element: an element starts, a comma,
    /// or the batch closes. Anything else is not JSON.
    private mutating func between(_ byte: UInt8, at index: Int, in buf: Span<UInt8>) {
        switch byte {
        case 0x2C: // ','
            guard !expectElement else { fault(at: offset); return }
            expectElement = true
            afterComma = true
        case 0x5D: // ']'
            guard !afterComma else { fault(at: offset); return } // a trailing comma
            if outcome.elements == 0 { outcome.unsupported = true } // an empty batch: nothing to stream
            depth -= 1
            if depth == 0 { rootClosed = true }
            phase = .tail
            outcome.closeLine = line
            outcome.closeColumn = column + 1
            window.batchClosed(at: offset)
        case 0x7B, 0x5B, 0x22, 0x2D, 0x30...0x39, 0x74, 0x66, 0x6E: // a value: { [ " - 0-9 t f n
            guard expectElement else { fault(at: offset); return } // a missing comma
            expectElement = false
            afterComma = false
            elementStart = offset
            elementPlace = Inspector.ElementPlace(
                firstLine: line, firstColumn: column + 1, baseOffset: offset,
                pointerPrefix: (outcome.kind?.prefix ?? "") + "/\(outcome.elements)",
                depth: depth, shape: outcome.kind?.shape)
            if byte != 0x7B { outcome.unsupported = true } // only objects are streamed as messages
            switch byte {
            case 0x7B, 0x5B:
                guard depth < maxDepth else { fault(at: offset); return }
                reading = .container
                depth += 1
                if depth < isObject.count { isObject[depth] = byte == 0x7B }
            case 0x22:
                reading = .string
                inString = true
                capturing = false
            default:
                reading = .bare
            }
        default:
            fault(at: offset)
        }
    }

    /// A number or literal element ends at whitespace or a structural character.
    private static func endsBareValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D, 0x5B, 0x7B, 0x22, 0x3A: return true
        default: return false
        }
    }

    /// The batch's `[` at `index`.
    private mutating func open(_ kind: Kind, at index: Int, in buf: Span<UInt8>) {
        outcome.kind = kind
        outcome.openLine = line
        outcome.openColumn = column + 1
        phase = .batch
        expectElement = true
        window.batchOpened(kind, at: offset, index: index, in: buf)
        if checking { window.schedule(through: offset, fault: false) } // the wrapper so far must parse
    }

    /// The element being read ends right before chunk index `next`; `after` is the file
    /// offset there, and `nextColumn` its column on the current line.
    private mutating func complete(upTo next: Int, after: Int, nextColumn: Int, in buf: Span<UInt8>,
                                   _ body: (Element) -> Void) {
        guard let place = elementPlace else { return }
        let bytes = window.take(from: elementStart, upTo: next, in: buf)
        reading = nil
        elementPlace = nil
        outcome.elements += 1
        if checking {
            let parsed = JSONDocument.parse(bytes, firstLine: place.firstLine, maxDepth: maxDepth - place.depth,
                                            pointerPrefix: place.pointerPrefix, baseOffset: place.baseOffset,
                                            firstColumn: place.firstColumn)
            if case .failure = parsed {
                fault(at: after) // a number can be found broken at the byte that ends it
                return
            }
        } else {
            body(Element(bytes: bytes, place: place))
        }
        window.passed(BatchWindow.Mark(offset: after, line: line, column: nextColumn, elements: outcome.elements))
    }

    /// The bytes up to `at` (a file offset) are not JSON: stop reading structure, and let
    /// the window locate the problem once it holds enough bytes after it.
    private mutating func fault(at faultOffset: Int) {
        halted = true
        if checking {
            window.schedule(through: faultOffset, fault: true)
        } else {
            outcome.unsupported = true
            stopped = true
        }
    }

    /// Checks that are due after a chunk.
    private mutating func afterChunk() {
        if phase == .batch, reading != nil, fed - elementStart > elementLimit {
            outcome.unsupported = true
            stopped = true
            return
        }
        guard checking else {
            if phase != .batch, window.count > Self.wrapperLimit { outcome.unsupported = true; stopped = true }
            return
        }
        switch window.afterChunk(kind: outcome.kind, wrapperLimit: Self.wrapperLimit) {
        case .none:
            break
        case .failure(let issue):
            outcome.failure = issue
            stopped = true
        case .gaveUp(let inconsistent):
            outcome.unsupported = true
            outcome.inconsistent = inconsistent
            stopped = true
        }
    }

    private mutating func finish() {
        guard !stopped else { return }
        stopped = true
        if !checking {
            if halted || outcome.kind == nil || phase != .tail || inString || depth != 0 { outcome.unsupported = true }
            return
        }
        switch window.finish(kind: outcome.kind, blank: !rootOpened && !halted) {
        case .failure(let issue):
            outcome.failure = issue
        case .gaveUp(let inconsistent):
            outcome.unsupported = true
            outcome.inconsistent = inconsistent
        case .none:
            if outcome.kind == nil || phase != .tail { outcome.unsupported = true }
            outcome.wrapper = window.wrapper
        }
    }

    /// Unicode scalars before the current byte on its line.
    private var column: Int {
        firstLineShift + (offset - lineStart) - (continuations - continuationsAtLineStart)
    }

    /// The batch kind when a `[` about to open is a batch array.
    private func candidate() -> Kind? {
        if depth == 0 { return .topArray }
        guard depth == 2, isObject[1], isObject[2] else { return nil }
        if keys[1] == Self.request, keys[2] == Self.notifications { return .request }
        if keys[1] == Self.response, keys[2] == Self.messages { return .response }
        return nil
    }
}
