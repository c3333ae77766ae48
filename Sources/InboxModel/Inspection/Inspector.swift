/// The model's entry point: bytes of one JSON document in, an `InspectedDocument` out.
/// No I/O: the command line reads files and hands their bytes here.
public struct Inspector: Sendable {
    public var options: InspectionOptions

    public init(options: InspectionOptions) {
        self.options = options
    }

    public func inspect(_ bytes: [UInt8], source: String, firstLine: Int = 1) -> InspectedDocument {
        var result = InspectedDocument(source: source, firstLine: firstLine, document: nil, parseIssue: nil,
                                       isEmpty: false, unrecognised: [], emptyContainers: [], messages: [])
        if Self.isBlank(bytes) {
            result.isEmpty = true
            return result
        }
        switch JSONDocument.parse(bytes, firstLine: firstLine, maxDepth: options.maxDepth) {
        case .failure(let issue):
            result.parseIssue = issue
        case .success(let document):
            result.document = document
            collect(document.root, into: &result, topLevel: true)
        }
        return result
    }

    /// Whitespace only (and an optional BOM): the document is empty, not malformed.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    /// Unwraps batches (a top-level array, a request's notifications, an inbox response's
    /// messages) and normalises each message object.
    private func collect(_ value: JSONValue, into result: inout InspectedDocument, topLevel: Bool) {
        if topLevel, value.kind == .array {
            if value.count == 0 { result.emptyContainers.append(value) }
            for element in value.elements { collect(element, into: &result, topLevel: false) }
            return
        }
        guard let shape = options.shape ?? Shape.detect(value) else {
            result.unrecognised.append(value)
            return
        }
        let normaliser = Normaliser(source: result.source, language: options.language)
        switch shape {
        case .request:
            guard let notifications = value["request"]?["notifications"], notifications.kind == .array,
                  notifications.count > 0 else {
                result.emptyContainers.append(value["request"]?["notifications"] ?? value["request"] ?? value)
                return
            }
            for element in notifications.elements {
                guard element.kind == .object else { result.unrecognised.append(element); continue }
                add(normaliser.message(from: element, shape: .notification), to: &result)
            }
        case .inbox where value["response"] != nil && value["inbox_id"] == nil:
            guard let messages = value["response"]?["messages"], messages.kind == .array else {
                result.emptyContainers.append(value["response"] ?? value)
                return
            }
            if messages.count == 0 { result.emptyContainers.append(messages) }
            for element in messages.elements {
                guard element.kind == .object else { result.unrecognised.append(element); continue }
                add(normaliser.message(from: element, shape: .inbox), to: &result)
            }
        default:
            guard value.kind == .object else { result.unrecognised.append(value); return }
            add(normaliser.message(from: value, shape: shape), to: &result)
        }
    }

    private func add(_ message: Message, to result: inout InspectedDocument) {
        result.messages.append(InspectedMessage(message: message, profile: options.profile, forceKind: options.forceKind))
    }
}
