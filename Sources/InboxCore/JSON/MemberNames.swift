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
/// have that many bytes), then by its first eight bytes as one integer, and a name of up to
/// 16 bytes by its last eight as a second one, so keys are dismissed or matched in a few
/// instructions without calling `memcmp`. At most 16 names.
public struct MemberNames: Sendable {
    /// The names' UTF-8, one after another, and where each starts and how long it is.
    package let bytes: [UInt8]
    let offsets: [Int]
    @usableFromInline let lengths: [Int]
    /// The first (up to) eight bytes of each name, little-endian, zero-padded: what
    /// `KeyBytes.head` gives for an equal key.
    @usableFromInline let heads: [UInt64]
    /// The last eight bytes of each name of 9 to 16 bytes, little-endian (0 for others).
    let tails: [UInt64]
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
        func word<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
            bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        heads = utf8.map { word($0.prefix(8)) }
        tails = utf8.map { $0.count > 8 && $0.count <= 16 ? word($0.suffix(8)) : 0 }
        var table = [UInt16](repeating: 0, count: (lengths.max() ?? 0) + 1)
        for (position, length) in lengths.enumerated() { table[length] |= 1 << UInt16(position) }
        byLength = table
    }
}

/// The values found by `JSONValue.members(_:)`, by the position of their name.
public struct MemberValues {
    /// The document of the object asked, borrowed like a `JSONValue`'s (nil: not an object).
    @usableFromInline let owner: Unmanaged<JSONDocument>?
    /// Node index of each name's value, -1 when absent. A vector, so copies of the result
    /// move it in a few wide stores; elements are read and written through its memory, as
    /// a computed position into a vector held in registers costs a round trip through the
    /// stack.
    @usableFromInline var nodes = SIMD16<Int32>(repeating: -1)

    @inlinable package init(owner: Unmanaged<JSONDocument>?) {
        self.owner = owner
    }

    /// The value of the name at `position` in the `MemberNames` asked for.
    @inlinable public subscript(position: Int) -> JSONValue? {
        guard let owner, position >= 0, position < 16 else { return nil }
        let node = withUnsafeBytes(of: nodes) { $0.load(fromByteOffset: 4 * position, as: Int32.self) }
        guard node >= 0 else { return nil }
        return JSONValue(owner: owner, index: Int(node))
    }

    /// Whether a name at one of `positions` (a bit per position in the `MemberNames`
    /// asked for) was found. Inlined: shape detection asks it of every document, and the
    /// first position asked is nearly always there.
    @inline(__always)
    @inlinable package func hasAny(_ positions: UInt16) -> Bool {
        guard owner != nil else { return false }
        return withUnsafeBytes(of: nodes) { slots in
            var rest = positions
            while rest != 0 {
                let slot = rest.trailingZeroBitCount
                rest &= rest &- 1
                if slots.load(fromByteOffset: 4 * slot, as: Int32.self) >= 0 { return true }
            }
            return false
        }
    }

    /// The 16 node slots, for `members(_:)` to fill.
    @inlinable mutating func withSlots<R>(_ body: (UnsafeMutablePointer<Int32>) -> R) -> R {
        withUnsafeMutableBytes(of: &nodes) { body($0.baseAddress!.assumingMemoryBound(to: Int32.self)) }
    }
}

extension JSONValue {
    /// The members named in `names` (the last one with duplicate keys, as iOS keeps), in
    /// one pass; all absent when this is not an object.
    public func members(_ names: MemberNames) -> MemberValues {
        names.byLength.withUnsafeBufferPointer { byLength in
            names.heads.withUnsafeBufferPointer { heads in
                names.tails.withUnsafeBufferPointer { tails in
                    members { key, bytes in
                        let length = Int(key.end &- key.start) &- 2
                        if key.flags & NodeFlag.hasEscapes != 0 { return names.escapedMatch(key, bytes) }
                        guard length < byLength.count, byLength[length] != 0 else { return nil }
                        return names.plainMatch(bytes, from: Int(key.start) &+ 1, length: length,
                                                candidates: byLength[length], heads: heads, tails: tails)
                    }
                }
            }
        }
    }

    /// The walk every lookup shares: each member's key in order, offered to `position`
    /// (the slot of the name it is, if any), so the last member of a name wins, as iOS
    /// keeps; all absent when this is not an object.
    /// Inlinable, so a lookup in the model has its `position` inlined into this loop rather
    /// than called through a closure for every key.
    @inline(__always)
    @inlinable package func members(matching position: (TapeNode, UnsafeBufferPointer<UInt8>) -> Int?) -> MemberValues {
        let tape = nodes.base
        let node = tape[index]
        guard node.kind == .object else { return MemberValues(owner: nil) }
        var found = MemberValues(owner: owner)
        let memberCount = Int(node.count)
        found.withSlots { slots in
            withInputBytes { bytes in
                var keyIndex = index &+ 1
                for _ in 0 ..< memberCount {
                    if let slot = position(tape[keyIndex], bytes) { slots[slot] = Int32(truncatingIfNeeded: keyIndex &+ 1) }
                    keyIndex = Int(tape[keyIndex &+ 1].link)
                }
            }
        }
        return found
    }
}

