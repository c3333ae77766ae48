/// Spans of the model's own bytes, made in ways every platform the package builds for has:
/// `Array.span`, `String.utf8.span` and `InlineArray` need macOS 26, spans of buffers do not.

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

extension Array {
    /// Calls `body` with the elements as a span.
    @inline(__always)
    @inlinable package func withSpan<R>(_ body: (Span<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body($0.span) }
    }

    /// Calls `body` with the elements as a mutable span (elements move in place, as
    /// `swapAt` on it moves them without copies).
    @inline(__always)
    @inlinable package mutating func withMutableSpan<R>(_ body: (inout MutableSpan<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { buffer in
            var span = buffer.mutableSpan
            return try body(&span)
        }
    }
}

/// Scratch memory for a computation, on the stack when it is small.
@usableFromInline package enum Scratch {
    /// Calls `body` with `count` elements, each `value` at first.
    @inline(__always)
    @inlinable package static func with<Element: BitwiseCopyable, R>(
        _ count: Int, of value: Element, _ body: (inout MutableSpan<Element>) throws -> R
    ) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
            buffer.initialize(repeating: value)
            var span = buffer.mutableSpan
            return try body(&span)
        }
    }
}

extension Span where Element == UInt8 {
    /// Whether both spans hold the same bytes.
    @inlinable package func hasSameBytes(as other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        var index = 0
        while index < count {
            if self[unchecked: index] != other[unchecked: index] { return false }
            index &+= 1
        }
        return true
    }
}
