import InboxCore

/// The model's entry point: bytes of one JSON document in, an `InspectedDocument` out.
/// No I/O: the command line reads files and hands their bytes here.
public struct Inspector: Sendable {
    public var options: InspectionOptions {
        get { storage.options }
        set { storage = Storage(options: newValue) }
    }
    /// The options behind one reference: an inspector is lent to every document, and a copy
    /// of the options themselves retained each of their strings and profiles.
    private var storage: Storage

    private final class Storage: Sendable {
        let options: InspectionOptions
        init(options: InspectionOptions) { self.options = options }
    }

    public init(options: InspectionOptions) {
        storage = Storage(options: options)
    }

    /// `tapes`: reuse of tape memory, when every document is parsed and freed on this thread
    /// (see `TapeReuse`).
    public func inspect(_ bytes: [UInt8], source: String, firstLine: Int = 1, tapes: TapeReuse? = nil) -> InspectedDocument {
        // Each outcome builds its document once and returns it, so it is not copied on return.
        if Self.isBlank(bytes) {
            return InspectedDocument(source: source, firstLine: firstLine, isEmpty: true)
        }
        if bytes.count > options.maxDocumentSize { return tooLarge(source: source, firstLine: firstLine) }
        switch JSONDocument.parse(bytes, firstLine: firstLine, maxDepth: options.maxDepth, tapes: tapes) {
        case .failure(let issue):
            return InspectedDocument(source: source, firstLine: firstLine, parseIssue: issue)
        case .success(let document):
            return inspected(document, source: source, firstLine: firstLine)
        }
    }

    /// `inspect(_:source:firstLine:tapes:)` of bytes read in place into a chunk (an NDJSON
    /// line), parsed where they are; the document keeps the chunk. The outcome is switched
    /// over here, as above, not in a shared function: that would make its failure's type at
    /// run time.
    package func inspect(_ input: ChunkBytes, source: String, firstLine: Int = 1,
                         tapes: TapeReuse? = nil) -> InspectedDocument {
        if Self.isBlank(input) { return InspectedDocument(source: source, firstLine: firstLine, isEmpty: true) }
        if input.count > options.maxDocumentSize { return tooLarge(source: source, firstLine: firstLine) }
        switch JSONDocument.parse(input, firstLine: firstLine, maxDepth: options.maxDepth, tapes: tapes) {
        case .failure(let issue):
            return InspectedDocument(source: source, firstLine: firstLine, parseIssue: issue)
        case .success(let document):
            return inspected(document, source: source, firstLine: firstLine)
        }
    }

    /// A document over `maxDocumentSize` (IK009): its size is all that is known of it.
    public func tooLarge(source: String, firstLine: Int) -> InspectedDocument {
        InspectedDocument(source: source, firstLine: firstLine,
                          parseIssue: .tooLarge(limit: options.maxDocumentSize, line: firstLine))
    }

    /// The messages and other values of a parsed document. The values found borrow the
    /// document, which is alive until it is moved into the result, built last (see
    /// `InspectedDocument.init(source:firstLine:parsed:found:)`).
    @inline(__always)
    private func inspected(_ document: consuming JSONDocument, source: String, firstLine: Int) -> InspectedDocument {
        var found = FoundValues()
        collect(document.root, source: source, into: &found, topLevel: true)
        return InspectedDocument(source: source, firstLine: firstLine, parsed: consume document, found: found)
    }

    /// Where one element of a batch sits in its file, for inspecting it on its own when a
    /// large batch is streamed: positions and pointers come out as if the whole file had
    /// been parsed.
    public struct ElementPlace: Sendable {
        public var firstLine: Int
        public var firstColumn: Int
        public var baseOffset: Int
        /// `/request/notifications/7`, `/response/messages/7` or `/7`.
        public var pointerPrefix: String
        /// Containers open around the element (1 in a top-level array, 3 in a request).
        public var depth: Int
        /// The shape the batch implies (`notification`, `inbox`), or nil to detect it
        /// (an element of a top-level array).
        public var shape: Shape?

        public init(firstLine: Int, firstColumn: Int, baseOffset: Int, pointerPrefix: String, depth: Int, shape: Shape?) {
            self.firstLine = firstLine
            self.firstColumn = firstColumn
            self.baseOffset = baseOffset
            self.pointerPrefix = pointerPrefix
            self.depth = depth
            self.shape = shape
        }
    }

    /// Parses one element of a streamed batch, without inspecting it: nil when it is JSON
    /// the whole-file parse would also accept here.
    public func parseProblem(ofElement bytes: [UInt8], at place: ElementPlace) -> JSONIssue? {
        if case .failure(let issue) = parseElement(bytes, at: place) { return issue }
        return nil
    }

