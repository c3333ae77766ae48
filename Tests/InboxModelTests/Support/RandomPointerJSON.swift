@testable import InboxModel
@testable import InboxCore

/// Random documents for the pointer tests (`JSONPointerWriteTests`, `PointerPathTests`):
/// keys made of `pieces` (the bytes a pointer escapes, non-ASCII bytes, JSON escapes),
/// objects and arrays nested up to `maxDepth`. Seeded, so a failure can be replayed.
struct RandomPointerJSON {
    let pieces: [String]
    let maxDepth: Int
    let maxElements: Int

    func key(using generator: inout SeededGenerator) -> String {
        (0 ..< Int.random(in: 0 ... 6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }

    func value(depth: Int = 0, using generator: inout SeededGenerator) -> String {
        let choice = depth >= maxDepth ? 0 : Int.random(in: 0 ... 3, using: &generator)
        switch choice {
        case 1, 2:
            let members = (0 ..< Int.random(in: 0 ... 5, using: &generator)).map { _ in
                "\"\(key(using: &generator))\":\(value(depth: depth + 1, using: &generator))"
            }
            return "{" + members.joined(separator: ",") + "}"
        case 3:
            let elements = (0 ..< Int.random(in: 0 ... maxElements, using: &generator)).map { _ in
                value(depth: depth + 1, using: &generator)
            }
            return "[" + elements.joined(separator: ",") + "]"
        default:
            return ["1", "\"s\"", "null", "true"].randomElement(using: &generator) ?? "1"
        }
    }

    /// Whether node `index` is a member name: the members of an object are name, value
    /// subtree, name, ... from the node after the object's.
    static func isKey(_ index: Int, in document: JSONDocument) -> Bool {
        let parent = Int(document.nodes[index].parent)
        guard parent >= 0, document.nodes[parent].kind == .object else { return false }
        var node = parent + 1
        while node < Int(document.nodes[parent].link) {
            if node == index { return true }
            node = Int(document.nodes[node + 1].link)
        }
        return false
    }
}