extension MemberNames {
    /// Whether the bytes after the first eight of name `position` equal those of the key at
    /// `from` (same length, longer than 16 bytes).
    @inline(never)
    fileprivate func restEquals(_ position: Int, _ source: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> Bool {
        bytes.withUnsafeBufferPointer { nameBytes in
            guard let name = nameBytes.baseAddress, let key = source.baseAddress else { return false }
            return memcmp(name + offsets[position] + 8, key + from + 8, length - 8) == 0
        }
    }

    /// The name equal to a key without escapes, of `length` bytes at `from`, given the names
    /// of that length (`candidates`, a bit per name): matched by the first eight bytes as one
    /// integer, then the last eight (or the rest). Names are distinct, so one at most.
    @inline(__always)
    fileprivate func plainMatch(_ source: UnsafeBufferPointer<UInt8>, from: Int, length: Int, candidates: UInt16,
                                heads: UnsafeBufferPointer<UInt64>, tails: UnsafeBufferPointer<UInt64>) -> Int? {
        var candidates = candidates
        let head = KeyBytes.head(source, from: from, length: length)
        repeat {
            let position = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            if heads[position] == head,
               length <= 8 || (length <= 16
                   ? KeyBytes.tail(source, from: from, length: length) == tails[position]
                   : restEquals(position, source, from: from, length: length)) {
                return position
            }
        } while candidates != 0
        return nil
    }

    /// Rare: a key with escapes is compared, decoded, with every name.
    @inline(never)
    fileprivate func escapedMatch(_ key: TapeNode, _ source: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { nameBytes in
            for position in 0 ..< lengths.count {
                let name = UnsafeBufferPointer(rebasing: nameBytes[offsets[position] ..< offsets[position] + lengths[position]])
                if JSONValue.stringNode(key, in: source, equals: name) { return position }
            }
            return nil
        }
    }
}

/// Reading a key's bytes as integers for quick comparisons.
@usableFromInline package enum KeyBytes {
    /// The `length` (at most 16) bytes at `from` as two little-endian words, zero-padded:
    /// `head` of the first eight and of the rest.
    @inline(__always)
    @inlinable package static func words(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, length: Int)
        -> (low: UInt64, high: UInt64) {
        (head(bytes, from: from, length: length), length > 8 ? head(bytes, from: from + 8, length: length - 8) : 0)
    }

    /// The first `min(length, 8)` bytes at `from`, little-endian, zero-padded. Reads whole
    /// words only where eight bytes are inside `bytes`.
    @inline(__always)
    @inlinable package static func head(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if from + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + from).loadUnaligned(as: UInt64.self))
            return length >= 8 ? word : word & ((1 << (8 * UInt64(length))) &- 1)
        }
        var word: UInt64 = 0
        for k in 0 ..< min(length, 8) { word |= UInt64(base[from + k]) << (8 * UInt64(k)) }
        return word
    }

    /// The last eight bytes of a key of at least eight bytes at `from` (inside `bytes`).
    @inline(__always)
    @inlinable package static func tail(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        return UInt64(littleEndian: UnsafeRawPointer(base + from + length - 8).loadUnaligned(as: UInt64.self))
    }
}

/// Three names of one to eight bytes, looked up together like `MemberNames` but matched
/// with no table: each key is told by its first eight bytes, zero-padded past its length
/// (raw keys hold no zero byte, so the padding tells the length), compared with the three
/// names' own, held inline as plain integers (nothing to retain). Every button
/// (`title`, `action`, `url`) and every carousel slide (`image`, `title`, `url`) of every
/// message is read this way, and the general lookup's tables cost more than these
/// objects' two or three keys.
public struct ShortNames: Sendable {
    @usableFromInline let lengths: (Int, Int, Int)
    @usableFromInline let heads: (UInt64, UInt64, UInt64)

    public init(_ first: String, _ second: String, _ third: String) {
        precondition([first, second, third].allSatisfy { (1 ... 8).contains($0.utf8.count) && !$0.utf8.contains(0) },
                     "ShortNames holds names of one to eight bytes, none of them zero")
        lengths = (first.utf8.count, second.utf8.count, third.utf8.count)
        heads = (Self.word(first.utf8), Self.word(second.utf8), Self.word(third.utf8))
    }

