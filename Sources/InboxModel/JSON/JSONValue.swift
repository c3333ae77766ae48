#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A handle on one value of a `JSONDocument`: the document plus a node index. Copying it is cheap and
/// reading scalars decodes on demand, so rules can pass values around freely.
public struct JSONValue: Sendable {
    public let document: JSONDocument
    /// Node index in the document's tape (the root is 0).
    public let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    var node: TapeNode { document.nodes[index] }

    public var kind: JSONKind { node.kind }

    public var isNull: Bool { node.kind == .null }

    /// Only for JSON `true` / `false`.
    public var bool: Bool? {
        let node = self.node
        guard node.kind == .bool else { return nil }
        return node.flags & NodeFlag.isTrue != 0
    }

    /// Only for numbers; a number out of Double's range gives ±infinity (or 0) here and has a warning.
    public var number: Double? {
        let node = self.node
        guard node.kind == .number else { return nil }
        return document.bytes.withUnsafeBufferPointer {
            JSONNumberValue.double($0, from: Int(node.start), to: Int(node.end))
        }
    }

    /// The number exactly as written, e.g. "1.50" (nil for non-numbers).
    public var numberText: String? {
        guard node.kind == .number else { return nil }
        return sourceText
    }

    /// The decoded string (nil for non-strings).
    public var string: String? {
        let node = self.node
        guard node.kind == .string else { return nil }
        return document.bytes.withUnsafeBufferPointer { Tape.string(node, $0) }
    }

    /// Whether this is a string equal to `s`, comparing UTF-8 bytes without allocating when the
    /// string has no escapes. Byte equality is what iOS uses for dictionary keys (no Unicode normalisation).
    public func stringEquals(_ s: String) -> Bool {
        let node = self.node
        guard node.kind == .string else { return false }
        return document.bytes.withUnsafeBufferPointer { JSONValue.stringNode(node, in: $0, equals: s) }
    }

    static func stringNode(_ node: TapeNode, in bytes: UnsafeBufferPointer<UInt8>, equals s: String) -> Bool {
        var s = s
        return s.withUTF8 { stringNode(node, in: bytes, equals: $0) }
    }

    /// `stringNode(_:in:equals:)` with the text already as UTF-8, so a loop over many keys
    /// gets it once: a length check, then one `memcmp` for strings without escapes.
    static func stringNode(_ node: TapeNode, in bytes: UnsafeBufferPointer<UInt8>, equals text: UnsafeBufferPointer<UInt8>) -> Bool {
        if node.flags & NodeFlag.hasEscapes != 0 {
            return Tape.stringBytes(node, bytes).elementsEqual(text)
        }
        let from = Int(node.start) + 1
        let length = Int(node.end) - 1 - from
        guard length == text.count else { return false }
        guard length > 0, let base = bytes.baseAddress, let textBase = text.baseAddress else { return length == 0 }
        return memcmp(base + from, textBase, length) == 0
    }

    /// The raw JSON text of this value as it appears in the (decoded, for nested documents) input.
    public var sourceText: String {
        let node = self.node
        return document.bytes.withUnsafeBufferPointer {
            ValidatedString.make($0, from: Int(node.start), to: Int(node.end))
        }
    }

    /// Full RFC 6901 pointer, including the document's prefix ("" for the root of a plain document).
    public var pointer: String {
        document.bytes.withUnsafeBufferPointer {
            Tape.pointer(of: index, nodes: document.nodes, bytes: $0, prefix: document.pointerPrefix)
        }
    }

    /// Position of the value's first byte in the outermost source (for strings: the opening quote).
    public var position: SourcePosition {
        document.position(atOffset: Int(node.start))
    }
}
