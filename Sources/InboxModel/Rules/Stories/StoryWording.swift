import InboxCore

/// Phrases shared by the IK8xx messages, so every story finding names things the same way.
enum StoryWording {
    /// What people see instead of the story.
    static let fallback = "so the story extension shows the notification's default content (its title and text) instead"

    /// "page 2", counting from 1 as people do.
    static func page(_ index: Int) -> String { "page \(index + 1)" }

    /// A payload value as it reads in a sentence: `the string "5"`, `the number 0`, `null`, `an object`.
    static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool: return value.bool == true ? "the boolean true" : "the boolean false"
        case .number: return "the number \(value.numberText ?? "?")"
        case .string: return "the string " + JSONText.quote(short(value.string ?? ""))
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A kind with its article: `a string`, `an array`.
    static func kind(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Long texts (a whole JSON block in a string) cut for a one-line message.
    static func short(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    /// The category field of a shape.
    static func categoryField(_ shape: Shape) -> String {
        shape == .push ? "aps.category" : "ios_category_custom"
    }
}
