import ArgumentParser

struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "score", abstract: "Score a hand.")
    func run() throws {}
}
