/// Just enough of a terminal to read back what the server drew: cursor moves (`CSI row;col H`),
/// clearing (`CSI 2J`), and text written at the cursor; every other sequence is skipped. Counts
/// what it saw that it did not expect (a control character in the text).
struct VirtualScreen {
    let width: Int
    let height: Int
    private(set) var cells: [[Character]]
    private var row = 0
    private var column = 0
    private(set) var strayControls = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    var text: String {
        cells.map { line in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    mutating func feed(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B:
                guard index < scalars.count else { return }
                let next = scalars[index]
                index += 1
                if next == "[" {
                    var parameters = ""
                    while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) {
                        parameters.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else { return }
                    let final = scalars[index]
                    index += 1
                    csi(parameters, final)
                } else if next == "(" || next == ")" {
                    index += 1
                }
            case 0x0D: column = 0
            case 0x0A: row = min(height - 1, row + 1)
            case 0..<0x20, 0x7F: strayControls += 1
            default:
                if row < height, column < width { cells[row][column] = Character(scalar) }
                column += 1
            }
        }
    }

    private mutating func csi(_ parameters: String, _ final: Unicode.Scalar) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            row = max(0, ((numbers.first ?? nil) ?? 1) - 1)
            column = max(0, ((numbers.count > 1 ? numbers[1] : nil) ?? 1) - 1)
        case "J" where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        default:
            break
        }
    }
}
