/// Why the game could not be read or saved; each says which file.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where the data folder is.
    case noDataFolder
    /// A file that exists but cannot be used: corrupt, unreadable, or from a newer version. It
    /// is never overwritten.
    case unusable(path: String, reason: String)
    /// A write failed (a read-only or full disk, no permission): the game goes on unsaved.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDataFolder:
            "no data folder: set XDG_DATA_HOME or HOME"
        case .unusable(let path, let reason):
            "\(path) \(reason); it is kept as it is"
        case .cannotWrite(let path, let reason):
            "cannot save \(path): \(reason)"
        }
    }
}
