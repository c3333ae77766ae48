/// How video and wallet problems read in findings.
public enum VideoWording {
    public static func problem(_ problem: VideoDescriptor.Problem) -> String { Phrase("\(problem: problem)").text }

    public static func problem(_ problem: WalletPass.Problem) -> String { Phrase("\(problem: problem)").text }
}

/// The same words appended straight into a finding's `Phrase`: `\(problem: problem)`.
extension Phrase.StringInterpolation {
    public mutating func appendInterpolation(problem: VideoDescriptor.Problem) {
        switch problem {
        case .noURL: appendLiteral("the video object has no url")
        case .urlNotAString: appendLiteral("the video url is not a string")
        case .emptyURL: appendLiteral("the video url is empty")
        case .notWeb(let scheme?):
            appendLiteral("the video url uses ")
            appendInterpolation(scheme)
            appendLiteral(":, and only http and https videos play")
        case .notWeb(nil): appendLiteral("the video url has no scheme (http or https)")
        case .rejected(let reason):
            appendLiteral("iOS rejects the video url: ")
            appendInterpolation(reason.reason)
        }
    }

    public mutating func appendInterpolation(problem: WalletPass.Problem) {
        switch problem {
        case .wrongType: appendLiteral("wallet must be a URL string or an object with a pass")
        case .noPass: appendLiteral("the wallet object has no pass")
        case .passNotAString: appendLiteral("the wallet pass is not a string")
        case .emptyPass: appendLiteral("the wallet pass URL is empty")
        case .notWeb(let scheme?):
            appendLiteral("the pass URL uses ")
            appendInterpolation(scheme)
            appendLiteral(":, and only http and https passes are downloaded")
        case .notWeb(nil): appendLiteral("the pass URL has no scheme (http or https)")
        case .rejected(let reason):
            appendLiteral("iOS rejects the pass URL: ")
            appendInterpolation(reason.reason)
        }
    }
}
