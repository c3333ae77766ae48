/// Duplicate-key detection. iOS (NSJSONSerialization) silently keeps the last of two equal keys, so a
/// pasted-twice "title" changes what is shown without any error; the linter must say so.
///
/// Small objects (the normal case) keep one bit per key signature (its decoded length and first
/// byte, see `KeySignature`) in the object's frame: a key whose bit is clear, nearly every key,
/// is new after one test. Otherwise it is compared with the earlier keys of the same signature
/// (stored in the key nodes), so a check is a few integer compares and no allocation. An object
/// that grows past `linearKeyLimit` members switches to a hash table, keeping huge objects linear.
/// The bits of every object make the document's key summary.
extension JSONParser {
    /// Inlined into the key parse: the usual outcome (a new key in a small object) is a bit
    /// test; the comparisons and the hash table are out of line. The key node at `keyIndex`
    /// holds `signature` in its `count`.
    @inline(__always)
    mutating func checkDuplicate(keyIndex: Int32, signature: UInt32) {
        let bit = KeySignature.bit(signature)
        let seen = top.keyBloom & bit
        top.keyBloom |= bit
        guard top.count <= Self.linearKeyLimit else {
            checkDuplicateInLargeObject(keyIndex: keyIndex)
            return
        }
        if seen != 0 { compareWithEarlierKeys(keyIndex: keyIndex) }
    }

    /// A small object's key whose bit was set: compared with the earlier keys of the same
    /// signature.
    @inline(never)
    private mutating func compareWithEarlierKeys(keyIndex: Int32) {
        let signature = nodes.base[Int(keyIndex)].count
        var candidate = Int(top.node) + 1
        for _ in 0 ..< Int(top.count) - 1 {
            if nodes.base[candidate].count == signature, keysEqual(candidate, Int(keyIndex)) {
                recordDuplicate(key: keyIndex, first: Int32(candidate))
                return
            }
            candidate = Int(nodes.base[candidate + 1].link)
        }
    }

    /// The signature of a key with escapes (`from ..< to`, between its quotes): of its
    /// decoded bytes, so that it matches the same key written plainly.
    @inline(never)
    static func escapedKeySignature(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> UInt32 {
        let decoded = JSONStringDecoder.decode(buf, from: from, to: to)
        return KeySignature.of(length: decoded.count, first: decoded.first ?? ASCII.quote)
    }

    @inline(never)
    private mutating func checkDuplicateInLargeObject(keyIndex: Int32) {
        let memberCount = Int(top.count)
        let records = madeRecords()
        if records.keyTables.last?.node != top.node {
            var table: [[UInt8]: Int32] = [:]
            table.reserveCapacity(memberCount * 2)
            var candidate = Int(top.node) + 1
            for _ in 0 ..< memberCount - 1 {
                let key = keyBytes(candidate)
                if table[key] == nil { table[key] = Int32(candidate) }
                candidate = Int(nodes[candidate + 1].link)
            }
            records.keyTables.append(KeyTable(node: top.node, firstIndexByKey: table))
        }
        let key = keyBytes(Int(keyIndex))
        let last = records.keyTables.count - 1
        if let first = records.keyTables[last].firstIndexByKey[key] {
            recordDuplicate(key: keyIndex, first: first)
        } else {
            records.keyTables[last].firstIndexByKey[key] = keyIndex
        }
    }

    private mutating func recordDuplicate(key: Int32, first: Int32) {
        nodes.base[Int(top.node)].flags |= NodeFlag.hasDuplicateKeys
        recordWarning(.duplicateKey(key: key, first: first))
    }

    /// Keys are equal when their decoded bytes are (so "a" and "\u0061" collide, as they do on iOS).
    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        Self.keysEqual(nodes[a], nodes[b], buf)
    }

    /// `keysEqual` of two key nodes.
    static func keysEqual(_ left: TapeNode, _ right: TapeNode, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
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
