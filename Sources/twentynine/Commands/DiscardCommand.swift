import ArgumentParser

struct DiscardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discard", abstract: "Discard advisor.")
    func run() throws {}
}