    /// Three names given as their words (`word(_:)` of each: one to eight bytes, none
    /// zero), or `ShortNames.noName` for a place left empty. Written with integer literals
    /// where the names are used, so the names are constants the compiler folds into the
    /// compares: a `static let` made with `init(_:_:_:)` is a lazily initialised global,
    /// read through `swift_once` and copied for every object looked up.
    @inline(__always)
    @inlinable package init(words first: UInt64, _ second: UInt64, _ third: UInt64) {
        heads = (first, second, third)
        lengths = (Self.length(of: first), Self.length(of: second), Self.length(of: third))
    }

    /// A word no key has (bytes 0xFF are not UTF-8), for a place of `init(words:)` with no name.
    package static let noName = UInt64.max

    /// The bytes a name's word holds (its padding is zero, its bytes are not).
    @inline(__always)
    @usableFromInline static func length(of word: UInt64) -> Int {
        (64 - word.leadingZeroBitCount + 7) / 8
    }

    /// Up to eight bytes as a little-endian word, zero-padded (as `KeyBytes.head` reads them).
    package static func word<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        bytes.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// The position of the name a key without escapes spells, given its first (up to)
    /// eight bytes: a head of up to eight bytes tells the length too (its padding is zero,
    /// and raw key bytes never are), so one compare per name decides.
    @inline(__always)
    @usableFromInline package func position(head: UInt64) -> Int? {
        if head == heads.0 { return 0 }
        if head == heads.1 { return 1 }
        if head == heads.2 { return 2 }
        return nil
    }

    /// The position of the name `length` bytes starting with `head` spell, if any.
    @inline(__always)
    func position(length: Int, head: UInt64) -> Int? {
        if length == lengths.0 && head == heads.0 { return 0 }
        if length == lengths.1 && head == heads.1 { return 1 }
        if length == lengths.2 && head == heads.2 { return 2 }
        return nil
    }

    /// Rare: the position of the name a key with escapes decodes to.
    @inline(never)
    @usableFromInline func position(escaped key: TapeNode, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let decoded = Tape.stringBytes(key, bytes)
        guard decoded.count <= 8 else { return nil }
        return position(length: decoded.count, head: Self.word(decoded))
    }
}

/// The nodes of the values of three short names in one object (see `ShortNames.nodes(of:)`):
/// three integers, returned in registers, where a `MemberValues` (sixteen slots and the
/// document) was filled and copied out for every button and every slide.
@usableFromInline package struct ShortMembers {
    /// Node of each name's value by position, -1 when absent.
    @usableFromInline package var nodes: (Int32, Int32, Int32) = (-1, -1, -1)
    /// Whether the object has a key that is none of the three names.
    @usableFromInline package var hasOtherKeys = false

    @usableFromInline init() {}

    /// The node of the value of the name at `position` (0, 1, 2), when present.
    @inline(__always)
    @inlinable package func node(_ position: Int) -> Int? {
        let node: Int32
        switch position {
        case 0: node = nodes.0
        case 1: node = nodes.1
        default: node = nodes.2
        }
        return node >= 0 ? Int(node) : nil
    }
}

extension ShortNames {
    /// The nodes of the three names' values in `object` (the last one with duplicate keys,
    /// as iOS keeps), in one walk over its keys; all absent when it is not an object.
    @inline(__always)
    @inlinable package func nodes(of object: JSONValue) -> ShortMembers {
        var found = ShortMembers()
        let tape = object.nodes.base
        let node = tape[object.index]
        guard node.kind == .object else { return found }
        let bytes = object.inputBytes
        var keyIndex = object.index &+ 1
        for _ in 0 ..< Int(node.count) {
            let key = tape[keyIndex]
            let position: Int?
            if key.flags & NodeFlag.hasEscapes == 0 {
                let length = Int(key.end &- key.start) &- 2
                position = length <= 8 ? self.position(head: KeyBytes.head(bytes, from: Int(key.start) &+ 1, length: length)) : nil
            } else {
                position = self.position(escaped: key, in: bytes)
            }
            switch position {
            case 0?: found.nodes.0 = Int32(truncatingIfNeeded: keyIndex &+ 1)
            case 1?: found.nodes.1 = Int32(truncatingIfNeeded: keyIndex &+ 1)
            case 2?: found.nodes.2 = Int32(truncatingIfNeeded: keyIndex &+ 1)
            default: found.hasOtherKeys = true
            }
            keyIndex = Int(tape[keyIndex &+ 1].link)
        }
        return found
    }
}

extension JSONValue {
    /// `members(MemberNames([names...]))` for three short names: the value of each (the
    /// last one with duplicate keys, as iOS keeps) by position 0, 1, 2; all absent when
    /// this is not an object. (`ShortNames.nodes(of:)`, as values.)
    public func members(_ names: ShortNames) -> MemberValues {
        let found = names.nodes(of: self)
        var values = MemberValues(owner: kind == .object ? owner : nil)
        values.withSlots { slots in
            slots[0] = found.nodes.0
            slots[1] = found.nodes.1
            slots[2] = found.nodes.2
        }
        return values
    }
}
