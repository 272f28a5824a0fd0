import ArgumentParser
import CribbageCore

/// `--opponent expert|random`, for the commands whose crib depends on how the opponent throws.
struct OpponentOption: ParsableArguments {
    @Option(help: ArgumentHelp("How the opponent throws: expert or random.", valueName: "model"))
    var opponent: String = CribModel.expert.rawValue

    /// The model, in any case, or the bad token named.
    func model() throws(BadInput) -> CribModel {
        guard let model = CribModel(rawValue: opponent.lowercased()) else {
            throw BadInput(message: "unknown opponent \(opponent.quotedToken): --opponent takes expert or random")
        }
        return model
    }
}
