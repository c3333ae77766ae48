/// Duplicate-key detection. iOS (NSJSONSerialization) silently keeps the last of two equal keys, so a
/// pasted-twice "title" changes what is shown without any error; the linter must say so.
///
/// Small objects (the normal case) keep one bit per key fingerprint (a 64-bit Bloom filter in the
/// object's frame): a key whose bit is clear, nearly every key, is new after a hash and one test.
/// Otherwise its fingerprint is compared with those of the earlier keys (stored in the key nodes),
/// so a check is a few integer compares and no allocation. An object that grows past
/// `linearKeyLimit` members switches to a hash table, keeping huge objects linear.
extension JSONParser {
    /// Inlined into the key parse: the usual outcome (a new key in a small object) is a hash,
    /// a store and a bit test; the comparisons and the hash table are out of line. The key's
    /// contents are `from ..< to` of the input.
    @inline(__always)
    mutating func checkDuplicate(keyIndex: Int32, base: UnsafePointer<UInt8>, from: Int, to: Int, flags: UInt8) {
        guard top.count <= Self.linearKeyLimit else {
            checkDuplicateInLargeObject(keyIndex: keyIndex)
            return
        }
        // The fingerprint is kept in the key node's otherwise unused `count` field.
        let hash = flags & NodeFlag.hasEscapes == 0
            ? Self.fingerprint(UnsafeBufferPointer(start: base + from, count: to &- from))
            : escapedKeyFingerprint(Int(keyIndex))
        nodes.base[Int(keyIndex)].count = Int32(bitPattern: hash)
        // The top bits of a multiplicative hash of the fingerprint pick the bit.
        let bit = UInt64(1) << ((hash &* 0x9E37_79B1) >> 26)
        if top.keyBloom & bit == 0 {
            top.keyBloom |= bit
            return
        }
        compareWithEarlierKeys(keyIndex: keyIndex)
    }

    /// A small object's key whose filter bit was set: compared with the earlier keys of
    /// the same fingerprint.
    @inline(never)
    private mutating func compareWithEarlierKeys(keyIndex: Int32) {
        let fingerprint = nodes.base[Int(keyIndex)].count
        var candidate = Int(top.node) + 1
        for _ in 0 ..< Int(top.count) - 1 {
            if nodes.base[candidate].count == fingerprint, keysEqual(candidate, Int(keyIndex)) {
                recordDuplicate(key: keyIndex, first: Int32(candidate))
                return
            }
            candidate = Int(nodes.base[candidate + 1].link)
        }
    }

    @inline(never)
    private mutating func checkDuplicateInLargeObject(keyIndex: Int32) {
        let memberCount = Int(top.count)
        if keyTables?.last?.node != top.node {
            var table: [[UInt8]: Int32] = [:]
            table.reserveCapacity(memberCount * 2)
            var candidate = Int(top.node) + 1
            for _ in 0 ..< memberCount - 1 {
                let key = keyBytes(candidate)
                if table[key] == nil { table[key] = Int32(candidate) }
                candidate = Int(nodes[candidate + 1].link)
            }
            if keyTables == nil { keyTables = [] }
            keyTables?.append(KeyTable(node: top.node, firstIndexByKey: table))
        }
        let key = keyBytes(Int(keyIndex))
        guard let last = keyTables.map({ $0.count - 1 }) else { return }
        if let first = keyTables?[last].firstIndexByKey[key] {
            recordDuplicate(key: keyIndex, first: first)
        } else {
            keyTables?[last].firstIndexByKey[key] = keyIndex
        }
    }

    private mutating func recordDuplicate(key: Int32, first: Int32) {
        nodes.base[Int(top.node)].flags |= NodeFlag.hasDuplicateKeys
        recordWarning(.duplicateKey(key: key, first: first))
    }

    /// Fingerprint of a key with escapes: of its decoded bytes.
    @inline(never)
    private func escapedKeyFingerprint(_ index: Int) -> UInt32 {
        Tape.stringBytes(nodes[index], buf).withUnsafeBufferPointer(Self.fingerprint)
    }

    /// Length plus the first and last four bytes: distinguishes nearly all real keys in O(1). Keys
    /// shorter than four bytes are encoded exactly.
    @inline(__always)
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        guard n >= 4, let p = bytes.baseAddress else {
            var value = UInt32(truncatingIfNeeded: n) << 24
            for k in 0 ..< min(n, 3) { value |= UInt32(bytes[k]) << (8 * UInt32(k)) }
            return value
        }
        let first = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
        let last = UnsafeRawPointer(p + n - 4).loadUnaligned(as: UInt32.self)
        return (first &* 0x9E37_79B1) ^ (last &+ UInt32(truncatingIfNeeded: n) &* 0x85EB_CA6B)
    }

    /// Keys are equal when their decoded bytes are (so "a" and "\u0061" collide, as they do on iOS).
    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let left = nodes[a]
        let right = nodes[b]
        if (left.flags | right.flags) & NodeFlag.hasEscapes == 0 {
            let length = Int(left.end - left.start)
            guard length == Int(right.end - right.start) else { return false }
            let l = Int(left.start)
            let r = Int(right.start)
            for k in 1 ..< length - 1 where buf[l + k] != buf[r + k] { return false }
            return true
        }
        return Tape.stringBytes(left, buf) == Tape.stringBytes(right, buf)
    }

    /// Hashable decoded key bytes (only needed for objects past `linearKeyLimit` members).
    private func keyBytes(_ index: Int) -> [UInt8] {
        Tape.stringBytes(nodes[index], buf)
    }
}
