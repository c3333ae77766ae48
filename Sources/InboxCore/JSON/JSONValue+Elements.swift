extension JSONValue {
    /// Calls `body` with each array element in order (nothing for non-arrays), without
    /// building the array `elements` returns: the buttons and slides of every message are
    /// walked this way, and only read once.
    /// Inlinable, so the model's decoding of each element is inlined into the loop.
    @inlinable public func forEachElement(_ body: (JSONValue) throws -> Void) rethrows {
        let nodes = self.nodes
        let node = nodes[index]
        guard node.kind == .array else { return }
        var child = index + 1
        for _ in 0 ..< Int(node.count) {
            try body(sibling(child))
            child = Int(nodes[child].link)
        }
    }
}
