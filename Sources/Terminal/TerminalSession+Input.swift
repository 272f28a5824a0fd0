import CNCurses
import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalSession {
    /// Waits for the next key, click, paste, resize or ctrl-z (or `.wake` when work off the key
    /// path rang `wakePipe`); nil once the program must end:
    /// the terminal hung up, or SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM or SIGPIPE
    /// arrived (`run` then dies by it after restoring the terminal).
    public func read() -> KeyInput? {
        input.next()
    }
}

/// Standard input's bytes, decoded by `KeyDecoder`, the signals noted by the handlers in
/// `shim.c`, and the wake-ups of work finished off the key path, all waited on with one `poll`.
/// A signal comes first, then the keys already read, then a wake-up.
final class InputReader {
    /// How long an escape waits for the rest of its sequence.
    static let escapeDelay: Int32 = 25
    /// How long the tail of a broken sequence is waited for (and swallowed when it comes).
    static let tailDelay: Int32 = 500
    private let signals: Int32
    /// The read end of the wake pipe, or -1.
    private let wake: Int32
    private var woken = false
    private let utf8: Bool
    private let fault: String?
    private var pending: [UInt8] = []
    private var start = 0
    private var interrupted: KeyDecoder.Interruption?
    /// The signal that ended the input, or 0.
    private(set) var endingSignal: Int32 = 0

    init(signals: Int32, wake: Int32, utf8: Bool, fault: String?) {
        self.signals = signals
        self.wake = wake
        self.utf8 = utf8
        self.fault = fault
    }

    func next() -> KeyInput? {
        guard endingSignal == 0 else { return nil }
        var final = false
        while true {
            if let event = takeSignal() { return event }
            if endingSignal != 0 { return nil }
            if let (input, count) = KeyDecoder.decode(pending[start...], utf8: utf8, final: final,
                                                      interrupted: &interrupted) {
                consume(count)
                if let fault, input == .character("!") { cncurses_test_fault(fault) }
                return input
            }
            if woken {
                woken = false
                return .wake
            }
            let waiting = start < pending.count
            switch wait(timeout: waiting ? Self.escapeDelay : interrupted != nil ? Self.tailDelay : -1) {
            case .timedOut:
                final = true
                if !waiting { interrupted = nil }
            case .ready: final = false
            case .hungUp:
                endingSignal = SIGHUP
                return nil
            }
        }
    }

    private func consume(_ count: Int) {
        start += count
        if start == pending.count {
            pending.removeAll(keepingCapacity: true)
            start = 0
        }
    }

    private func takeSignal() -> KeyInput? {
        while true {
            let signal = cncurses_next_signal()
            switch signal {
            case 0:
                return nil
            case SIGTSTP:
                return .suspend
            case SIGWINCH, SIGCONT:
                if signal == SIGCONT { clearok(cncurses_curscr(), true) }
                TerminalSession.followTerminalSize()
                let window = cncurses_stdscr()
                return .resize(Size(width: Int(cncurses_getmaxx(window)), height: Int(cncurses_getmaxy(window))))
            default:
                endingSignal = signal
                return nil
            }
        }
    }

    private enum Wait { case ready, timedOut, hungUp }

    /// Waits for input, a signal or a wake-up; reads what input there is into `pending`.
    private func wait(timeout: Int32) -> Wait {
        // A descriptor of -1 is skipped by poll.
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let count = poll(&fds, nfds_t(fds.count), timeout)
        if count == 0 { return .timedOut }
        if count < 0 { return errno == EINTR ? .ready : .hungUp }
        if fds[2].revents & Int16(POLLIN) != 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            while bytes.withUnsafeMutableBytes({ Glibc.read(wake, $0.baseAddress, $0.count) }) > 0 { woken = true }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let read = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if read > 0 {
                pending += chunk[..<read]
            } else if read == 0 || (errno != EINTR && errno != EAGAIN) {
                return .hungUp
            }
        }
        return .ready
    }
}
