import CNCurses
import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalSession {
    /// Waits for the next key, click or resize; nil once input has ended (the terminal is gone).
    public func read() -> KeyInput? {
        let window = cncurses_stdscr()
        while true {
            var code: wint_t = 0
            errno = 0
            switch wget_wch(window, &code) {
            case OK:
                return Self.decode(character: UInt32(code))
            case KEY_CODE_YES:
                return decode(key: Int32(code))
            default:
                if errno == EINTR { continue }
                return nil
            }
        }
    }

    /// A character the terminal sent as is: text, or a control code.
    static func decode(character code: UInt32) -> KeyInput {
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + UInt8(ascii: "a") - 1)))
        case 0..<32, 128..<160: return .unknown
        default:
            guard let scalar = Unicode.Scalar(code) else { return .unknown }
            return .character(Character(scalar))
        }
    }

    /// A key ncurses decoded from an escape sequence: arrows, function keys, the mouse, a resize.
    private func decode(key: Int32) -> KeyInput {
        switch key {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_RESIZE: return .resize(size)
        case KEY_MOUSE: return click()
        case cncurses_key_f(1)...cncurses_key_f(63): return .function(Int(key - cncurses_key_f(0)))
        default: return .unknown
        }
    }

    private func click() -> KeyInput {
        var event = MEVENT()
        guard getmouse(&event) == OK,
              event.bstate & (cncurses_button1_pressed() | cncurses_button1_clicked()) != 0
        else { return .unknown }
        return .click(row: Int(event.y), column: Int(event.x))
    }
}
