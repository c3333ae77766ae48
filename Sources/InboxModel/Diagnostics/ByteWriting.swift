/// Writers of small pieces of text into memory that already has room for them (the caller
/// makes the room, e.g. `ByteBuffer.write(room:_:)`).
enum ByteWriting {
    /// Writes `value` in decimal, as `String(value)` does, at `out` (20 bytes of room
    /// suffice); returns how many bytes it wrote.
    @inline(__always)
    static func decimal(_ value: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var sign = 0
        if value < 0 {
            out.pointee = UInt8(ascii: "-")
            sign = 1
        }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var at = out + sign + digits
        repeat {
            at -= 1
            at.pointee = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return sign + digits
    }
}
