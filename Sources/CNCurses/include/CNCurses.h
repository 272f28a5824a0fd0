#ifndef CNCURSES_H
#define CNCURSES_H

// Wide-character curses: cchar_t, setcchar, mvadd_wch, get_wch.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

// Swift imports neither function-like macros nor, under strict concurrency, mutable globals:
// these wrappers stand in for them.

static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline WINDOW *cncurses_curscr(void) { return curscr; }

static inline int cncurses_getmaxy(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)x; return y; }
static inline int cncurses_getmaxx(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)y; return x; }

static inline attr_t cncurses_a_normal(void) { return A_NORMAL; }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline attr_t cncurses_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_a_dim(void) { return A_DIM; }

/// Starts curses on standard output and input, as initscr would, but returns NULL for an
/// unusable terminal instead of printing and exiting.
SCREEN *cncurses_newterm(void);

/// Whether the terminal (after newterm) can move the cursor: `cup` in its terminfo entry.
int cncurses_has_cursor_addressing(void);

/// The terminal's size from the tty (TIOCGWINSZ), never from LINES or COLUMNS; 0 when unknown.
int cncurses_window_size(int *height, int *width);

/// Sends what is written to standard error to a temporary file until
/// cncurses_release_stderr, so that no message lands on the curses screen, where it would be
/// lost with the alternate screen.
void cncurses_hold_stderr(void);

/// Puts standard error back and writes out what it held.
void cncurses_release_stderr(void);

/// Saves the tty modes as the shell left them, for the crash handler to put back.
void cncurses_save_tty(void);

/// Prepares, from terminfo (after newterm), the bytes the crash handler writes: mouse and
/// bracketed paste off, rmkx, sgr0, cnorm, rmcup.
void cncurses_prepare_reset(void);

/// Writes smkx, mouse reporting (buttons, SGR coordinates) and bracketed paste on; or off.
void cncurses_modes_on(void);
void cncurses_modes_off(void);

/// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT: on an alternate stack, write the
/// prepared reset, put back the saved tty modes and release standard error (all
/// async-signal-safe), then die by the same signal; no crash report, no prompt.
/// SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTSTP, SIGWINCH, SIGCONT: the
/// signal number goes down a pipe, for the input loop to act on; an ending one (all but the last
/// three) the loop has not taken within 50 ms ends the process from a watchdog timer's handler,
/// terminal restored as for a crash. Returns the pipe's read end.
int cncurses_install_signal_handlers(void);

/// Puts back the actions (and the signal stack) that were there before.
void cncurses_remove_signal_handlers(void);

/// The next signal noted, or 0.
int cncurses_next_signal(void);

/// Stops the process as ctrl-z would (SIGTSTP, default action); returns once continued.
void cncurses_stop_self(void);

/// Ends the process by `signal_number` with its default action (exit status 128 + N).
void cncurses_die_by(int signal_number);

/// For the tests only: "null" dereferences a null pointer, "stack" overflows the stack,
/// "abort" aborts, "slow" writes SLOW-FRAME and spins for 30 s (a frame that never ends).
void cncurses_test_fault(const char *kind);

// MARK: - Another terminal's capabilities (the SSH server's clients)

/// Looks up terminal type `term` in terminfo without touching the process's own terminal: under
/// a lock, the current terminal (`cur_term`) is saved, `setupterm` reads `term` (on /dev/null),
/// the capabilities are copied out and the terminal read is deleted, `cur_term` put back.
/// `values[i]` receives a malloc'd copy of string capability `names[i]`, or NULL when the
/// terminal has none; `setaf[c]` the expansion of `setaf` for colour c (0 to 7), or NULL;
/// `colors` the `colors` number (or -1); `margins` 1 when writing the bottom-right cell would
/// scroll (automatic margins, `am`, without the delayed wrap, `xenl`), else 0. Returns 0, or -1 when terminfo has no such terminal
/// (nothing is set then). The caller frees each string.
int cncurses_terminfo_lookup(const char *term, const char *const *names, int count, char **values,
                             char **setaf, int *colors, int *margins);

/// `capability` expanded with two parameters by `tiparm` (under the same lock: its buffer is
/// shared), as a malloc'd string, or NULL.
char *cncurses_terminfo_expand(const char *capability, int first, int second);

#endif
