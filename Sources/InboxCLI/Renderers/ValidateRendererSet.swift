import InboxModel

/// Several `validate` formats from one run (`--format github --output-file
/// sarif:report.sarif`): each document is rendered by every member on the worker that
/// checked it, and each member joins its own fragments into its own output. Used only when
/// more than one output is asked for; one output keeps its renderer's own compiled path.
struct ValidateRendererSet: ValidateRenderer {
    private let members: [AnyValidateRenderer]

    init(_ renderers: [any ValidateRenderer]) {
        members = renderers.map { AnyValidateRenderer($0) }
    }

    func render(_ document: ValidatedDocument) -> [Any] {
        members.map { $0.render(document) }
    }

    mutating func add(_ fragment: [Any]) {
        for (member, part) in zip(members, fragment) { member.add(part) }
    }

    mutating func finish(_ summary: ValidateSummary) {
        for member in members { member.finish(summary) }
    }
}

/// One member of a `ValidateRendererSet`, its fragment type erased. The renderer is held
/// twice, as `ValidateCommand.check` holds one: `layout` renders on the workers and is
/// never changed; `joining` is changed by `add` on the main thread only.
private final class AnyValidateRenderer {
    private let renderBody: (ValidatedDocument) -> Any
    private let addBody: (Any) -> Void
    private let finishBody: (ValidateSummary) -> Void

    init<Renderer: ValidateRenderer>(_ renderer: Renderer) {
        let layout = renderer
        let joining = Joining(renderer)
        renderBody = { layout.render($0) }
        addBody = { part in
            guard let fragment = part as? Renderer.Fragment else { return }
            joining.renderer.add(fragment)
        }
        finishBody = { joining.renderer.finish($0) }
    }

    func render(_ document: ValidatedDocument) -> Any { renderBody(document) }
    func add(_ fragment: Any) { addBody(fragment) }
    func finish(_ summary: ValidateSummary) { finishBody(summary) }

    private final class Joining<Renderer: ValidateRenderer> {
        var renderer: Renderer
        init(_ renderer: Renderer) { self.renderer = renderer }
    }
}
