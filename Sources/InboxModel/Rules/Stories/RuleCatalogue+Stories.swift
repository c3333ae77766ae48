extension RuleCatalogue {
    /// IK8xx: Push Stories. They apply only to story messages (category PW_STORIES or a
    /// `pw_stories` key); IK812 is about the extension's Info.plist, checked with `--plist`.
    static let stories: [any Rule] = [
        StoryBlockMissing(), StoryPagesMissing(), StoryPageNotObject(), StoryPageDropped(), StoryDurationNotNumber(),
        StoryDurationNotPositive(), StoryDurationClamped(), StoryLinkUnusable(), StoryButtonIncomplete(),
        StoryCategoryWrong(), StoryMutableContentMissing(), InfoPlistMismatch(), MisspelledStoryKey(), StoryImageRejected(),
    ]
}
