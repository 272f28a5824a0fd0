#include "CNCurses.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <term.h>
#include <time.h>
#include <unistd.h>

SCREEN *cncurses_newterm(void) {
    return newterm(NULL, stdout, stdin);
}

int cncurses_has_cursor_addressing(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1 && cup[0] != '\0';
}

int cncurses_window_size(int *height, int *width) {
    struct winsize size;
    int fds[] = { STDOUT_FILENO, STDIN_FILENO };
    for (size_t i = 0; i < 2; i++) {
        if (ioctl(fds[i], TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
            *height = size.ws_row;
            *width = size.ws_col;
            return 1;
        }
    }
    return 0;
}

// MARK: - Standard error, held while curses owns the screen

static int saved_stderr = -1;
static int held_stderr = -1;

void cncurses_hold_stderr(void) {
    if (saved_stderr >= 0) return;
    FILE *file = tmpfile();
    if (file == NULL) return;
    held_stderr = dup(fileno(file));
    fclose(file);
    saved_stderr = dup(STDERR_FILENO);
    if (held_stderr < 0 || saved_stderr < 0 || dup2(held_stderr, STDERR_FILENO) < 0) {
        if (held_stderr >= 0) close(held_stderr);
        if (saved_stderr >= 0) close(saved_stderr);
        held_stderr = saved_stderr = -1;
    }
}

// Only async-signal-safe calls: the crash handler uses this too.
void cncurses_release_stderr(void) {
    if (saved_stderr < 0) return;
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    saved_stderr = -1;
    char chunk[4096];
    ssize_t count;
    lseek(held_stderr, 0, SEEK_SET);
    while ((count = read(held_stderr, chunk, sizeof chunk)) > 0) {
        if (write(STDERR_FILENO, chunk, (size_t)count) < 0) break;
    }
    close(held_stderr);
    held_stderr = -1;
}

// MARK: - What restores the terminal, prepared before it is needed

static struct termios saved_termios;
static int have_termios;
// Mouse reporting and bracketed paste off, then rmkx, sgr0, cnorm, rmcup from terminfo.
static char reset_sequence[1024];
static size_t reset_length;
static const char modes_off[] = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?2004l";
static const char modes_on[] = "\033[?1000h\033[?1006h\033[?2004h";

static void append_capability(const char *name) {
    const char *value = tigetstr((char *)name);
    if (value == NULL || value == (const char *)-1) return;
    size_t length = strlen(value);
    if (reset_length + length >= sizeof reset_sequence) return;
    memcpy(reset_sequence + reset_length, value, length);
    reset_length += length;
}

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes += written;
        count -= (size_t)written;
    }
}

void cncurses_save_tty(void) {
    have_termios = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
}

void cncurses_prepare_reset(void) {
    reset_length = 0;
    memcpy(reset_sequence, modes_off, sizeof modes_off - 1);
    reset_length = sizeof modes_off - 1;
    append_capability("rmkx");
    append_capability("sgr0");
    append_capability("cnorm");
    append_capability("rmcup");
}

void cncurses_modes_on(void) {
    const char *smkx = tigetstr("smkx");
    if (smkx != NULL && smkx != (const char *)-1) write_all(STDOUT_FILENO, smkx, strlen(smkx));
    write_all(STDOUT_FILENO, modes_on, sizeof modes_on - 1);
}

void cncurses_modes_off(void) {
    write_all(STDOUT_FILENO, modes_off, sizeof modes_off - 1);
    const char *rmkx = tigetstr("rmkx");
    if (rmkx != NULL && rmkx != (const char *)-1) write_all(STDOUT_FILENO, rmkx, strlen(rmkx));
}

// Async-signal-safe: write(2) and tcsetattr(3) only.
static void restore_terminal_now(void) {
    if (reset_length > 0) write_all(STDOUT_FILENO, reset_sequence, reset_length);
    if (have_termios) tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    cncurses_release_stderr();
}

