import Canvas

/// Where a scene designed for 80×24 sits on a larger terminal: centred, so the grid does not
/// hug the top-left corner. On 80×24 and smaller it is the top-left corner.
struct Placement: Hashable, Sendable {
    /// The design size the grid scenes are laid out for.
    static let design = Size(width: 80, height: 24)

    let row: Int
    let column: Int

    init(size: Size) {
        row = Swift.max(0, (size.height - Self.design.height) / 2)
        column = Swift.max(0, (size.width - Self.design.width) / 2)
    }
}
