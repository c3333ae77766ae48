import InboxCore

/// A quick test whether an object may have a member named one of a few keys, from each
/// member's length and first byte alone, for rules that look for keys almost no payload
/// has (IK107's custom-data keys at a notification's top level, IK102's inbox keys inside
/// `data`). Such a rule asks it for every message; the exact lookup (`CustomDataIndex`,
/// `MemberNames`) runs only when it says maybe.
///
/// "No" is exact: a member with one of the names has that length and first byte, however
/// it is written (the parser's key signatures are of the decoded key). "Maybe" may be
/// wrong (another key of the same length and first letter), which only costs the exact
/// lookup.
struct MemberNamePretest: Sendable {
    /// For each key length in bytes, the first bytes of the names of that length, as bits
    /// (`byte & 63`; bytes that share those bits only widen the maybe).
    private let firstBytesByLength: [UInt64]

    init(_ names: [String]) {
        self.init(shapes: names.compactMap { name in name.utf8.first.map { (name.utf8.count, $0) } })
    }

    /// From the length and first byte of each name.
    init(shapes: [(length: Int, first: UInt8)]) {
        var masks = [UInt64](repeating: 0, count: (shapes.map(\.length).max() ?? 0) + 1)
        for shape in shapes {
            masks[shape.length] |= 1 << UInt64(shape.first & 63)
        }
        firstBytesByLength = masks
    }

    /// Whether `object` may have a member with one of the names: false when it is not an
    /// object, or none of its keys has a name's length and first byte. Read from the key
    /// signatures the parser left in the key nodes (see `KeySignature`), so neither the
    /// input bytes nor the decoding of escaped keys are needed.
    func mayHaveMember(_ object: JSONValue) -> Bool {
        let tape = object.nodes.base
        let node = tape[object.index]
        guard node.kind == .object else { return false }
        var keyIndex = object.index + 1
        for _ in 0 ..< Int(node.count) {
            if mayMatch(signature: UInt32(bitPattern: tape[keyIndex].count)) { return true }
            keyIndex = Int(tape[keyIndex &+ 1].link)
        }
        return false
    }

    /// Whether `object` has a key besides `names` that may be one of this pretest's
    /// names: what a button or slide is asked before IK210 looks into it, as most hold only
    /// the names read there and app keys such as `id`. An escaped key counts as maybe.
    func mayHaveMember(_ object: JSONValue, besides names: ShortNames) -> Bool {
        var found = false
        forEachCandidate(in: object) { shortKey, _, _ in
            // A name read there is written without escapes in at most eight bytes: one word.
            if let shortKey, shortKey.count <= 8, names.position(head: shortKey.head) != nil { return }
            found = true
        }
        return found
    }

    /// Whether a key of `signature` (`KeySignature`) may be one of the names.
    @inline(__always)
    func mayMatch(signature: UInt32) -> Bool {
        let length = Int(signature >> 8)
        return length < firstBytesByLength.count && firstBytesByLength[length] >> UInt64(signature & 63) & 1 != 0
    }

    /// Calls `body` for each member of `object` whose key may be one of the names (as
    /// `mayHaveMember` tells, member by member), with the key as a `ShortKey` when it is
    /// written without escapes in at most `ShortKey.capacity` bytes (nil otherwise), a way
    /// to decode the key, and the value. Nothing is decoded or built for a key the body
    /// passes over, so looking for a few names among an object's many other keys costs next
    /// to nothing.
    func forEachCandidate(in object: JSONValue,
                          _ body: (_ shortKey: ShortKey?, _ key: () -> String, _ value: JSONValue) -> Void) {
        let tape = object.nodes.base
        let node = tape[object.index]
        guard node.kind == .object else { return }
        object.withInputBytes { bytes in
            var keyIndex = object.index + 1
            for _ in 0 ..< Int(node.count) {
                let keyNode = tape[keyIndex]
                let signature = UInt32(bitPattern: keyNode.count)
                if mayMatch(signature: signature) {
                    // Without escapes, the signature's length is the written key's.
                    let length = Int(signature >> 8)
                    var shortKey: ShortKey?
                    if keyNode.flags & NodeFlag.hasEscapes == 0, length <= ShortKey.capacity {
                        let words = KeyBytes.words(bytes, from: Int(keyNode.start) + 1, length: length)
                        shortKey = ShortKey(low: words.low, high: words.high, count: length)
                    }
                    body(shortKey, { Tape.string(keyNode, bytes) }, object.sibling(keyIndex + 1))
                }
                keyIndex = Int(tape[keyIndex &+ 1].link)
            }
        }
    }
}
