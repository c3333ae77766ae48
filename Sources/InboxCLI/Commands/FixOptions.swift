/// The options of `validate` that fix findings (ruff's names).
enum FixOptions {
    static let fix = OptionSpec.flag("--fix", "Apply the fixes that are certain to the files (standard input: print the fixed document)")
    static let unsafeFixes = OptionSpec.flag("--unsafe-fixes", "Also apply fixes that guess (with --fix or --diff)")
    static let diff = OptionSpec.flag("--diff", "Print the fixes as a unified diff and change nothing (exit 1 when there are some)")

    static let all = [fix, unsafeFixes, diff]

    /// Whether the invocation asks for fixes.
    static func requested(_ arguments: ParsedArguments) -> Bool {
        arguments.has(fix.name) || arguments.has(diff.name)
    }
}
