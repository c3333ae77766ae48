extension String {
    /// Calls `body` with this string's UTF-8 as a span: read in place for a native or small
    /// string (every string the tool makes), from a contiguous copy otherwise (a string
    /// bridged from Objective-C), where `utf8.span` would stop the program.
    @inline(__always)
    @inlinable package func withUTF8Span<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body($0.span) }) { return result }
        var copy = self
        return try copy.withUTF8 { try body($0.span) }
    }
}
