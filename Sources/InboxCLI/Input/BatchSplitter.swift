import Foundation
import InboxModel

/// Reads a large batch file (a top-level array, a request's `notifications`, an inbox
/// response's `messages`) in chunks and hands each element over as its own document, so
/// memory is bounded by the largest element instead of the file.
///
/// The scan is structural only (strings with their escapes skipped, bracket depth); the
/// real parser checks each element. Positions and pointers of elements come out exactly
/// as a whole-file parse gives them. Anything the splitter does not fully understand
/// (a non-object element, a comma out of place, a truncated file, a second batch) makes
/// it give up, and the caller reads the file whole as before.
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
        /// The file with the batch's contents elided (`[]` left in place).
        var wrapper: [UInt8]
        /// Line and column of the batch's `[`.
        var openLine = 0
        var openColumn = 0
        var elements = 0
        /// The splitter gave up: read the file whole.
        var unsupported = false
    }

    private static let request = Array("request".utf8)
    private static let notifications = Array("notifications".utf8)
    private static let response = Array("response".utf8)
    private static let messages = Array("messages".utf8)
    /// Bytes kept around the batch before giving up (a file that is no batch).
    private static let wrapperLimit = 16 << 20

    private var outcome = Outcome(kind: nil, wrapper: [])
    private var offset = 0
    private var line = 1
    private var column = 0  // scalars before the current byte on its line
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var isObject = [Bool](repeating: false, count: 4)
    private var keys = [[UInt8]](repeating: [], count: 3)
    private var text: [UInt8] = []
    private var capturing = false
    private var lastString: [UInt8] = []
    private var started = false
    /// Inside the batch array (between its brackets).
    private var inBatch = false
    private var batchClosed = false
    /// Between elements: what may come next.
    private var expectElement = true
    private var afterComma = false
    private var element: [UInt8] = []
    private var elementPlace: Inspector.ElementPlace?

    /// Scans the file; `body` gets each element and returns false to stop early.
    static func scan(_ descriptor: Int32, _ body: (Element) -> Bool) throws -> Outcome {
        var splitter = BatchSplitter()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var going = true
        while going {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentReader.ReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { buf in
                going = splitter.feed(UnsafeBufferPointer(rebasing: buf[0..<count]), body)
            }
        }
        if going, splitter.depth != 0 || splitter.inString || splitter.outcome.kind == nil || !splitter.batchClosed {
            splitter.outcome.unsupported = true
        }
        return splitter.outcome
    }

    /// Returns false once the splitter gave up or `body` asked to stop.
    private mutating func feed(_ buf: UnsafeBufferPointer<UInt8>, _ body: (Element) -> Bool) -> Bool {
        var elementFrom = elementPlace == nil ? -1 : 0
        var wrapperFrom = inBatch ? -1 : 0
        var index = 0
        if !started, buf.count >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF {
            column = -1 // columns of line 1 count after a byte order mark
        }
        started = true
        while index < buf.count {
            let byte = buf[index]
            defer {
                if byte == 0x0A { line += 1; column = 0 } else if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
                offset += 1
            }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 {
                    inString = false
                    if capturing { lastString = text; capturing = false }
                } else if byte < 0x20 {
                    // A raw control character (an unterminated string): not JSON, read the file whole.
                    outcome.unsupported = true
                    return false
                } else if capturing, text.count < 32 { text.append(byte) }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                break
            }
            // Between elements only `{`, `,` and `]` may come.
            if inBatch, elementPlace == nil, depth == outcome.kind?.depth,
               byte != 0x7B, byte != 0x2C, byte != 0x5D {
                outcome.unsupported = true
                return false
            }
            switch byte {
            case 0x22:
                inString = true
                capturing = depth <= 2 && elementPlace == nil
                text.removeAll(keepingCapacity: true)
            case 0x3A: // ':'
                if depth <= 2 { keys[depth] = lastString }
            case 0x7B, 0x5B: // '{' '['
                if inBatch, depth == outcome.kind?.depth {
                    guard byte == 0x7B, expectElement else { outcome.unsupported = true; return false }
                    elementPlace = Inspector.ElementPlace(
                        firstLine: line, firstColumn: column + 1, baseOffset: offset,
                        pointerPrefix: (outcome.kind?.prefix ?? "") + "/\(outcome.elements)",
                        depth: depth, shape: outcome.kind?.shape)
                    elementFrom = index
                    expectElement = false
                    afterComma = false
                } else if byte == 0x5B, elementPlace == nil, let kind = candidate() {
                    guard outcome.kind == nil else { outcome.unsupported = true; return false }
                    outcome.kind = kind
                    outcome.openLine = line
                    outcome.openColumn = column + 1
                    outcome.wrapper.append(contentsOf: buf[wrapperFrom...index])
                    wrapperFrom = -1
                    inBatch = true
                    expectElement = true
                }
                depth += 1
                if depth < isObject.count { isObject[depth] = byte == 0x7B }
            case 0x7D, 0x5D: // '}' ']'
                depth -= 1
                guard depth >= 0 else { outcome.unsupported = true; return false }
                if inBatch, depth == outcome.kind?.depth, let place = elementPlace {
                    element.append(contentsOf: buf[elementFrom...index])
                    elementPlace = nil
                    elementFrom = -1
                    let bytes = element
                    element.removeAll(keepingCapacity: true)
                    outcome.elements += 1
                    guard body(Element(bytes: bytes, place: place)) else { return false }
                } else if inBatch, let kind = outcome.kind, depth == kind.depth - 1 {
                    // The batch closes: a trailing comma or an empty batch is left to the whole-file path.
                    guard byte == 0x5D, !afterComma, outcome.elements > 0 else { outcome.unsupported = true; return false }
                    inBatch = false
                    batchClosed = true
                    wrapperFrom = index
                }
            case 0x2C: // ','
                if inBatch, depth == outcome.kind?.depth {
                    guard !expectElement else { outcome.unsupported = true; return false }
                    expectElement = true
                    afterComma = true
                }
            default:
                break
            }
        }
        if elementFrom >= 0, elementPlace != nil { element.append(contentsOf: buf[elementFrom...]) }
        if wrapperFrom >= 0 { outcome.wrapper.append(contentsOf: buf[wrapperFrom...]) }
        if outcome.wrapper.count > Self.wrapperLimit { outcome.unsupported = true; return false }
        return true
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
