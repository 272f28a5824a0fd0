/// The one aligner of the command line's text tables: each cell padded to its column's width,
/// left-aligned where `isLeftAligned` says and right-aligned elsewhere, the columns `gap`
/// spaces apart, no trailing spaces.
///
///     TextColumns(widths: [6, 3]).line(["Nobs", "1"])   // "Nobs      1"
struct TextColumns {
    let widths: [Int]
    var gap = 2
    /// By column and cell; the first column by default.
    var isLeftAligned: (_ column: Int, _ cell: String) -> Bool = { column, _ in column == 0 }

    /// Columns as wide as the widest cell of each among `rows`.
    init(fitting rows: [[String]], gap: Int = 2, isLeftAligned: @escaping (Int, String) -> Bool) {
        self.init(widths: rows[0].indices.map { column in rows.map { $0[column].count }.max()! }, gap: gap,
                  isLeftAligned: isLeftAligned)
    }

    init(widths: [Int], gap: Int = 2, isLeftAligned: @escaping (Int, String) -> Bool = { column, _ in column == 0 }) {
        self.widths = widths
        self.gap = gap
        self.isLeftAligned = isLeftAligned
    }

    func line(_ cells: [String]) -> String {
        var line = zip(cells, widths).enumerated().map { column, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return isLeftAligned(column, cell) ? cell + padding : padding + cell
        }.joined(separator: String(repeating: " ", count: gap))
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Dashes under the whole width of the table.
    var rule: String {
        String(repeating: "-", count: widths.reduce(0, +) + gap * (widths.count - 1))
    }
}
