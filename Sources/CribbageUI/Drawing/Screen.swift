import Canvas

/// Renders the whole frame for a state: the scene on top, the overlay over it, or "Terminal too
/// small" when the terminal cannot hold them.
enum Screen {
    static func render(_ state: AppState, glyphs: Glyphs) -> ScreenBuffer {
        let size = state.screenSize
        guard isRoomy(size) else { return TooSmallRenderer.render(size: size) }
        var buffer = ScreenBuffer(size: size)
        state.navigation.top.render(state, glyphs, &buffer)
        state.navigation.overlay?.render(state, glyphs, &buffer)
        return buffer
    }

    static func isRoomy(_ size: Size) -> Bool {
        size.width >= Frame.minimumSize.width && size.height >= Frame.minimumSize.height
    }
}