// MARK: - Signals

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT };
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static const int noted_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTSTP, SIGWINCH, SIGCONT,
};
#define NOTED_COUNT (sizeof noted_signals / sizeof noted_signals[0])
static struct sigaction previous_crash[CRASH_COUNT];
static struct sigaction previous_noted[NOTED_COUNT];
static int installed;
static int signal_pipe[2] = { -1, -1 };
static stack_t alternate_stack, previous_stack;

static int is_fault(int signal_number) {
    return signal_number == SIGSEGV || signal_number == SIGBUS
        || signal_number == SIGILL || signal_number == SIGFPE;
}

// Dies by the signal with its default action, unblocked (async-signal-safe); should the signal
// not end the process, exits with the shell's status for it.
static void die_by_default(int signal_number) {
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

static void crash(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    // SA_RESETHAND has already put back the default action: a fault in here ends the process.
    restore_terminal_now();
    // A fault the kernel raised happens again once this returns, now with the default action.
    if (info != NULL && info->si_code > 0 && is_fault(signal_number)) return;
    die_by_default(signal_number);
}

// The watchdog: an ending signal the input loop has not taken within 50 ms (a long frame, a
// long paste) ends the process from the timer's handler, as a crash does.
static timer_t watchdog;
static int have_watchdog;
static volatile sig_atomic_t overdue_signal;
static struct sigaction previous_watchdog;
#define WATCHDOG_SIGNAL (SIGRTMIN + 3)
#define WATCHDOG_NANOSECONDS 50000000L

static int is_ending(int signal_number) {
    return signal_number != SIGTSTP && signal_number != SIGWINCH && signal_number != SIGCONT;
}

// Async-signal-safe: timer_settime(2) is.
static void arm_watchdog(long nanoseconds) {
    if (!have_watchdog) return;
    struct itimerspec when;
    memset(&when, 0, sizeof when);
    when.it_value.tv_nsec = nanoseconds;
    timer_settime(watchdog, 0, &when, NULL);
}

static void overdue(int watchdog_signal) {
    (void)watchdog_signal;
    int signal_number = overdue_signal;
    if (signal_number == 0) return;
    restore_terminal_now();
    die_by_default(signal_number);
}

static void note(int signal_number) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
    if (is_ending(signal_number) && overdue_signal == 0) {
        overdue_signal = signal_number;
        arm_watchdog(WATCHDOG_NANOSECONDS);
    }
    errno = saved_errno;
}

int cncurses_install_signal_handlers(void) {
    if (installed) return signal_pipe[0];
    if (pipe(signal_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    installed = 1;

    // A stack of its own for the crash handler, so that a stack overflow restores too.
    size_t size = 64 * 1024;
    alternate_stack.ss_sp = malloc(size);
    alternate_stack.ss_size = size;
    alternate_stack.ss_flags = 0;
    if (alternate_stack.ss_sp != NULL) sigaltstack(&alternate_stack, &previous_stack);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash;
    sigemptyset(&action.sa_mask);
    // SA_NODEFER lets the raise in the handler be delivered at once.
    action.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    for (size_t i = 0; i < CRASH_COUNT; i++) sigaction(crash_signals[i], &action, &previous_crash[i]);

    memset(&action, 0, sizeof action);
    action.sa_handler = note;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < NOTED_COUNT; i++) sigaction(noted_signals[i], &action, &previous_noted[i]);

    memset(&action, 0, sizeof action);
    action.sa_handler = overdue;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK;
    sigaction(WATCHDOG_SIGNAL, &action, &previous_watchdog);
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = WATCHDOG_SIGNAL;
    have_watchdog = timer_create(CLOCK_MONOTONIC, &event, &watchdog) == 0;
    overdue_signal = 0;

    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < NOTED_COUNT; i++) sigaddset(&unblock, noted_signals[i]);
    for (size_t i = 0; i < CRASH_COUNT; i++) sigaddset(&unblock, crash_signals[i]);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    return signal_pipe[0];
}

