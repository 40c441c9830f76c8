/* test_arena_resume.c: `tafel arena` as a process: the results file, SIGKILL in the middle and
 * --resume give the uninterrupted run's summary byte for byte (a truncated last line tolerated
 * and said; no finished game played again); progress lines when stderr is no terminal. */
#include "check.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RESUME_GAME "carcassonne"
#define RESUME_SEATS "random,greedy"

static char dir[] = "/tmp/tafel-arena-resume-XXXXXX";

/* Start `tafel arena ARGS...` (NULL-terminated) with stdout and stderr to files; returns the
 * pid. */
static pid_t run_start(const char *out, const char *errf, const char *const *args)
{
    const char *bin = getenv("TAFEL_BIN");
    if (!bin || !*bin)
        fail_msg("TAFEL_BIN is not set");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (o < 0 || e < 0 || in < 0)
            _exit(127);
        dup2(o, 1);
        dup2(e, 2);
        dup2(in, 0);
        char *argv[40];
        int n = 0;
        argv[n++] = (char *)bin;
        argv[n++] = "arena";
        for (int i = 0; args[i] && n < 39; i++)
            argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(bin, argv);
        _exit(127);
    }
    return pid;
}

static int run_wait(pid_t pid)
{
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 22);
    size_t n = fread(buf, 1, (1 << 22) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static long count_lines(const char *path)
{
    char *s = slurp(path);
    long n = 0;
    for (char *p = s; p && *p; p++)
        n += *p == '\n';
    free(s);
    return n;
}

static void path_in(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", dir, name);
}

static void test_kill_and_resume(void **unused)
{
    (void)unused;
    long games = check_sanitized() ? 40 : 200;
    char ngames[32], full[600], part[600], res[600], out[600], errf[600], rec[600];
    snprintf(ngames, sizeof ngames, "%ld", games);
    path_in(full, sizeof full, "full.json");
    path_in(part, sizeof part, "part.json");
    path_in(res, sizeof res, "part.results.jsonl");
    path_in(out, sizeof out, "out.txt");
    path_in(errf, sizeof errf, "err.txt");
    path_in(rec, sizeof rec, "rec");

    /* The uninterrupted run. */
    const char *a_full[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--seed",
                            "7", "--jobs", "2", "--summary", full, NULL};
    assert_int_equal(run_wait(run_start(out, errf, a_full)), 0);
    char *want = slurp(full);
    assert_non_null(want);

    /* The same run, killed once a few games are in its results file. */
    const char *a_part[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--seed",
                            "7", "--jobs", "2", "--summary", part, "--records", rec, NULL};
    pid_t pid = run_start(out, errf, a_part);
    long lines = 0;
    for (int i = 0; i < 20000 && lines < 12; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        lines = count_lines(res);
    }
    kill(pid, SIGKILL);
    assert_int_equal(run_wait(pid), -1);
    lines = count_lines(res);
    if (lines < 2 || lines > games)
        fail_msg("killed with %ld lines in %s: not in the middle", lines, res);
    struct stat st;
    assert_int_equal(stat(part, &st), -1); /* no summary from a killed run */
    /* A line cut by the kill. */
    FILE *f = fopen(res, "a");
    fputs("{\"game\":3,\"bots\":[0,", f);
    fclose(f);

    const char *a_resume[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--seed",
                              "7", "--jobs", "2", "--summary", part, "--records", rec,
                              "--resume", res, NULL};
    int rc = run_wait(run_start(out, errf, a_resume));
    char *e = slurp(errf);
    if (rc)
        fail_msg("resume: exit %d: %s", rc, e);
    if (!strstr(e, "truncated last line"))
        fail_msg("the truncated line is not said: %s", e);
    char *got = slurp(part);
    assert_non_null(got);
    if (strcmp(want, got))
        fail_msg("resumed summary differs:\n%s\n---\n%s", want, got);
    /* Every game once: the header and one line per game, none played twice. */
    assert_int_equal(count_lines(res), games + 1);
    char *r = slurp(res);
    for (long k = 0; k < games; k++) {
        char needle[64];
        snprintf(needle, sizeof needle, "{\"game\":%ld,", k);
        char *p = strstr(r, needle);
        if (!p || strstr(p + 1, needle))
            fail_msg("game %ld is in the results %s times", k, p ? "twice or more" : "no");
        char recfile[700];
        snprintf(recfile, sizeof recfile, "%s/game-%05ld.json", rec, k);
        assert_int_equal(access(recfile, R_OK), 0);
        unlink(recfile);
    }
    /* A run with other arguments does not take this file. */
    const char *a_other[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--seed",
                             "8", "--resume", res, NULL};
    assert_int_equal(run_wait(run_start(out, errf, a_other)), 1);
    free(e);
    e = slurp(errf);
    if (!strstr(e, "seed differs"))
        fail_msg("another run's results taken: %s", e);
    /* A file cut inside its first line is not resumed (and not emptied). */
    char cut[600];
    path_in(cut, sizeof cut, "cut.results.jsonl");
    f = fopen(cut, "w");
    fputs("{\"tafel_arena_results\":1,\"ga", f);
    fclose(f);
    const char *a_cut[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--resume",
                           cut, NULL};
    assert_int_equal(run_wait(run_start(out, errf, a_cut)), 1);
    free(e);
    e = slurp(errf);
    if (!strstr(e, "no whole first line"))
        fail_msg("a cut first line: %s", e);
    struct stat cst;
    assert_int_equal(stat(cut, &cst), 0);
    assert_true(cst.st_size > 0);
    unlink(cut);
    /* Nor does a fresh run overwrite it. */
    const char *a_again[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games", ngames, "--seed",
                             "7", "--results", res, NULL};
    assert_int_equal(run_wait(run_start(out, errf, a_again)), 2);
    free(e);
    free(r);
    free(want);
    free(got);
    rmdir(rec);
    unlink(full);
    unlink(part);
    unlink(res);
    path_in(full, sizeof full, "full.results.jsonl");
    unlink(full);
}

/* Write lines (each with its newline) to path. */
static void write_lines(const char *path, const char *const *lines, int n)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < n; i++)
        fputs(lines[i], f);
    fclose(f);
}