    /// Inspects one element of a streamed batch as the message the batch implies.
    public func inspect(element bytes: [UInt8], source: String, at place: ElementPlace,
                        tapes: TapeReuse? = nil) -> InspectedDocument {
        if bytes.count > options.maxDocumentSize { return tooLarge(source: source, firstLine: place.firstLine) }
        switch parseElement(bytes, at: place, tapes: tapes) {
        case .failure(let issue):
            return InspectedDocument(source: source, firstLine: place.firstLine, parseIssue: issue)
        case .success(let document):
            // As in `inspect(_:source:firstLine:)`: the document is moved into the result.
            let root = document.root
            var found = FoundValues()
            if let shape = place.shape, root.kind == .object {
                add(root, as: shape, source: source, to: &found)
            } else {
                collect(root, source: source, into: &found, topLevel: false)
            }
            return InspectedDocument(source: source, firstLine: place.firstLine, parsed: consume document, found: found)
        }
    }

    /// The part of a streamed file around its batch (the batch array elided): parsed for
    /// the document-level rules (duplicate keys, auth tokens) and nothing else.
    public func inspect(wrapper bytes: [UInt8], source: String) -> InspectedDocument {
        switch JSONDocument.parse(bytes, firstLine: 1, maxDepth: options.maxDepth) {
        case .failure(let issue): return InspectedDocument(source: source, firstLine: 1, parseIssue: issue)
        case .success(let document): return InspectedDocument(source: source, firstLine: 1, document: document)
        }
    }

    private func parseElement(_ bytes: [UInt8], at place: ElementPlace,
                              tapes: TapeReuse? = nil) -> Result<JSONDocument, JSONIssue> {
        JSONDocument.parse(bytes, firstLine: place.firstLine, maxDepth: options.maxDepth - place.depth,
                           pointerPrefix: place.pointerPrefix, baseOffset: place.baseOffset,
                           firstColumn: place.firstColumn, tapes: tapes)
    }

    /// Whitespace only (and an optional BOM): the document is empty, not malformed.
    static func isBlank<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        if bytes.count >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    /// Unwraps batches (a top-level array, a request's notifications, an inbox response's
    /// messages) and normalises each message object. `source` is the document's.
    private func collect(_ value: JSONValue, source: String, into result: inout FoundValues, topLevel: Bool) {
        if topLevel, value.kind == .array {
            if value.count == 0 { result.addEmptyContainer(value) }
            result.messages.reserveCapacity(result.messages.count + Int(value.count))
            for element in value.elements { collect(element, source: source, into: &result, topLevel: false) }
            return
        }
        // Bound case by case rather than through `map` and `??`, which copy the detection
        // through two optionals.
        let detection: Shape.Detection
        if let forced = options.shape {
            detection = Shape.Detection(shape: forced, members: nil)
        } else if let detected = Shape.detection(of: value) {
            detection = detected
        } else {
            result.addUnrecognised(value)
            return
        }
        let shape = detection.shape
        switch shape {
        case .request:
            guard let notifications = value["request"]?["notifications"], notifications.kind == .array,
                  notifications.count > 0 else {
                result.addEmptyContainer(value["request"]?["notifications"] ?? value["request"] ?? value)
                return
            }
            for element in notifications.elements {
                guard element.kind == .object else { result.addUnrecognised(element); continue }
                add(element, as: .notification, source: source, to: &result)
            }
        case .inbox where value["response"] != nil && value["inbox_id"] == nil:
            guard let messages = value["response"]?["messages"], messages.kind == .array else {
                result.addEmptyContainer(value["response"] ?? value)
                return
            }
            if messages.count == 0 { result.addEmptyContainer(messages) }
            for element in messages.elements {
                guard element.kind == .object else { result.addUnrecognised(element); continue }
                add(element, as: .inbox, source: source, to: &result)
            }
        default:
            guard value.kind == .object else { result.addUnrecognised(value); return }
            add(value, as: shape, members: detection.members, source: source, to: &result)
        }
    }

    private func add(_ value: JSONValue, as shape: Shape, members: MemberValues? = nil, source: String,
                     to result: inout FoundValues) {
        // Most documents hold one message, which the list keeps inline (a batch has
        // reserved room for the rest already).
        result.messages.append(InspectedMessage(normalising: value, as: shape, members: members, source: source,
                                                language: options.language, profile: options.profile,
                                                forceKind: options.forceKind))
    }
}
