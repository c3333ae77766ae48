/// The messages of an `InspectedDocument`, in document order: a collection indexed from 0,
/// used like the array it replaces.
///
/// Nearly every document (an NDJSON line, a push payload) holds one message, which is held
/// as it is, with no list; only two or more go into an array.
public struct InspectedMessages: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// One word, like an array, so the document that holds it stays small: the cases
    /// share the spare bits of the reference.
    private enum Storage {
        case none
        case one(InspectedMessage)
        case many([InspectedMessage])
    }

    private var storage: Storage = .none

    public init() {}

    public init(arrayLiteral messages: InspectedMessage...) {
        self.init(messages)
    }

    public init<Messages: Sequence>(_ messages: Messages) where Messages.Element == InspectedMessage {
        for message in messages { append(message) }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .none: return 0
        case .one: return 1
        case .many(let messages): return messages.count
        }
    }

    public var count: Int { endIndex }

    public var isEmpty: Bool { endIndex == 0 }

    /// Bounds-checked like an array's.
    public subscript(position: Int) -> InspectedMessage {
        switch storage {
        case .one(let message):
            precondition(position == 0, "index out of range")
            return message
        case .many(let messages):
            return messages[position]
        case .none:
            preconditionFailure("index out of range")
        }
    }

    /// Adds a message at the end, taken owned so a new message is moved in. Inlined, as
    /// every document adds its message.
    @inline(__always)
    public mutating func append(_ message: __owned InspectedMessage) {
        switch storage {
        case .none:
            storage = .one(message)
        case .one(let first):
            storage = .many([first, message])
        case .many(var messages):
            storage = .none // the list is uniquely referenced again, so it grows in place
            messages.append(message)
            storage = .many(messages)
        }
    }

    /// Makes room for `capacity` messages in all (a batch knows its count).
    public mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > 1 else { return }
        var messages: [InspectedMessage]
        switch storage {
        case .none: messages = []
        case .one(let first): messages = [first]
        case .many(let list): messages = list
        }
        storage = .none
        messages.reserveCapacity(capacity)
        storage = .many(messages)
    }
}
