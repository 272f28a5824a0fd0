/// One thing the player did at the keyboard or mouse, decoded by the terminal.
public enum KeyInput: Hashable, Sendable {
    /// A printable character: letters, digits, punctuation, space.
    case character(Character)
    case up, down, left, right
    case enter, escape, tab, backspace, delete
    case pageUp, pageDown, home, end
    /// A control key, by its letter: `.control("l")` for ctrl-l.
    case control(Character)
    case function(Int)
    /// A mouse button press at a cell (row and column from the top left, 0-based).
    case click(row: Int, column: Int)
    /// The mouse wheel turned one notch up (away from the user) or down.
    case scrollUp, scrollDown
    /// The terminal changed size.
    case resize(Size)
    /// Text pasted in one go (bracketed paste): never taken as keys.
    case paste(String)
    /// ctrl-z: the player asked to suspend the program (the main loop asks its backend to).
    case suspend
    /// No key: work running off the key path has finished (its `WakePipe` rang), and the main
    /// loop takes its result.
    case wake
    /// Anything the program does not know: ignored, never a crash.
    case unknown
}
