/// What the parser records of every key it reads, once for everyone: the key's signature
/// (its decoded length and first byte) and, per document, a 64-bit summary with one bit per
/// signature that occurs in any object (`JSONDocument.keySummary`).
///
/// The parser needs the signature anyway: an object's key whose signature bit is new in the
/// object cannot be a duplicate (see `JSONParser.checkDuplicate`). Kept for the document, the
/// bits answer "is there a key named `auth` anywhere?" with one test instead of a scan of the
/// bytes or a walk of the tape, for the rules that look for keys hardly any payload has.
///
/// A key written with escapes gets the signature of its decoded bytes, so "no" is exact for
/// every spelling; "maybe" is wrong when another key shares the bit, which costs the caller
/// only its exact search.
package enum KeySignature {
    /// The signature of a key of `length` decoded bytes starting with `first` (for the empty
    /// key, `first` is the closing quote, the byte after the opening one).
    @inline(__always)
    package static func of(length: Int, first: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: length) << 8 | UInt32(first)
    }

    /// The summary bit of a signature: the top six bits of a multiplicative hash.
    @inline(__always)
    package static func bit(_ signature: UInt32) -> UInt64 {
        UInt64(1) << ((signature &* 0x9E37_79B1) >> 26)
    }

    /// The signature of a key spelled `name` (its UTF-8 bytes).
    package static func of(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        of(length: name.count, first: name.first ?? ASCII.quote)
    }
}

extension JSONDocument {
    /// Whether some object of this document may have a key spelled `name` (its UTF-8
    /// bytes): false is exact, true may be wrong (see `KeySignature`).
    package func mayHaveKey(named name: UnsafeBufferPointer<UInt8>) -> Bool {
        keySummary & KeySignature.bit(KeySignature.of(name)) != 0
    }
}
