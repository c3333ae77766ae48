/// Questions rules ask of a value for every message, answered from the tape and the bytes
/// without building a `String` or a `Double`: nearly every answer means "no finding", and
/// the value is decoded only when a rule goes on to report it.
extension JSONValue {
    /// The value of a number written as a plain non-negative integer of at most
    /// `maxDigits` digits (no sign, fraction or exponent), read from its bytes; nil for
    /// any other number and for other kinds, which the caller reads the usual way.
    @inline(__always)
    func plainInteger(maxDigits: Int) -> Int? {
        let node = self.node
        guard node.kind == .number, node.flags == 0 else { return nil }
        let length = Int(node.end) - Int(node.start)
        guard length > 0, length <= maxDigits else { return nil }
        return document.bytes.withUnsafeBufferPointer { bytes -> Int? in
            var value = 0
            for at in Int(node.start) ..< Int(node.end) {
                let digit = bytes[at] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
    }

    /// The first byte of a non-empty string written without escapes (nil otherwise, so
    /// a caller falls back to reading the decoded text).
    @inline(__always)
    var firstRawStringByte: UInt8? {
        let node = self.node
        guard node.kind == .string, node.flags & NodeFlag.hasEscapes == 0, node.end - node.start > 2 else { return nil }
        return document.bytes[Int(node.start) + 1]
    }

    /// Calls `body` with the bytes of a string written without escapes (its bytes are its
    /// text); nil for other strings and other kinds.
    @inline(__always)
    func withRawStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let node = self.node
        guard node.kind == .string, node.flags & NodeFlag.hasEscapes == 0 else { return nil }
        return document.bytes.withUnsafeBufferPointer { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1 ..< Int(node.end) - 1]))
        }
    }
}
