import Foundation
import TestSupport
import Testing

/// Every signal leaves the terminal as it was: the real binary as a job of a shell in tmux,
/// signalled, then `$?` and `stty -a` read back in that shell.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct SignalTests {
    /// Ending signals go through the program's own teardown, then end it by that signal.
    @Test(arguments: [SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGINT])
    func anEndingSignalRestoresTheTerminalAndExitsBy128PlusN(signal: Int32) throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        #expect(kill(try shell.counterPID(), signal) == 0)
        let check = try shell.checkTerminal()
        #expect(check.status == 128 + Int(signal))
        expectRestored(check)
    }

    @Test func ctrlCExits130() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.send("C-c")
        let check = try shell.checkTerminal()
        #expect(check.status == 130)
        expectRestored(check)
    }

    /// What reached standard error while curses had the screen is written out after the teardown.
    @Test func heldStandardErrorIsFlushedOnSigterm() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        let pid = try shell.counterPID()
        let message = "MESSAGE-HELD-WHILE-CURSES-RAN"
        let held = try #require(FileHandle(forWritingAtPath: "/proc/\(pid)/fd/2"))
        held.write(Data("\(message)\n".utf8))
        try held.close()
        #expect(try !shell.tmux.screen().contains(message))
        #expect(kill(pid, SIGTERM) == 0)
        try shell.tmux.waitFor(message)
        let check = try shell.checkTerminal()
        #expect(check.status == 128 + Int(SIGTERM))
        expectRestored(check)
    }

    /// SIGQUIT and the crash signals: the terminal back at once and death by the same signal,
    /// with no crash report waiting for a key (nothing turns the Swift backtracer off here).
    @Test(arguments: [SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP])
    func aCrashSignalRestoresTheTerminalAtOnce(signal: Int32) throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        #expect(kill(try shell.counterPID(), signal) == 0)
        let screen = try shell.waitForShell()
        #expect(!screen.contains("Backtracing"))
        let check = try shell.checkTerminal()
        #expect(check.status == 128 + Int(signal))
        expectRestored(check)
    }

    /// Real faults, through a test hook: `TWENTYNINE_TEST_FAULT` makes the `!` key dereference
    /// null, overflow the stack (the handler runs on its own stack), or abort.
    @Test(arguments: [("null", SIGSEGV), ("stack", SIGSEGV), ("abort", SIGABRT)])
    func aRealFaultRestoresTheTerminal(fault: String, signal: Int32) throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter(environment: "TWENTYNINE_TEST_FAULT=\(fault)")
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.type("!")
        let screen = try shell.waitForShell()
        #expect(!screen.contains("Backtracing"))
        let check = try shell.checkTerminal()
        #expect(check.status == 128 + Int(signal))
        expectRestored(check)
    }

    /// A signal during a frame that never ends (the `slow` test fault spins for 30 s) still ends
    /// the counter at once: a watchdog 50 ms after the signal restores the terminal and dies by it.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalDuringALongFrameTakesEffectAtOnce(signal: Int32) throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter(environment: "TWENTYNINE_TEST_FAULT=slow")
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.type("!")
        try shell.tmux.waitFor("SLOW-FRAME")
        let started = Date()
        #expect(kill(try shell.counterPID(), signal) == 0)
        let check = try shell.checkTerminal()
        #expect(Date().timeIntervalSince(started) < 10, "it waited for the frame to end")
        #expect(check.status == 128 + Int(signal))
        expectRestored(check)
    }

    /// Work off the key path held for 30 s (the `slow-work` test fault): the progress shows, keys
    /// still work, and ctrl-c ends the counter at once, the work still running.
    @Test func ctrlCWhileWorkRunsOffTheKeyPathExitsAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter(environment: "TWENTYNINE_TEST_FAULT=slow-work XDG_DATA_HOME=\(shellQuoted(folder.path))")
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.type("B")
        try shell.tmux.waitFor("TwentyNine · Board")
        try shell.tmux.send("Escape")
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.type("d:5s 4d jd 4c 5c 5h")
        try shell.tmux.send("Enter")
        let working = try shell.tmux.waitFor("Working out each keep's chance to win from 0-0")
        try shell.tmux.type("r")
        try shell.tmux.waitFor("the role switched while the work runs") { screen in
            screen.contains("Role: pone") && screen.contains("Working out each keep's chance") && screen != working
        }
        let started = Date()
        try shell.tmux.send("C-c")
        let check = try shell.checkTerminal()
        #expect(Date().timeIntervalSince(started) < 10, "it waited for the work to end")
        #expect(check.status == 130)
        expectRestored(check)
    }

    // MARK: - ctrl-z and fg

    private func suspendAndResume(_ shell: TmuxShell, whileSuspended: () throws -> Void = {}) throws {
        try shell.tmux.send("C-z")
        expectRestored(try shell.checkTerminal())
        try whileSuspended()
        try shell.tmux.type("fg")
        try shell.tmux.send("Enter")
        try shell.tmux.waitFor("the counter in curses mode again") { _ in
            try shell.tmux.format("#{pane_current_command} #{alternate_on} #{mouse_any_flag}") == "twentynine 1 1"
        }
    }

    @Test func ctrlZSuspendsAndFgResumesInTheSameState() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.send("Space")
        try shell.tmux.waitFor("Select 4 hand cards: 4 left")
        try suspendAndResume(shell)
        try shell.tmux.waitFor("Select 4 hand cards: 4 left")
        try shell.tmux.send("q")
        let check = try shell.checkTerminal()
        #expect(check.status == 0)
        expectRestored(check)
    }

    @Test func theFirstKeyAfterFgIsReadRightOnTheGrid() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.waitFor("Select the cut card")
        try suspendAndResume(shell)
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.send("Right")
        try shell.tmux.send("Space")
        try shell.tmux.waitFor("2♠ as the cut") { $0.contains(try Regex("Cut\\s+2♠")) }
        try shell.tmux.send("q")
        #expect(try shell.checkTerminal().status == 0)
    }

    @Test func theFirstKeyAfterFgIsReadRightInTheBreakdown() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.enterCards("5d 5h 5c 5s jd")
        try shell.tmux.send("b")
        try shell.tmux.waitFor("the total bar") { $0.contains(try Regex("Total +29")) }
        try suspendAndResume(shell)
        try shell.tmux.waitFor("the total bar") { $0.contains(try Regex("Total +29")) }
        try shell.tmux.send("Down")
        try shell.tmux.send("End")
        try shell.tmux.waitFor("the breakdown still open, at its end") { try $0.contains("Nobs") && $0.contains(Regex("Total +29")) }
    }

    @Test func aResizeWhileSuspendedIsDrawnAtOnceOnFg() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.waitFor("Select the cut card")
        try suspendAndResume(shell) { try shell.tmux.resize(width: 40, height: 12) }
        try shell.tmux.waitFor("Terminal too small")
        try shell.tmux.resize(width: 80, height: 24)
        try shell.tmux.waitFor("the grid again") { $0.contains("K♣") && !$0.contains("Terminal too small") }
    }
}
