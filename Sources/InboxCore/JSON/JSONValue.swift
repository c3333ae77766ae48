#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A handle on one value of a `JSONDocument`: the document plus a node index. Copying it is cheap and
/// reading scalars decodes on demand, so rules can pass values around freely.
///
/// ## Ownership: a value borrows its document
/// A value refers to its document WITHOUT a reference count, so copying one (or a `Button`,
/// a `Slide`, an array of them) retains nothing and destroying one releases nothing: atomic
/// reference counting of the document was a quarter of the wall time of `validate`. The
/// rule is therefore: **a `JSONValue` is valid only while its document is alive**, and a
/// holder must own the document for as long as values of it are used:
/// - `JSONDocument` itself, for whoever parsed it; `InspectedDocument.document` for the
///   values of an inspected file (`unrecognised`, `emptyContainers`);
/// - `Message` owns its document, and through `ActionParams` the documents parsed out of
///   strings (`action_params`, `u`); `StoryBlockLookup` owns a parsed `userdata` string;
///   a nested document owns its parent (its positions map back through it);
/// - the results kept apart from their message hold the owners of its documents
///   (`DocumentOwners`: the message's innermost document, which keeps its parents, or a
///   box of them all when they are apart): `Resolution`,
///   `Story`, `APNsSizeEstimate` (when it lists parts). An `InspectedMessage` is its
///   message, so it owns everything its results borrow.
/// Values (and structs of values: buttons, slides, sites, pages, text fields) taken out of
/// a holder are valid while the holder is: keep the holder, not just the values. Code
/// that parses a document itself and keeps only values of it extends the document's
/// lifetime over their uses (`withExtendedLifetime`): Swift may end a local's lifetime at
/// its last use. A type that hands values out beyond the holder that produced them keeps
/// one strong reference itself (one per holder, never one per value).
public struct JSONValue: @unchecked Sendable {
    /// The document, not retained (see the ownership rule above). `@unchecked Sendable`:
    /// the document is immutable and `Sendable` itself.
    @usableFromInline package let owner: Unmanaged<JSONDocument>
    /// Node index in the document's tape (the root is 0).
    public let index: Int

    /// A value of `document`, which the caller's owner keeps alive.
    @inline(__always)
    @inlinable package init(document: JSONDocument, index: Int) {
        self.owner = Unmanaged.passUnretained(document)
        self.index = index
    }

    @inline(__always)
    @inlinable package init(owner: Unmanaged<JSONDocument>, index: Int) {
        self.owner = owner
        self.index = index
    }

    /// The document, as a strong reference (a retain and a release: for cold paths; the
    /// hot accessors below read through the borrowed reference).
    public var document: JSONDocument { owner.takeUnretainedValue() }

    /// Another value of the same document, by node index.
    @inline(__always)
    @inlinable package func sibling(_ index: Int) -> JSONValue {
        JSONValue(owner: owner, index: index)
    }

    /// Whether this value is one of `document`'s, compared by identity without a retain.
    @inline(__always)
    public func belongs(to document: JSONDocument) -> Bool {
        owner.toOpaque() == Unmanaged.passUnretained(document).toOpaque()
    }

    /// Whether both values are of the same document.
    @inline(__always)
    @inlinable package func sameDocument(as other: JSONValue) -> Bool {
        owner.toOpaque() == other.owner.toOpaque()
    }

    /// Calls `body` with the document borrowed (+0: no retain, no release).
    @inline(__always)
    @inlinable package func withDocument<R>(_ body: (JSONDocument) throws -> R) rethrows -> R {
        try owner._withUnsafeGuaranteedRef(body)
    }

    /// The document's tape (a view of memory the document owns).
    @inline(__always)
    @inlinable package var nodes: NodeBuffer { owner._withUnsafeGuaranteedRef { $0.nodes } }

    /// The document's input bytes (memory the document owns).
    @inline(__always)
    @inlinable package var inputBytes: UnsafeBufferPointer<UInt8> { owner._withUnsafeGuaranteedRef { $0.input } }

    /// Calls `body` with the document's input bytes; the closure form of `inputBytes`, for
    /// code written against `Array.withUnsafeBufferPointer`.
    @inline(__always)
    @inlinable package func withInputBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(inputBytes)
    }

    @inline(__always)
    @inlinable package var node: TapeNode { nodes[index] }

    @inlinable public var kind: JSONKind { node.kind }

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
        return withInputBytes {
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
        return Tape.string(node, inputBytes)
    }

    /// Whether this is a string equal to `s`, comparing UTF-8 bytes without allocating when the
    /// string has no escapes. Byte equality is what iOS uses for dictionary keys (no Unicode normalisation).
    public func stringEquals(_ s: String) -> Bool {
        let node = self.node
        guard node.kind == .string else { return false }
        return JSONValue.stringNode(node, in: inputBytes, equals: s)
    }

    package static func stringNode(_ node: TapeNode, in bytes: UnsafeBufferPointer<UInt8>, equals s: String) -> Bool {
        withUTF8(of: s) { stringNode(node, in: bytes, equals: $0) }
    }

    /// Calls `body` with the UTF-8 of `text` read in place (a native or small string, as
    /// every literal is); `String.withUTF8` needs a `var` copy, which retains the string.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return try copy.withUTF8(body)
    }

    /// `stringNode(_:in:equals:)` with the text already as UTF-8, so a loop over many keys
    /// gets it once: a length check, then one `memcmp` for strings without escapes.
    package static func stringNode(_ node: TapeNode, in bytes: UnsafeBufferPointer<UInt8>, equals text: UnsafeBufferPointer<UInt8>) -> Bool {
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
        return ValidatedString.make(inputBytes, from: Int(node.start), to: Int(node.end))
    }

    /// Full RFC 6901 pointer, including the document's prefix ("" for the root of a plain document).
    public var pointer: String {
        withDocument { document in
            Tape.pointer(of: index, nodes: document.nodes, bytes: document.input, prefix: document.pointerPrefix)
        }
    }

    /// Position of the value's first byte in the outermost source (for strings: the opening quote).
    public var position: SourcePosition {
        let offset = Int(node.start)
        return withDocument { $0.position(atOffset: offset) }
    }
}
