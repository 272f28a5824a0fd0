/// Everything the interactive counter knows.
public struct AppState: Hashable, Sendable {
    public init() {}
}
