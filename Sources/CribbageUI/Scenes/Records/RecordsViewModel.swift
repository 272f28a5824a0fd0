import Canvas
import CribbageCore

/// What the Records screen shows: a line for your games against the computer, won and lost by
/// level, the skunks, your points by kind, and your error rate across the games reviewed (the last
/// 10 and 20 with their intervals, the trend, and a row of each game's rate), in words as
/// `game --stats` says them.
struct RecordsViewModel: Hashable, Sendable {
    /// A line and how it is drawn.
    struct Line: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case title, heading, plain, dim, warning
            /// Each game's rate as a bar, after the line's words.
            case bars
        }
        let text: String
        let kind: Kind
    }

    /// Each reviewed game's rate as a bar of eighths, oldest first, with the band it plays in.
    struct Bar: Hashable, Sendable {
        let text: String
        let band: String
    }

    let lines: [Line]
    /// The row of each reviewed game's rate, and the highest rate it is scaled to.
    let bars: [Bar]
    let scale: Double
    let notice: Notice?
    let chain: [KeyScope]

    init(state: RecordsState, app: AppState, glyphs: Glyphs) {
        chain = Scene.records.keyChain(app)
        notice = app.noticeShown
        guard let book = state.book else {
            let why = state.problem.map { Wording.text(Notice($0), glyphs: glyphs) }
            lines = [Line(text: why ?? (state.asked ? "Reading the history\(glyphs.ellipsis)" : ""), kind: why == nil ? .dim : .warning)]
            (bars, scale) = ([], 0)
            return
        }
        var lines = Self.results(book)
        lines.append(Line(text: "", kind: .plain))
        lines += Self.errorRate(book, waiting: state.queue.count, glyphs: glyphs)
        if let failure = state.keepFailure {
            lines.append(Line(text: "The last review was not kept: \(Wording.text(failure))", kind: .warning))
        }
        if book.unreadable > 0 {
            lines.append(Line(text: "\(book.unreadable == 1 ? "A game or review" : "\(book.unreadable) games or reviews") kept could not be "
                              + "read and \(book.unreadable == 1 ? "is" : "are") left out (twentynine game --stats names them)", kind: .warning))
        }
        if book.notImported > 0 {
            lines.append(Line(text: "\(book.notImported == 1 ? "A file" : "\(book.notImported) files") of the history, its records or reviews kept "
                              + "before the database could not be read and \(book.notImported == 1 ? "was" : "were") not imported: what "
                              + "\(book.notImported == 1 ? "it holds is" : "they hold is") left out (twentynine game --stats names them)", kind: .warning))
        }
        for line in book.notRead {
            lines.append(Line(text: "Not read, so not counted here: \(line)", kind: .warning))
        }
        self.lines = lines
        let rates = book.trend.rates
        let scale = max(1, rates.max() ?? 1)
        self.scale = scale
        let eighths = glyphs.unicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [".", ".", ":", ":", "=", "=", "#", "#"]
        bars = rates.map { rate in
            let step = min(7, max(0, Int((rate / scale * 8).rounded(.up)) - 1))
            return Bar(text: eighths[step], band: RatingBand.band(of: rate).name)
        }
    }

    /// Wins and losses by level, the skunks, the points by kind.
    static func results(_ book: RecordBook) -> [Line] {
        let won = book.levels.reduce(0) { $0 + $1.won }, lost = book.levels.reduce(0) { $0 + $1.lost }
        guard won + lost > 0 else {
            return [Line(text: "No two-player game against the computer has finished yet: play one at the table", kind: .title)]
        }
        var lines = [Line(text: "Against the computer: \(won + lost) game\(won + lost == 1 ? "" : "s"), \(won) won, \(lost) lost",
                          kind: .title)]
        for level in book.levels {
            let games = level.won + level.lost
            let share = games > 0 ? " (\((Double(level.won) / Double(games)).percent) won)" : ""
            lines.append(Line(text: "  \(level.level.text.padded(to: 9)) \(String(level.won).leftPadded(to: 4)) won "
                              + "\(String(level.lost).leftPadded(to: 4)) lost\(share)", kind: .plain))
        }
        lines.append(Line(text: "Skunks: you gave \(skunks(book.skunksGiven, double: book.doubleSkunksGiven)), "
                          + "you took \(skunks(book.skunksTaken, double: book.doubleSkunksTaken))", kind: .plain))
        let tally = book.tally
        var points: [String] = []
        if book.rounds > 0 { points.append("pegged \((Double(tally.pegged) / Double(book.rounds)).decimal(places: 1)) a deal") }
        if tally.handsCounted > 0 {
            points.append("hands \((Double(tally.hands) / Double(tally.handsCounted)).decimal(places: 1)) on average")
        }
        if tally.cribsCounted > 0 {
            points.append("cribs \((Double(tally.cribs) / Double(tally.cribsCounted)).decimal(places: 1))")
        }
        if !points.isEmpty { lines.append(Line(text: "Your points: " + points.joined(separator: ", "), kind: .plain)) }
        return lines
    }

    static func skunks(_ count: Int, double: Int) -> String {
        let all = count + double
        return all == 0 ? "none" : "\(all)" + (double > 0 ? " (\(double) double)" : "")
    }

    /// The error rate's lines: the windows, the trend, what is not reviewed yet.
    static func errorRate(_ book: RecordBook, waiting: Int, glyphs: Glyphs) -> [Line] {
        let trend = book.trend
        var lines = [Line(text: "Your error rate over your reviewed games (mean ± 1.96·SD/√n):", kind: .heading)]
        if trend.rates.isEmpty {
            lines.append(Line(text: "  no game reviewed yet", kind: .dim))
        } else {
            lines.append(Line(text: "  last 10: " + (trend.last10?.text ?? "none"), kind: .plain))
            if trend.rates.count > ErrorRateTrend.window {
                lines.append(Line(text: "  last 20: " + (trend.last20?.text ?? "none"), kind: .plain))
            }
            lines.append(Line(text: "  trend: " + trend.text.replacing("-", with: glyphs.minus), kind: .plain))
            if let note = trend.engineNote { lines.append(Line(text: "  " + note, kind: .plain)) }
            lines.append(Line(text: "  each game, oldest first: ", kind: .bars))
        }
        if book.notReviewed > 0 {
            let games = book.notReviewed == 1 ? "1 game" : "\(book.notReviewed) games"
            lines.append(Line(text: "  \(games) not reviewed yet" + (waiting > 0 ? ": reviewing the last in the background" : ""),
                              kind: .dim))
        }
        return lines
    }
}