/* A results file that is not exactly this run's is refused, not half taken: a header with a key
 * the run lacks (an --sprt run resumed without it), a game line twice with other results, a
 * line whose bots are not its game's seating. A line there twice alike changes nothing. */
static void test_resume_refuses_odd_files(void **unused)
{
    (void)unused;
    char res[600], out[600], errf[600];
    path_in(res, sizeof res, "odd.results.jsonl");
    path_in(out, sizeof out, "odd.out");
    path_in(errf, sizeof errf, "odd.err");
    const char *a_make[] = {"targi", "--seats", "random,random", "--games", "4", "--seed", "3",
                            "--results", res, NULL};
    assert_int_equal(run_wait(run_start(out, errf, a_make)), 0);
    char *all = slurp(res);
    char *l[6] = {0};
    int n = 0;
    for (char *p = all; *p && n < 6; n++) { /* the header and 4 game lines, newlines kept */
        char *e = strchr(p, '\n');
        l[n] = strndup(p, (size_t)(e - p + 1));
        p = e + 1;
    }
    assert_int_equal(n, 5);
    const char *a_resume[] = {"targi", "--seats", "random,random", "--games", "4", "--seed", "3",
                              "--resume", res, NULL};
    /* the header with "sprt" as a --sprt run writes it */
    char hdr[1024];
    snprintf(hdr, sizeof hdr, "%.*s,\"sprt\":[0,5,0.05,0.05]}\n", (int)strlen(l[0]) - 2, l[0]);
    /* game 0 again, its scores changed */
    char twice[1024];
    snprintf(twice, sizeof twice, "%s", l[1]);
    char *sc = strstr(twice, "\"scores\":[");
    assert_non_null(sc);
    sc[10] = sc[10] == '9' ? '8' : '9';
    /* game 1 with game 0's seating (the lines are in the order the games ended) */
    const char *game0 = NULL;
    for (int i = 1; i < n; i++)
        if (strstr(l[i], "{\"game\":0,"))
            game0 = l[i];
    assert_non_null(game0);
    char seated[1024];
    snprintf(seated, sizeof seated, "%s", game0);
    char *g0 = strstr(seated, "\"game\":0");
    g0[7] = '1';
    const struct {
        const char *why;
        const char *lines[3];
    } cases[3] = {
        {"sprt differs", {hdr, l[1], NULL}},
        {"twice, with different results", {l[0], l[1], twice}},
        {"not that game's seating", {l[0], seated, NULL}},
    };
    for (int k = 0; k < 3; k++) {
        write_lines(res, cases[k].lines, cases[k].lines[2] ? 3 : 2);
        assert_int_equal(run_wait(run_start(out, errf, a_resume)), 1);
        char *e = slurp(errf);
        if (!strstr(e, cases[k].why))
            fail_msg("case %d: '%s' not refused with '%s'", k, e, cases[k].why);
        free(e);
    }
    /* the same line twice: taken once, the run ends as a whole one */
    const char *dup[3] = {l[0], l[1], l[1]};
    write_lines(res, dup, 3);
    assert_int_equal(run_wait(run_start(out, errf, a_resume)), 0);
    char *e = slurp(errf);
    if (!strstr(e, "1 of 4 games already played"))
        fail_msg("a line there twice: %s", e);
    free(e);
    for (int i = 0; i < n; i++)
        free(l[i]);
    free(all);
    unlink(res);
    unlink(out);
    unlink(errf);
}

static void test_progress_lines(void **unused)
{
    (void)unused;
    char out[600], errf[600];
    path_in(out, sizeof out, "out.txt");
    path_in(errf, sizeof errf, "err.txt");
    const char *a[] = {RESUME_GAME, "--seats", RESUME_SEATS, "--games",
                       check_sanitized() ? "16" : "80", "--jobs", "1", "--progress", "0.02",
                       NULL};
    assert_int_equal(run_wait(run_start(out, errf, a)), 0);
    char *e = slurp(errf);
    int lines = 0;
    for (char *p = e; (p = strstr(p, "arena: ")); p++) {
        long done, total;
        double rate;
        if (sscanf(p, "arena: %ld/%ld games, %lf games/s,", &done, &total, &rate) != 3)
            fail_msg("bad progress line: %.200s", p);
        assert_true(done >= 1 && done <= total && rate > 0);
        char *nl = strchr(p, '\n');
        assert_non_null(nl);
        *nl = 0;
        if (!strstr(p, " left | random ") || !strstr(p, "% [") || !strstr(p, "| greedy "))
            fail_msg("progress line without time left or win rates: %s", p);
        *nl = '\n';
        lines++;
    }
    if (lines < 2)
        fail_msg("%d progress lines in: %s", lines, e);
    free(e);
    unlink(out);
    unlink(errf);
}

static int setup(void **unused)
{
    (void)unused;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **unused)
{
    (void)unused;
    char p[600];
    path_in(p, sizeof p, "out.txt");
    unlink(p);
    path_in(p, sizeof p, "err.txt");
    unlink(p);
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_and_resume),
        cmocka_unit_test(test_progress_lines),
        cmocka_unit_test(test_resume_refuses_odd_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
