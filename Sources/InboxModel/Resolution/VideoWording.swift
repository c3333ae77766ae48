/// How video and wallet problems read in findings.
public enum VideoWording {
    public static func problem(_ problem: VideoDescriptor.Problem) -> String {
        switch problem {
        case .noURL: return "the video object has no url"
        case .urlNotAString: return "the video url is not a string"
        case .emptyURL: return "the video url is empty"
        case .notWeb(let scheme?): return "the video url uses \(scheme):, and only http and https videos play"
        case .notWeb(nil): return "the video url has no scheme (http or https)"
        }
    }

    public static func problem(_ problem: WalletPass.Problem) -> String {
        switch problem {
        case .wrongType: return "wallet must be a URL string or an object with a pass"
        case .noPass: return "the wallet object has no pass"
        case .passNotAString: return "the wallet pass is not a string"
        case .emptyPass: return "the wallet pass URL is empty"
        case .notWeb(let scheme?): return "the pass URL uses \(scheme):, and only http and https passes are downloaded"
        case .notWeb(nil): return "the pass URL has no scheme (http or https)"
        }
    }
}
