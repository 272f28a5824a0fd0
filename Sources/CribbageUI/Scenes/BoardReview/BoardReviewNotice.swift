import Canvas

/// What the board game's review says beyond the game review's words (its progress, no mistake
/// that way): why there is no card to grade.
enum BoardReviewNotice: SceneNotice {
    case nothingToGrade

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .nothingToGrade:
            "No card to grade: a play is graded once kept card by card in The Play "
                + "(\(KeyMap.key(for: .opened(.play), in: [.board])) on the board), with the starter told"
        }
    }
}
