import Canvas

/// Renders the whole frame for a state: the scene on top, the help over it, or "Terminal too
/// small" when the terminal cannot hold them.
enum Screen {
    static func render(_ state: AppState, glyphs: Glyphs) -> ScreenBuffer {
        let size = state.screenSize
        guard size.width >= Chrome.minimumSize.width, size.height >= Chrome.minimumSize.height else {
            return TooSmallRenderer.render(size: size)
        }
        var buffer = ScreenBuffer(size: size)
        switch state.navigation.top {
        case .breakdown:
            if let model = BreakdownViewModel(state: state) {
                BreakdownRenderer.render(model, scroll: state.breakdownScroll, glyphs: glyphs, into: &buffer)
            }
        case .discardAdvisor:
            DiscardAdvisorRenderer.render(DiscardAdvisorViewModel(state: state), glyphs: glyphs, into: &buffer)
        case .handSelection, .help:
            HandSelectionRenderer.render(HandSelectionViewModel(state: state), glyphs: glyphs, into: &buffer)
        }
        if state.navigation.overlay == .help {
            HelpRenderer.render(HelpViewModel.standard, scroll: state.helpScroll, glyphs: glyphs, into: &buffer)
        }
        return buffer
    }
}