void cncurses_remove_signal_handlers(void) {
    if (!installed) return;
    installed = 0;
    for (size_t i = 0; i < CRASH_COUNT; i++) sigaction(crash_signals[i], &previous_crash[i], NULL);
    for (size_t i = 0; i < NOTED_COUNT; i++) sigaction(noted_signals[i], &previous_noted[i], NULL);
    if (have_watchdog) timer_delete(watchdog);
    have_watchdog = 0;
    overdue_signal = 0;
    sigaction(WATCHDOG_SIGNAL, &previous_watchdog, NULL);
    if (alternate_stack.ss_sp != NULL) {
        sigaltstack(&previous_stack, NULL);
        free(alternate_stack.ss_sp);
        alternate_stack.ss_sp = NULL;
    }
    close(signal_pipe[0]);
    close(signal_pipe[1]);
    signal_pipe[0] = signal_pipe[1] = -1;
    reset_length = 0;
}

int cncurses_next_signal(void) {
    unsigned char byte;
    if (signal_pipe[0] < 0) return 0;
    if (read(signal_pipe[0], &byte, 1) != 1) return 0;
    // Taken in time: the loop ends the program itself, through its own teardown.
    if (is_ending(byte)) arm_watchdog(0);
    return byte;
}

void cncurses_stop_self(void) {
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, &action, &previous);
    raise(SIGTSTP);
    // Continued (fg): catch ctrl-z again.
    sigaction(SIGTSTP, &previous, NULL);
}

void cncurses_die_by(int signal_number) {
    fflush(NULL);
    die_by_default(signal_number);
}

// MARK: - Faults for the tests (TWENTYNINE_TEST_FAULT)

__attribute__((noinline, optnone))
static int overflow_stack(volatile char *previous) {
    volatile char frame[4096];
    frame[0] = previous != NULL ? previous[0] : 1;
    return overflow_stack(frame) + frame[1];
}

void cncurses_test_fault(const char *kind) {
    if (strcmp(kind, "slow") == 0) {
        // A frame that takes 30 s: says so on the screen, then spins.
        static const char marker[] = "\033[1;1HSLOW-FRAME";
        write_all(STDOUT_FILENO, marker, sizeof marker - 1);
        struct timespec start, now;
        clock_gettime(CLOCK_MONOTONIC, &start);
        do { clock_gettime(CLOCK_MONOTONIC, &now); } while (now.tv_sec - start.tv_sec < 30);
        return;
    }
    if (strcmp(kind, "stack") == 0) {
        (void)overflow_stack(NULL);
    } else if (strcmp(kind, "abort") == 0) {
        abort();
    } else {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
}

// MARK: - Another terminal's capabilities

static pthread_mutex_t terminfo_lock = PTHREAD_MUTEX_INITIALIZER;

static char *copy_capability(const char *value) {
    if (value == NULL || value == (const char *)-1) return NULL;
    return strdup(value);
}

int cncurses_terminfo_lookup(const char *term, const char *const *names, int count, char **values,
                             char **setaf, int *colors, int *margins) {
    pthread_mutex_lock(&terminfo_lock);
    TERMINAL *saved = cur_term;
    int fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    int error = 0;
    int found = fd >= 0 && setupterm(term, fd, &error) == OK;
    if (found) {
        for (int i = 0; i < count; i++) values[i] = copy_capability(tigetstr(names[i]));
        const char *setaf_string = tigetstr("setaf");
        for (int color = 0; color < 8; color++) {
            setaf[color] = (setaf_string == NULL || setaf_string == (const char *)-1)
                ? NULL : copy_capability(tiparm(setaf_string, color));
        }
        *colors = tigetnum("colors");
        *margins = tigetflag("am") == 1 && tigetflag("xenl") != 1;
    }
    // Whatever setupterm made current is deleted, and the process's own terminal put back.
    if (cur_term != saved) {
        TERMINAL *made = set_curterm(saved);
        if (made != NULL && made != saved) del_curterm(made);
    }
    if (fd >= 0) close(fd);
    pthread_mutex_unlock(&terminfo_lock);
    return found ? 0 : -1;
}

char *cncurses_terminfo_expand(const char *capability, int first, int second) {
    pthread_mutex_lock(&terminfo_lock);
    char *result = copy_capability(tiparm(capability, first, second));
    pthread_mutex_unlock(&terminfo_lock);
    return result;
}
