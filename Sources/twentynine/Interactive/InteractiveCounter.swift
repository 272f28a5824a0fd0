enum InteractiveCounter {
    static func run(noColor: Bool) throws {}
}
