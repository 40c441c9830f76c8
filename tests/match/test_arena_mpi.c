/* test_arena_mpi.c: tafel-mpi under `mpirun --oversubscribe`: with iteration-budget bots the
 * summary and every record equal the single-process arena's, game by game, on 1 and 3 ranks;
 * a SIGKILL of mpirun in the middle takes its ranks down with it, and --resume (on another
 * number of ranks) ends with the uninterrupted run's summary; so does a SIGKILL of one rank,
 * after which mpirun ends the job. Skipped when MPI was not built,
 * except under CI=true; skipped under ThreadSanitizer (Open MPI is not built for it). */
#include "check.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[] = "/tmp/tafel-arena-mpi-XXXXXX";

static const char *mpi_bin(void)
{
    const char *b = getenv("TAFEL_MPI_BIN");
    return b && *b ? b : NULL;
}

/* Start BIN ARGS... (NULL-terminated): "tafel" is the local arena, "mpi N" tafel-mpi under
 * mpirun with N ranks. Root is allowed for Open MPI in the child's environment only. */
static pid_t run_start(const char *how, const char *const *args)
{
    char errf[600];
    snprintf(errf, sizeof errf, "%s/err.txt", dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int o = open("/dev/null", O_WRONLY);
        int e = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0)
            _exit(127);
        dup2(o, 1);
        dup2(e, 2);
        setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
        setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
        /* Containers often forbid the cross-process reads (CMA) that shared memory uses for
         * large messages such as records; copying through the buffer works everywhere. */
        setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 1);
        /* Open MPI leaks at MPI_Finalize from components it has unloaded, which no suppression
         * can name: the ranks keep ASan's memory checks and UBSan but not the leak check (our
         * code's leaks are checked by the local arena's tests, which run the same session). */
        if (strcmp(how, "tafel") && getenv("TAFEL_SANITIZE")) {
            char opts[1024];
            const char *old = getenv("ASAN_OPTIONS");
            snprintf(opts, sizeof opts, "%s%sdetect_leaks=0", old ? old : "",
                     old && *old ? ":" : "");
            setenv("ASAN_OPTIONS", opts, 1);
        }
        char *argv[48];
        int n = 0;
        if (!strcmp(how, "tafel")) {
            argv[n++] = getenv("TAFEL_BIN");
        } else {
            argv[n++] = getenv("TAFEL_MPIEXEC");
            argv[n++] = "--oversubscribe";
            argv[n++] = "-np";
            argv[n++] = (char *)how + 4;
            argv[n++] = (char *)mpi_bin();
        }
        argv[n++] = "arena";
        for (int i = 0; args[i] && n < 47; i++)
            argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(argv[0], argv);
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

static void run_ok(const char *how, const char *const *args)
{
    int rc = run_wait(run_start(how, args));
    if (rc) {
        char p[600];
        snprintf(p, sizeof p, "%s/err.txt", dir);
        char *e = slurp(p);
        static char msg[4096];
        snprintf(msg, sizeof msg, "%s", e ? e : "");
        free(e);
        fail_msg("%s: exit %d: %s", how, rc, msg);
    }
}

