/* test_hotseat.c: at the hot seat, nothing of one human's hidden view is left on screen (or in
 * the scrollback) while the terminal is handed to the next, through a pipe and at a terminal
 * (a pseudo-terminal, with NO_COLOR=1: hiding is not a matter of colour). */
#include "check.h"

#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define HS_PROMPT "Pass the terminal to player"
#define HS_MOVE "your move"
#define HS_PIPE_MARK "==== hand-over: the screen is cleared here ===="
#define HS_TTY_CLEAR "\033[H\033[2J\033[3J"
#define HS_OUT_MAX (1 << 22)

/* Run `tafel ARGS` with `moves` lines of "1" through a pipe; returns the output (caller frees). */
static char *hs_run_pipe(const char *args, int moves)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char in[] = "/tmp/tafel-hs-in-XXXXXX", res[] = "/tmp/tafel-hs-out-XXXXXX";
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < moves; i++)
        fputs("1\n", f);
    fclose(f);
    fd = mkstemp(res);
    assert_true(fd >= 0);
    close(fd);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 '%s' %s <%s >%s 2>&1", bin, args, in, res);
    assert_true(system(cmd) != -1);
    f = fopen(res, "r");
    char *out = calloc(HS_OUT_MAX, 1);
    size_t n = fread(out, 1, HS_OUT_MAX - 1, f);
    out[n] = 0;
    fclose(f);
    unlink(in);
    unlink(res);
    return out;
}

/* The same at a pseudo-terminal (no echo), input ended by ^D; bounded by 120 s. */
static char *hs_run_pty(char *const argv[], int moves)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    int master;
    pid_t pid = forkpty(&master, NULL, NULL, NULL);
    assert_true(pid >= 0);
    if (pid == 0) {
        struct termios t;
        if (tcgetattr(0, &t) == 0) {
            t.c_lflag &= ~(tcflag_t)ECHO;
            tcsetattr(0, TCSANOW, &t);
        }
        setenv("NO_COLOR", "1", 1);
        setenv("TERM", "xterm", 1);
        execv(bin, argv);
        _exit(127);
    }
    char *in = malloc((size_t)moves * 2 + 2);
    for (int i = 0; i < moves; i++)
        memcpy(in + 2 * i, "1\n", 2);
    in[2 * moves] = 4; /* ^D at the start of a line: end of input */
    size_t in_len = (size_t)moves * 2 + 1, in_off = 0;
    char *out = calloc(HS_OUT_MAX, 1);
    size_t n = 0;
    time_t deadline = time(NULL) + 120;
    while (time(NULL) < deadline) {
        struct pollfd pf = {master, POLLIN | (in_off < in_len ? POLLOUT : 0), 0};
        if (poll(&pf, 1, 1000) < 0 && errno != EINTR)
            break;
        if (pf.revents & POLLOUT) {
            /* A line at a time: the terminal's input queue is small. */
            ssize_t w = write(master, in + in_off, in_off + 2 <= in_len ? 2 : 1);
            if (w > 0)
                in_off += (size_t)w;
        }
        if (pf.revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t r = read(master, out + n, HS_OUT_MAX - 1 - n);
            if (r <= 0)
                break;
            n += (size_t)r;
        }
    }
    out[n] = 0;
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    close(master);
    free(in);
    return out;
}

/* Every hand-over prompt: the screen was cleared after the previous human's last move, and from
 * that clear to the prompt nothing of a hand appears. Returns the number of hand-overs. */
static int hs_check(const char *out, const char *clear)
{
    int handovers = 0;
    for (const char *p = strstr(out, HS_PROMPT); p; p = strstr(p + 1, HS_PROMPT)) {
        const char *move = NULL, *cut = NULL;
        for (const char *q = strstr(out, HS_MOVE); q && q < p; q = strstr(q + 1, HS_MOVE))
            move = q;
        for (const char *q = strstr(out, clear); q && q < p; q = strstr(q + 1, clear))
            cut = q;
        if (!move) /* the first human to move: nothing to hide yet */
            continue;
        handovers++;
        if (!cut || cut < move)
            fail_msg("hand-over %d: the screen is not cleared after the last move:\n%.*s",
                     handovers, (int)(p - move), move);
        for (const char *h = cut; h < p; h++)
            if (!strncmp(h, "hand:", 5) || !strncmp(h, "special:", 8))
                fail_msg("hand-over %d: a hand shows after the clear:\n%.*s", handovers,
                         (int)(p - cut), cut);
    }
    return handovers;
}

static void test_pipe_separates_hands(void **unused)
{
    (void)unused;
    char *out = hs_run_pipe("play tafelrunde2 --seats human,human --seed 3 --record /tmp/tafel-hs-p.json", 80);
    if (hs_check(out, HS_PIPE_MARK) < 10)
        fail_msg("too few hand-overs:\n%s", out);
    /* ... and the next hand shows once its player confirmed: after the prompt. */
    const char *p = strstr(out, HS_PROMPT);
    assert_non_null(p);
    assert_non_null(strstr(p, "hand:"));
    free(out);
    out = hs_run_pipe("play targi --seats human,human --seed 5 --record /tmp/tafel-hs-p.json", 40);
    if (hs_check(out, HS_PIPE_MARK) < 5)
        fail_msg("too few hand-overs:\n%s", out);
    free(out);
}

static void test_terminal_clears_screen_and_scrollback(void **unused)
{
    (void)unused;
    const char *bin = getenv("TAFEL_BIN");
    char *argv[] = {(char *)bin, "play", "tafelrunde2", "--seats", "human,human",
                    "--seed", "3", "--record", "/tmp/tafel-hs-pty.json", NULL};
    char *out = hs_run_pty(argv, 40);
    if (hs_check(out, HS_TTY_CLEAR) < 5)
        fail_msg("too few hand-overs:\n%s", out);
    free(out);
    unlink("/tmp/tafel-hs-pty.json");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipe_separates_hands),
        cmocka_unit_test(test_terminal_clears_screen_and_scrollback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
