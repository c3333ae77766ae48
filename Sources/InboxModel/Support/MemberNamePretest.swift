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
        var masks = [UInt64](repeating: 0, count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for name in names {
            guard let first = name.utf8.first else { continue }
            masks[name.utf8.count] |= 1 << UInt64(first & 63)
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
        return firstBytesByLength.withUnsafeBufferPointer { masks in
            var keyIndex = object.index + 1
            for _ in 0 ..< Int(node.count) {
                let signature = UInt32(bitPattern: tape[keyIndex].count)
                let length = Int(signature >> 8)
                if length < masks.count, masks[length] >> UInt64(signature & 63) & 1 != 0 { return true }
                keyIndex = Int(tape[keyIndex &+ 1].link)
            }
            return false
        }
    }

    /// The members of `object` whose key may be one of the names (as `mayHaveMember` tells,
    /// member by member): only those keys are decoded, so a rule that looks at a few names
    /// in objects of many other keys reads next to none of them.
    /// `skipping`: names (as bytes) whose members are left out, compared in place (a key
    /// written with escapes is decoded and kept).
    func members(of object: JSONValue, skipping names: [[UInt8]] = []) -> [(key: String, value: JSONValue)] {
        let tape = object.nodes.base
        let node = tape[object.index]
        guard node.kind == .object else { return [] }
        return object.withInputBytes { bytes in
            firstBytesByLength.withUnsafeBufferPointer { masks in
                var result: [(key: String, value: JSONValue)] = []
                var keyIndex = object.index + 1
                for _ in 0 ..< Int(node.count) {
                    let signature = UInt32(bitPattern: tape[keyIndex].count)
                    let length = Int(signature >> 8)
                    if length < masks.count, masks[length] >> UInt64(signature & 63) & 1 != 0,
                       !Self.isOne(of: names, tape[keyIndex], bytes) {
                        result.append((Tape.string(tape[keyIndex], bytes), object.sibling(keyIndex + 1)))
                    }
                    keyIndex = Int(tape[keyIndex &+ 1].link)
                }
                return result
            }
        }
    }

    /// Whether the key of `node`, written without escapes, is one of `names`.
    private static func isOne(of names: [[UInt8]], _ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard node.flags & NodeFlag.hasEscapes == 0 else { return false }
        let from = Int(node.start) + 1
        let count = Int(node.end) - 1 - from
        for name in names where name.count == count {
            var index = 0
            while index < count, bytes[from + index] == name[index] { index += 1 }
            if index == count { return true }
        }
        return false
    }
}
