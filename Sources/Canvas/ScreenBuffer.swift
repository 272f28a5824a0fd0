/// A grid of styled cells: what one frame of the terminal shows, built without a terminal.
///
///     var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
///     buffer.write("Count: 29", row: 20, column: 2, style: .bold)
///     buffer.text   // the frame as plain text, one line per row
public struct ScreenBuffer: Equatable, Sendable {
    /// One character cell and how it is drawn.
    public struct Cell: Equatable, Sendable {
        public var character: Character
        public var style: Style

        public static let blank = Cell(character: " ", style: .plain)
        /// The cell to the right of a wide character, which the wide character covers.
        public static let continuation = Cell(character: "\u{0}", style: .plain)

        public var isContinuation: Bool { character == "\u{0}" }
    }

    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size) {
        self.size = Size(width: Swift.max(0, size.width), height: Swift.max(0, size.height))
        self.cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * size.width + column] }
        set { cells[row * size.width + column] = newValue }
    }

    /// Writes text from a position, clipped at the right edge: a character takes as many cells
    /// as it is wide (a wide one is followed by a continuation cell; one that would not fit
    /// whole is left out), a control character becomes `?`. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain) -> Int {
        guard row >= 0, row < size.height else { return column + text.displayWidth }
        var col = column
        for character in text {
            let width = character.displayWidth
            let shown: Character = width == 0 ? "?" : character
            let cells = Swift.max(width, 1)
            if col >= 0 && col + cells <= size.width {
                self[row, col] = Cell(character: shown, style: style)
                if cells == 2 { self[row, col + 1] = Cell(character: "\u{0}", style: style) }
            }
            col += cells
        }
        return col
    }

    /// Applies a style to a run of cells without changing their characters.
    public mutating func restyle(row: Int, columns: Range<Int>, _ change: (inout Style) -> Void) {
        guard row >= 0, row < size.height else { return }
        for col in columns where col >= 0 && col < size.width {
            change(&self[row, col].style)
        }
    }

    /// The characters of one row (a wide character once), trailing spaces trimmed.
    public func line(_ row: Int) -> String {
        var text = String(cells[(row * size.width)..<((row + 1) * size.width)].filter { !$0.isContinuation }.map(\.character))
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole frame as text, one line per row, trailing spaces trimmed.
    public var text: String {
        (0..<size.height).map(line).joined(separator: "\n")
    }
}

/// A terminal size in character cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// How a cell is drawn. Colour is only ever a second cue: every coloured thing is also
/// bold, reversed or marked with a character.
public struct Style: Hashable, Sendable {
    public var bold = false
    public var reverse = false
    public var underline = false
    public var dim = false
    public var color: Color = .normal

    public enum Color: Hashable, Sendable {
        case normal, red, green, yellow, blue, cyan
    }

    public init(bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false,
                color: Color = .normal) {
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
        self.color = color
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let reverse = Style(reverse: true)
    public static let dim = Style(dim: true)
}
