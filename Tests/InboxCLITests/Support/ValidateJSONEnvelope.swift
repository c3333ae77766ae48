import InboxModel
@testable import InboxCLI

/// What `validate --format json` must print for `documents` (each a document's findings),
/// as the general JSON writer (`JSONOut`) makes it: the reference the fast writers'
/// tests compare with.
enum ValidateJSONEnvelope {
    static func expected(_ documents: [[Diagnostic]], profile: SDKProfile) -> String {
        JSONOut.object([
            ("tool", .tool()), ("profile", .string(profile.name)),
            ("diagnostics", .array(documents.joined().map(JSONOut.diagnostic))),
            ("summary", .object([
                ("files", .int(documents.count)), ("messages", .int(0)), ("error", .int(0)), ("warning", .int(0)),
                ("info", .int(0)),
            ])),
            ("gate", .object([("failOn", .string("error")), ("maxWarnings", .null), ("passed", .bool(true)),
                              ("unreadable", .array([]))])),
        ]).serialized() + "\n"
    }
}
