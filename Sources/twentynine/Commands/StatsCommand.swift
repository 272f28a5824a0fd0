import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Score distribution.")
    func run() throws {}
}
