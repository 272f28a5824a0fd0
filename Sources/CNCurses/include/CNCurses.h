#ifndef CNCURSES_H
#define CNCURSES_H

// Wide-character curses: cchar_t, setcchar, mvadd_wch, get_wch.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

// Swift imports neither function-like macros nor, under strict concurrency, mutable globals:
// these wrappers stand in for them.

static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline WINDOW *cncurses_curscr(void) { return curscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }

static inline int cncurses_getmaxy(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)x; return y; }
static inline int cncurses_getmaxx(WINDOW *window) { int y, x; getmaxyx(window, y, x); (void)y; return x; }

static inline attr_t cncurses_a_normal(void) { return A_NORMAL; }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline attr_t cncurses_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_a_dim(void) { return A_DIM; }
static inline chtype cncurses_color_pair(int pair) { return COLOR_PAIR(pair); }

static inline int cncurses_key_f(int n) { return KEY_F(n); }

static inline mmask_t cncurses_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cncurses_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cncurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cncurses_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

/// Starts curses on standard output and input, as initscr would, but returns NULL for an
/// unusable terminal instead of printing and exiting.
SCREEN *cncurses_newterm(void);

/// Sends what is written to standard error to a temporary file until
/// cncurses_release_stderr, so that no message lands on the curses screen, where it would be
/// lost with the alternate screen.
void cncurses_hold_stderr(void);

/// Puts standard error back and writes out what it held.
void cncurses_release_stderr(void);

/// On SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE and SIGQUIT: endwin(), release standard
/// error, then the signal again with the action that was there before (the Swift runtime's
/// crash report, say), so the report lands on a restored terminal; the process ends.
/// SIGINT, SIGTERM, SIGTSTP and SIGWINCH stay with ncurses.
void cncurses_install_crash_handler(void);

/// Puts back the actions that were there before cncurses_install_crash_handler.
void cncurses_remove_crash_handler(void);

#endif
