extension String {
    /// Calls `body` with the string's UTF-8 bytes, valid only during the call, read in
    /// place: `withUTF8` is mutating, so calling it on a string that is not a `var` of
    /// the caller's own copies it first, a retain and a release (atomic for a string
    /// longer than 15 bytes, such as a file path) around every piece written. Native and
    /// small strings (all this program makes) are read where they are; any other is
    /// copied as before.
    @inlinable @inline(__always)
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