static void same_file(const char *a, const char *b)
{
    char *x = slurp(a), *y = slurp(b);
    if (!x || !y || strcmp(x, y))
        fail_msg("%s and %s differ", a, b);
    free(x);
    free(y);
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

static int mpi_skip(void)
{
    if (getenv("TAFEL_TSAN")) {
        print_message("skipped: Open MPI is not built for ThreadSanitizer\n");
        return 1;
    }
    if (mpi_bin() && getenv("TAFEL_MPIEXEC") && *getenv("TAFEL_MPIEXEC"))
        return 0;
    const char *ci = getenv("CI");
    if (ci && !strcmp(ci, "true"))
        fail_msg("MPI was not built (CI=true: scripts/install-deps installs libopenmpi-dev)");
    print_message("skipped: MPI was not built (install libopenmpi-dev and openmpi-bin)\n");
    return 1;
}

static void test_same_as_local(void **unused)
{
    (void)unused;
    if (mpi_skip()) {
        skip();
        return;
    }
    const char *games = check_sanitized() ? "4" : "12";
    char sum[4][600], rec[4][600];
    const char *how[] = {"tafel", "mpi 3", "mpi 1"};
    for (int i = 0; i < 3; i++) {
        snprintf(sum[i], sizeof sum[i], "%s/s%d.json", dir, i);
        snprintf(rec[i], sizeof rec[i], "%s/rec%d", dir, i);
        const char *a[] = {"carcassonne", "--seats", "mcts(iters=10,threads=1),greedy",
                           "--games", games, "--seed", "3", "--jobs", "2", "--summary", sum[i],
                           "--records", rec[i], NULL};
        run_ok(how[i], a);
    }
    for (int i = 1; i < 3; i++) {
        same_file(sum[0], sum[i]);
        for (int k = 0; k < atoi(games); k++) {
            char a[700], b[700];
            snprintf(a, sizeof a, "%s/game-%05d.json", rec[0], k);
            snprintf(b, sizeof b, "%s/game-%05d.json", rec[i], k);
            same_file(a, b);
            unlink(b);
        }
        snprintf(sum[3], sizeof sum[3], "%s/results.jsonl", rec[i]);
        unlink(sum[3]);
        rmdir(rec[i]);
    }
}

static void test_kill_and_resume(void **unused)
{
    (void)unused;
    if (mpi_skip()) {
        skip();
        return;
    }
    const char *games = check_sanitized() ? "60" : "300";
    char full[600], part[600], res[600];
    snprintf(full, sizeof full, "%s/full.json", dir);
    snprintf(part, sizeof part, "%s/part.json", dir);
    snprintf(res, sizeof res, "%s/part.results.jsonl", dir);
    const char *a_full[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                            "--seed", "4", "--summary", full, NULL};
    run_ok("tafel", a_full);
    /* Orphaned ranks come to this process, which can then see them leave. */
    assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    const char *a_part[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                            "--seed", "4", "--summary", part, NULL};
    pid_t pid = run_start("mpi 3", a_part);
    long lines = 0;
    for (int i = 0; i < 60000 && lines < 12; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        lines = count_lines(res);
    }
    kill(pid, SIGKILL);
    assert_int_equal(run_wait(pid), -1);
    /* The ranks leave by themselves once their launcher is gone (bounded wait). */
    int left = 0;
    for (int i = 0; i < 3000; i++) {
        pid_t p = waitpid(-1, NULL, WNOHANG);
        if (p < 0)
            break;
        if (p == 0) {
            struct timespec ts = {0, 10000000};
            nanosleep(&ts, NULL);
        }
        left = i;
    }
    if (waitpid(-1, NULL, WNOHANG) >= 0) {
        fail_msg("ranks still running %d ms after mpirun was killed", left * 10);
    }
    prctl(PR_SET_CHILD_SUBREAPER, 0);
    lines = count_lines(res);
    if (lines < 2 || lines > atol(games))
        fail_msg("killed with %ld lines in %s: not in the middle", lines, res);
    const char *a_resume[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                              "--seed", "4", "--summary", part, "--resume", res, NULL};
    run_ok("mpi 2", a_resume);
    same_file(full, part);
    assert_int_equal(count_lines(res), atol(games) + 1);
    unlink(full);
    unlink(part);
    unlink(res);
    snprintf(full, sizeof full, "%s/full.results.jsonl", dir);
    unlink(full);
}

/* A tafel-mpi rank started by mpirun PID (the last one found), or -1. */
static pid_t mpi_some_rank(pid_t mpirun)
{
    DIR *d = opendir("/proc");
    pid_t found = -1;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[300], comm[64];
        int pid, ppid;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (fscanf(f, "%d (%63[^)]) %*c %d", &pid, comm, &ppid) == 3 && ppid == mpirun &&
            !strcmp(comm, "tafel-mpi"))
            found = pid;
        fclose(f);
    }
    if (d)
        closedir(d);
    return found;
}

/* SIGKILL of one rank: mpirun ends the whole job; --resume finishes it. */
static void test_rank_killed(void **unused)
{
    (void)unused;
    if (mpi_skip()) {
        skip();
        return;
    }
    const char *games = check_sanitized() ? "60" : "300";
    char full[600], part[600], res[600];
    snprintf(full, sizeof full, "%s/full.json", dir);
    snprintf(part, sizeof part, "%s/part.json", dir);
    snprintf(res, sizeof res, "%s/part.results.jsonl", dir);
    const char *a_full[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                            "--seed", "6", "--summary", full, NULL};
    run_ok("tafel", a_full);
    const char *a_part[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                            "--seed", "6", "--summary", part, NULL};
    pid_t pid = run_start("mpi 3", a_part);
    long lines = 0;
    for (int i = 0; i < 60000 && lines < 12; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        lines = count_lines(res);
    }
    pid_t rank = mpi_some_rank(pid);
    assert_true(rank > 0);
    kill(rank, SIGKILL);
    int rc = run_wait(pid);
    if (rc == 0)
        fail_msg("mpirun ended well with a rank killed");
    lines = count_lines(res);
    if (lines < 2 || lines > atol(games))
        fail_msg("killed with %ld lines in %s: not in the middle", lines, res);
    const char *a_resume[] = {"carcassonne", "--seats", "random,greedy", "--games", games,
                              "--seed", "6", "--summary", part, "--resume", res, NULL};
    run_ok("mpi 3", a_resume);
    same_file(full, part);
    assert_int_equal(count_lines(res), atol(games) + 1);
    unlink(full);
    unlink(part);
    unlink(res);
    snprintf(full, sizeof full, "%s/full.results.jsonl", dir);
    unlink(full);
}

static int setup(void **unused)
{
    (void)unused;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **unused)
{
    (void)unused;
    char p[700];
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/s%d.json", dir, i);
        unlink(p);
        snprintf(p, sizeof p, "%s/s%d.results.jsonl", dir, i);
        unlink(p);
    }
    for (int k = 0; k < 12; k++) {
        snprintf(p, sizeof p, "%s/rec0/game-%05d.json", dir, k);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/rec0", dir);
    rmdir(p);
    snprintf(p, sizeof p, "%s/err.txt", dir);
    unlink(p);
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_local),
        cmocka_unit_test(test_kill_and_resume),
        cmocka_unit_test(test_rank_killed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
