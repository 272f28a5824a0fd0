/// Why the game could not be read or saved, or what went wrong after it was saved; each says
/// which file.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where the data folder is.
    case noDataFolder
    /// The data folder exists but cannot be listed: nothing is read or written.
    case cannotRead(path: String, reason: String)
    /// A file that exists but cannot be used: corrupt, unreadable, or from a newer version. It
    /// is never overwritten.
    case unusable(path: String, reason: String)
    /// A write failed (a read-only or full disk, no permission): nothing was changed.
    case cannotWrite(path: String, reason: String)
    /// The file was replaced, but the folder could not be flushed: saved, not confirmed durable.
    case notDurable(path: String, reason: String)
    /// The game was saved, but the history could not be brought in step with it; the next
    /// command that opens the store does it.
    case historyBehind(path: String, reason: String)

    /// Whether the game was saved all the same.
    public var isSaved: Bool {
        switch self {
        case .notDurable, .historyBehind: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .noDataFolder:
            "no data folder: set XDG_DATA_HOME or HOME"
        case .cannotRead(let path, let reason):
            "cannot read the folder \(path): \(reason)"
        case .unusable(let path, let reason):
            "\(path) \(reason); it is kept as it is"
        case .cannotWrite(let path, let reason):
            "cannot save \(path): \(reason)"
        case .notDurable(let path, let reason):
            "saved to \(path), but not confirmed on disk (flushing its folder failed: \(reason))"
        case .historyBehind(let path, let reason):
            "the game is saved, but not the history \(path) (\(reason)); the next game command brings it up to date"
        }
    }
}

/// A failure a test asks for (see `GameStore.fault`): the folder's flush after a rename, or the
/// history's write.
public enum StoreFault: String, Sendable {
    case folderSync = "folder-sync"
    case historyWrite = "history-write"
}
