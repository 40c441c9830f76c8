/* test_client_serve.c: `tafel connect` against the real `tafel serve` on 127.0.0.1 (a fresh
 * database, port chosen by the system): one human seat against a server-side random bot in each
 * game, played to the end through an invite link. Skips, saying so, when the binary has no
 * serve command. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "client/client.h"

static pid_t serve_pid;
static char serve_url[128];
static char serve_dir[64] = "/tmp/tafel-client-serve-XXXXXX";

static int serve_start(void **st)
{
    (void)st;
    const char *bin = getenv("TAFEL_BIN");
    if (!bin)
        return -1;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' serve --help >/dev/null 2>&1", bin);
    if (system(cmd) != 0)
        return 0; /* no server in this build: the tests skip */
    if (!mkdtemp(serve_dir))
        return -1;
    int fds[2];
    if (pipe(fds))
        return -1;
    serve_pid = fork();
    if (serve_pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        char db[128];
        snprintf(db, sizeof db, "%s/t.db", serve_dir);
        execl(bin, bin, "serve", "--port", "0", "--bind", "127.0.0.1", "--db", db, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char line[256];
    /* "tafel: serving on http://127.0.0.1:PORT/"; the pipe ends if the server dies. */
    while (fgets(line, sizeof line, f)) {
        char *p = strstr(line, "http://");
        if (p) {
            p[7 + strcspn(p + 7, "/\n")] = 0;
            snprintf(serve_url, sizeof serve_url, "%s", p);
            break;
        }
    }
    /* Leave the pipe open for the server's later output; it is closed when we exit. */
    return serve_url[0] ? 0 : -1;
}

static int serve_stop(void **st)
{
    (void)st;
    if (serve_pid > 0) {
        kill(serve_pid, SIGTERM);
        waitpid(serve_pid, NULL, 0);
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", serve_dir);
        if (system(cmd) != 0)
            return -1;
    }
    return 0;
}

/* One human seat played by `tafel connect --bot BOT` against a server-side random bot. */
static void play_against_bot(const char *game, const char *bot)
{
    if (serve_pid <= 0)
        skip(); /* printed once in main */
    char err[256];
    const char *seats[2] = {"human", "random"};
    json_t *m = tafel_client_create_match(serve_url, game, seats, 2, 5, 10000, err, sizeof err);
    if (!m)
        fail_msg("create %s: %s", game, err);
    const char *invite =
        json_string_value(json_object_get(json_array_get(json_object_get(m, "seats"), 0),
                                          "invite"));
    assert_non_null(invite);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' connect '%s' --bot '%s' --timeout 60 2>&1",
             getenv("TAFEL_BIN"), invite, bot);
    FILE *p = popen(cmd, "r");
    static char out[1 << 20];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    int status = pclose(p);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("%s: tafel connect failed:\n%s", game, out + (n > 2000 ? n - 2000 : 0));
    assert_non_null(strstr(out, "joined match"));
    assert_non_null(strstr(out, "over: scores"));
    /* A bot that needs a state played every move on the replica of the match. */
    if (strcmp(bot, "random") && !strstr(out, ", 0 moves at random"))
        fail_msg("%s: the replica lost track:\n%s", game, out + (n > 2000 ? n - 2000 : 0));
    /* Over: the record with the seed is now downloadable. */
    char id[32];
    snprintf(id, sizeof id, "%lld", (long long)json_integer_value(json_object_get(m, "id")));
    json_t *rec = tafel_client_fetch_record(serve_url, id, 10000, err, sizeof err);
    if (!rec)
        fail_msg("%s: record: %s", game, err);
    json_decref(rec);
    json_decref(m);
}

static void test_carcassonne(void **st)
{
    (void)st;
    play_against_bot("carcassonne", "random");
    play_against_bot("carcassonne", "mcts(iters=100,threads=1)");
}

static void test_targi(void **st)
{
    (void)st;
    play_against_bot("targi", "random");
    play_against_bot("targi", "greedy");
}

static void test_tafelrunde2(void **st)
{
    (void)st;
    play_against_bot("tafelrunde2", "random");
    play_against_bot("tafelrunde2", "greedy");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carcassonne),
        cmocka_unit_test(test_targi),
        cmocka_unit_test(test_tafelrunde2),
    };
    char cmd[1024];
    const char *bin = getenv("TAFEL_BIN");
    snprintf(cmd, sizeof cmd, "'%s' serve --help >/dev/null 2>&1", bin ? bin : "false");
    if (!bin || system(cmd) != 0)
        printf("test_client_serve: SKIPPED: %s has no serve command (the server is built "
               "separately)\n", bin ? bin : "TAFEL_BIN unset");
    return cmocka_run_group_tests(tests, serve_start, serve_stop);
}
