import ArgumentParser
import CribbageCore

/// `--opponent solved|random`, for the commands whose crib depends on how the opponent throws.
struct OpponentOption: ParsableArguments {
    @Option(help: ArgumentHelp("How the opponent throws: solved or random.", valueName: "model"))
    var opponent: String = CribModel.solved.rawValue

    /// The model, in any case, or the bad token named.
    func model() throws(BadInput) -> CribModel {
        // `expert`, its name before the computer's level took the word, still means the solved throw.
        guard let model = opponent.lowercased() == "expert" ? .solved : CribModel(rawValue: opponent.lowercased()) else {
            throw BadInput(message: "unknown opponent \(opponent.quotedToken): --opponent takes solved or random")
        }
        return model
    }
}
