/// Where a release takes a card's image from, in order (BEHAVIOUR §4, §5).
public enum ImageSource: String, Sendable {
    /// The message's own image: `inbox_image`, `inbox_params.image`, `image`, `imageUrl`.
    case message
    /// The custom-data `image`, found by the §3 lookup (an empty string counts as absent).
    case customData = "custom data"
}
