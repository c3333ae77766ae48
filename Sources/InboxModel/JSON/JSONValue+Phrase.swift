extension JSONValue {
    /// Whether this is the empty string `""`, told from the node alone: an escape always
    /// decodes to at least one character, so only a node of two bytes (the quotes) is empty.
    var isEmptyString: Bool {
        let node = self.node
        return node.kind == .string && node.end - node.start == 2
    }
}
