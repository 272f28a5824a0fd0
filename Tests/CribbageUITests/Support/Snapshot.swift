import Canvas
import Foundation
import Testing
@testable import CribbageUI

/// Compares a rendered frame with a text snapshot committed under `__Snapshots__/`.
///
/// The snapshot holds the frame's characters, then a style layer with one letter per cell:
/// `R` reverse (the cursor), `X` bold red, `B` bold, `r` red, `d` dim, `.` anything else that is
/// styled, blank for plain. A missing snapshot is written and the test fails, so it can be
/// reviewed; `RECORD_SNAPSHOTS=1` rewrites them all.
func expectSnapshot(_ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("\(name).txt")
    let actual = snapshotText(buffer)
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(name).txt; review it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "snapshot \(name).txt differs:\n\(lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
}

/// The lines that differ, numbered: `-` as the snapshot has them, `+` as rendered.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
        let was = index < old.count ? String(old[index]) : nil
        let now = index < new.count ? String(new[index]) : nil
        guard was != now else { continue }
        if let was { lines.append("\(index + 1) -\(was)") }
        if let now { lines.append("\(index + 1) +\(now)") }
    }
    return lines.joined(separator: "\n")
}

func snapshotText(_ buffer: ScreenBuffer) -> String {
    let width = buffer.size.width
    let border = "+" + String(repeating: "-", count: width) + "+"
    var lines = ["\(width)x\(buffer.size.height)", border]
    for row in 0..<buffer.size.height {
        lines.append("|" + String(cells(buffer, row).map(\.character)) + "|")
    }
    lines.append(border)
    lines.append("styles")
    lines.append(border)
    for row in 0..<buffer.size.height {
        lines.append("|" + String(cells(buffer, row).map { styleLetter($0.style) }) + "|")
    }
    lines.append(border)
    return lines.joined(separator: "\n") + "\n"
}

/// A row's cells without the continuation cells of wide characters, which a terminal shows as
/// part of the wide character before them: so the text lines up as it does on screen.
private func cells(_ buffer: ScreenBuffer, _ row: Int) -> [ScreenBuffer.Cell] {
    (0..<buffer.size.width).map { buffer[row, $0] }.filter { !$0.isContinuation }
}

private func styleLetter(_ style: Style) -> Character {
    if style.reverse { return "R" }
    if style.bold && style.color == .red { return "X" }
    if style.bold { return "B" }
    if style.color == .red { return "r" }
    if style.dim { return "d" }
    return style == .plain ? " " : "."
}
