extension RuleCatalogue {
    /// IK4xx: carousel slides.
    static let carousel: [any Rule] = [CarouselNotArray(), SlideDropped(), SlideURLDropped(), TooManySlides(), SingleSlide()]
}
