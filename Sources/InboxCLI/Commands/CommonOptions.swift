import Foundation
import InboxModel

/// Options shared by the commands that read payloads, declared once.
enum CommonOptions {
    static let sdk = OptionSpec.value("--sdk", "PROFILE", "SDK release whose behaviour to reproduce",
                                      choices: SDKProfile.all.map(\.name), aliases: Array(SDKProfile.aliases.keys),
                                      default: SDKProfile.standard.name)
    /// `resolve`'s `--sdk`, which also takes `all`: every profile side by side.
    static let sdkOrAll = OptionSpec.value("--sdk", "PROFILE", "SDK release whose behaviour to reproduce; all: every release side by side",
                                           choices: SDKProfile.all.map(\.name) + [allProfiles],
                                           aliases: Array(SDKProfile.aliases.keys), default: SDKProfile.standard.name)
    /// The `--sdk` value that compares every profile.
    static let allProfiles = "all"
    static let shape = OptionSpec.value("--shape", "SHAPE", "Read every document as this shape instead of detecting it",
                                        choices: Shape.allCases.map(\.rawValue))
    static let lang = OptionSpec.value("--lang", "CODE", "Language to pick from localised content/ios_title (default: en, else the first)")
    static let color = OptionSpec.value("--color", "WHEN", "Colour the text output", choices: ["auto", "always", "never"],
                                        default: "auto")
    static let quiet = OptionSpec.flag("--quiet", short: "-q", "Print only findings and failures, no previews")
    static let ndjson = OptionSpec.flag("--ndjson", "Read every input as NDJSON (one document per line)")
    static let stdinFilename = OptionSpec.value("--stdin-filename", "NAME",
                                                "Name standard input in findings, and find its config and settings by it")
    static let allowEmpty = OptionSpec.flag("--allow-empty", "Pass when no input file is found (default: exit 2)")
    static let noIgnore = OptionSpec.flag("--no-ignore", "Also walk what .gitignore and dependency folders (node_modules…) hold")
    static let help = OptionSpec.flag("--help", short: "-h", "Show help for this command")
    static let jobs = OptionSpec.integer("--jobs", "N", "Documents checked in parallel (output order is kept)",
                                         range: 1...256, default: "number of cores")

    static let maxDocumentSize = OptionSpec.integer(
        "--max-document-size", "KB", "Largest document read, in kilobytes; a larger one is IK009",
        range: 1 ... 1 << 30, default: String(InspectionOptions.defaultMaxDocumentSize / 1024))
    /// `--output-file` of the commands with one output (validate declares its own, which
    /// also takes FORMAT:PATH): the redirection is done for them by `OutputRedirection`.
    static let outputFile = OptionSpec.value("--output-file", "PATH", "Write the output to PATH instead of stdout")

    static func format(_ formats: [String]) -> OptionSpec {
        OptionSpec.value("--format", "FORMAT", "Output format", choices: formats, default: "text")
    }

    /// The options every payload-reading command takes, after its own.
    static let reading: [OptionSpec] = [sdk, shape, lang, ndjson, stdinFilename, noIgnore, allowEmpty, maxDocumentSize, jobs,
                                        color, quiet, help]
}

/// The common options of one invocation, read and checked.
struct Invocation {
    var arguments: ParsedArguments
    var format: String
    var profile: SDKProfile
    var inspection: InspectionOptions
    var style: Style
    var quiet: Bool
    /// Worker threads for inspecting documents (`--jobs`, default: the machine's cores).
    var jobs: Int

    init(_ arguments: ParsedArguments, console: Console) {
        self.arguments = arguments
        format = arguments.value("--format") ?? "text"
        profile = arguments.value("--sdk").flatMap(SDKProfile.named) ?? .standard
        inspection = InspectionOptions(shape: arguments.value("--shape").flatMap(Shape.init(rawValue:)),
                                       language: arguments.value("--lang"), profile: profile)
        if let kilobytes = arguments.value("--max-document-size").flatMap({ Int($0) }) {
            inspection.maxDocumentSize = kilobytes * 1024
        }
        style = Style(mode: arguments.value("--color") ?? "auto", console: console)
        quiet = arguments.has("--quiet")
        jobs = arguments.value("--jobs").flatMap { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Takes the config file's `sdk` when `--sdk` is not given: the profile applies to every
    /// command, not only `validate` (which reads the whole config itself). False, with the
    /// problem printed, when the config cannot be used.
    mutating func applyConfiguredProfile(console: Console) -> Bool {
        guard arguments.value("--sdk") == nil else { return true }
        do {
            guard let configured = try ConfigLocator.load(explicit: nil)?.config.profile else { return true }
            profile = configured
            inspection.profile = configured
            return true
        } catch let failure as ConfigLocator.Failure {
            console.problem(failure.message)
            return false
        } catch {
            return true
        }
    }
}

/// Options of the Push Stories content-extension check, shared by `stories` and `validate`.
enum ExtensionOptions {
    static let plist = OptionSpec.value("--plist", "PATH", "Check the story content extension's Info.plist (XML or binary)")
    static let aspectRatio = OptionSpec.value("--aspect-ratio", "RATIO", "Story aspect ratio the Info.plist must declare",
                                              default: "1.5")
}
