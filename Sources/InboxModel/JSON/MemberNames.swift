#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed list of member names looked up together, in one pass over an object's members.
///
/// Reading a notification asks its object for a dozen keys; a lookup per key walked
/// every member and compared bytes each time. Asking for them all at once walks the
/// members once. Each key is matched through a table indexed by its length (which names
/// have that many bytes), then by its first eight bytes as one integer, so most keys are
/// dismissed or matched in a few instructions without calling `memcmp`. At most 16 names.
public struct MemberNames: Sendable {
    /// The names' UTF-8, one after another, and where each starts and how long it is.
    let bytes: [UInt8]
    let offsets: [Int]
    let lengths: [Int]
    /// The first (up to) eight bytes of each name, little-endian, zero-padded: what
    /// `KeyBytes.head` gives for an equal key.
    let heads: [UInt64]
    /// `byLength[n]` has bit `p` set when name `p` is `n` bytes long; as long as the
    /// longest name plus one, so longer keys are dismissed by one compare.
    let byLength: [UInt16]

    public init(_ names: [String]) {
        precondition(names.count <= 16, "MemberNames holds at most 16 names")
        let utf8 = names.map { Array($0.utf8) }
        bytes = utf8.flatMap { $0 }
        let lengths = utf8.map(\.count)
        self.lengths = lengths
        offsets = lengths.indices.map { lengths[..<$0].reduce(0, +) }
        heads = utf8.map { name in
            name.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        var table = [UInt16](repeating: 0, count: (lengths.max() ?? 0) + 1)
        for (position, length) in lengths.enumerated() { table[length] |= 1 << UInt16(position) }
        byLength = table
    }
}

/// The values found by `JSONValue.members(_:)`, by the position of their name.
public struct MemberValues {
    private let document: JSONDocument?
    /// Node index of each name's value, -1 when absent.
    private var nodes = SIMD16<Int32>(repeating: -1)

    init(document: JSONDocument?) {
        self.document = document
    }

    /// The value of the name at `position` in the `MemberNames` asked for.
    public subscript(position: Int) -> JSONValue? {
        guard let document, nodes[position] >= 0 else { return nil }
        return JSONValue(document: document, index: Int(nodes[position]))
    }

    fileprivate mutating func set(_ position: Int, node: Int) {
        nodes[position] = Int32(node)
    }
}

extension JSONValue {
    /// The members named in `names` (the last one with duplicate keys, as iOS keeps), in
    /// one pass; all absent when this is not an object.
    public func members(_ names: MemberNames) -> MemberValues {
        let tape = document.nodes.base
        let node = tape[index]
        guard node.kind == .object else { return MemberValues(document: nil) }
        var found = MemberValues(document: document)
        let memberCount = Int(node.count)
        document.bytes.withUnsafeBufferPointer { bytes in
            names.byLength.withUnsafeBufferPointer { byLength in
                names.heads.withUnsafeBufferPointer { heads in
                    var keyIndex = index + 1
                    for _ in 0 ..< memberCount {
                        let key = tape[keyIndex]
                        if key.flags & NodeFlag.hasEscapes != 0 {
                            // Rare: compare the decoded key with every name.
                            names.bytes.withUnsafeBufferPointer { nameBytes in
                                for position in 0 ..< names.lengths.count {
                                    let name = UnsafeBufferPointer(rebasing: nameBytes[names.offsets[position] ..< names.offsets[position] + names.lengths[position]])
                                    if JSONValue.stringNode(key, in: bytes, equals: name) { found.set(position, node: keyIndex + 1) }
                                }
                            }
                        } else {
                            let from = Int(key.start) + 1
                            let length = Int(key.end) - 1 - from
                            if length < byLength.count, byLength[length] != 0 {
                                var candidates = byLength[length]
                                let head = KeyBytes.head(bytes, from: from, length: length)
                                repeat {
                                    let position = candidates.trailingZeroBitCount
                                    candidates &= candidates &- 1
                                    if heads[position] == head,
                                       length <= 8 || names.tailEquals(position, bytes, from: from, length: length) {
                                        found.set(position, node: keyIndex + 1)
                                    }
                                } while candidates != 0
                            }
                        }
                        keyIndex = Int(tape[keyIndex + 1].link)
                    }
                }
            }
        }
        return found
    }
}

extension MemberNames {
    /// Whether the bytes after the first eight of name `position` equal those of the key at
    /// `from` (same length, longer than eight bytes).
    @inline(__always)
    fileprivate func tailEquals(_ position: Int, _ source: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> Bool {
        bytes.withUnsafeBufferPointer { nameBytes in
            guard let name = nameBytes.baseAddress, let key = source.baseAddress else { return false }
            return memcmp(name + offsets[position] + 8, key + from + 8, length - 8) == 0
        }
    }
}

/// Reading a key's bytes as integers for quick comparisons.
enum KeyBytes {
    /// The first `min(length, 8)` bytes at `from`, little-endian, zero-padded. Reads whole
    /// words only where eight bytes are inside `bytes`.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if from + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + from).loadUnaligned(as: UInt64.self))
            return length >= 8 ? word : word & ((1 << (8 * UInt64(length))) &- 1)
        }
        var word: UInt64 = 0
        for k in 0 ..< min(length, 8) { word |= UInt64(base[from + k]) << (8 * UInt64(k)) }
        return word
    }
}
