import Canvas

/// Renders the whole frame for a state: the scene on top, the help over it, or "Terminal too
/// small" when the terminal cannot hold them.
enum Screen {
    static func render(_ state: AppState, glyphs: Glyphs) -> ScreenBuffer {
        let size = state.screenSize
        guard isRoomy(size) else { return TooSmallRenderer.render(size: size) }
        var buffer = ScreenBuffer(size: size)
        switch state.navigation.top {
        case .pushed(.breakdown):
            if let breakdown = state.navigation.breakdown {
                BreakdownRenderer.render(BreakdownViewModel(state: breakdown, app: state), scroll: breakdown.scroll.offset,
                                         glyphs: glyphs, into: &buffer)
            }
        case .pushed(.discardAdvisor):
            DiscardAdvisorRenderer.render(DiscardAdvisorViewModel(state: state), glyphs: glyphs, into: &buffer)
        case .pushed(.play):
            PlayRenderer.render(PlayViewModel(state: state), glyphs: glyphs, into: &buffer)
        case .pushed(.board):
            if let board = state.board {
                BoardRenderer.render(BoardViewModel(state: board, app: state, glyphs: glyphs), glyphs: glyphs, into: &buffer)
            }
        case .handSelection, .overlay:
            HandSelectionRenderer.render(HandSelectionViewModel(state: state), glyphs: glyphs, into: &buffer)
        }
        if state.navigation.overlay == .help {
            HelpRenderer.render(HelpViewModel(state: state, glyphs: glyphs), scroll: state.help.scroll.offset,
                                glyphs: glyphs, into: &buffer)
        }
        return buffer
    }

    static func isRoomy(_ size: Size) -> Bool {
        size.width >= Frame.minimumSize.width && size.height >= Frame.minimumSize.height
    }

    /// The one place scrolling is clamped: to what the layouts can show at the screen's size.
    static func clampScrolling(_ state: inout AppState, glyphs: Glyphs) {
        let size = state.screenSize
        if let breakdown = state.navigation.breakdown, breakdown.scroll.offset != 0 {
            let model = BreakdownViewModel(state: breakdown, app: state)
            let maximum = BreakdownLayout(model: model, size: size, glyphs: glyphs).maximumScroll
            state.navigation.updateBreakdown { $0.scroll.clamp(maximum: maximum) }
        }
        if state.navigation.overlay == .help, state.help.scroll.offset != 0 {
            let help = HelpViewModel(state: state, glyphs: glyphs)
            state.help.scroll.clamp(maximum: HelpLayout(lines: help.lines.count, size: size).maximumScroll)
        }
    }
}
