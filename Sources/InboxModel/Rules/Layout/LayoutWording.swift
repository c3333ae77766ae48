extension CardKind {
    /// `rawValue` as static text, for the wording of findings: a `String` interpolated into
    /// a phrase was copied out of the string and released for each finding, where static
    /// text is appended from where it lies (`LayoutWordingTests` compares the two).
    var staticName: StaticString {
        switch self {
        case .banner: return "banner"
        case .captioned: return "captioned"
        case .classic: return "classic"
        case .carousel: return "carousel"
        case .video: return "video"
        case .wallet: return "wallet"
        }
    }
}

extension CardRequirement {
    /// `reason` as static text, for the wording of findings (see `CardKind.staticName`).
    var staticReason: StaticString {
        switch self {
        case .image: return "no image"
        case .title: return "no title"
        case .body: return "no body"
        case .slides: return "no slides"
        case .videoDescriptor: return "no video descriptor"
        case .passURL: return "no pass URL"
        }
    }
}

/// `ValueWording.titleField`, `bodyField` and `imageField` as static text, for the wording
/// of findings (see `CardKind.staticName`).
enum FieldWording {
    static func title(_ shape: Shape) -> StaticString {
        switch shape {
        case .notification, .request: return "ios_title"
        case .push: return "aps.alert.title"
        case .inbox, .message: return "title"
        }
    }

    static func body(_ shape: Shape) -> StaticString {
        switch shape {
        case .notification, .request: return "content"
        case .push: return "aps.alert.body"
        case .inbox: return "text"
        case .message: return "message"
        }
    }

    static func image(_ shape: Shape) -> StaticString {
        switch shape {
        case .notification, .request: return "inbox_image"
        case .push: return "inbox_params.image"
        case .inbox: return "image"
        case .message: return "imageUrl"
        }
    }
}
