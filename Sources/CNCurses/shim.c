#include "CNCurses.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

SCREEN *cncurses_newterm(void) {
    return newterm(NULL, stdout, stdin);
}

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

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];
static int installed;

static int is_fault(int signal_number) {
    return signal_number == SIGSEGV || signal_number == SIGBUS
        || signal_number == SIGILL || signal_number == SIGFPE;
}

static void restore_terminal_and_reraise(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    // SA_RESETHAND has already put back the default action, so a fault in here ends the process.
    endwin();
    cncurses_release_stderr();
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] == signal_number) {
            sigaction(signal_number, &previous_actions[i], NULL);
        }
    }
    // A fault the kernel raised happens again once this returns, and reaches the previous action
    // (the Swift runtime's crash report, say) with the faulting context.
    if (info != NULL && info->si_code > 0 && is_fault(signal_number)) return;
    raise(signal_number);
    // The previous action returned: end the process all the same.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void cncurses_install_crash_handler(void) {
    if (installed) return;
    installed = 1;
    struct sigaction action = { 0 };
    action.sa_sigaction = restore_terminal_and_reraise;
    sigemptyset(&action.sa_mask);
    // SA_NODEFER lets the raise above be delivered at once, not after this handler returns.
    action.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &action, &previous_actions[i]);
    }
}

void cncurses_remove_crash_handler(void) {
    if (!installed) return;
    installed = 0;
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &previous_actions[i], NULL);
    }
}
