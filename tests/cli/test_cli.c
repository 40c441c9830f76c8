/* test_cli.c: the `tafel` command refuses bad input with one line and a non-zero status. */
#include "check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Run `tafel ARGS` (stdin from /dev/null unless given), capture stdout+stderr into out. */
static int cli_run(const char *args, const char *input, char *out, size_t len)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char tmpl[] = "/tmp/tafel-cli-XXXXXX";
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    close(fd);
    char cmd[4096];
    if (input)
        snprintf(cmd, sizeof cmd, "printf '%%b' '%s' | %s %s >%s 2>&1", input, bin, args, tmpl);
    else
        snprintf(cmd, sizeof cmd, "%s %s </dev/null >%s 2>&1", bin, args, tmpl);
    int st = system(cmd);
    FILE *f = fopen(tmpl, "r");
    size_t n = fread(out, 1, len - 1, f);
    out[n] = 0;
    fclose(f);
    unlink(tmpl);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* How often needle occurs in s. */
static int cli_count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static int cli_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void expect_error(const char *args, int status, const char *needle)
{
    char out[8192];
    int rc = cli_run(args, NULL, out, sizeof out);
    if (rc != status)
        fail_msg("tafel %s: exit %d, expected %d; output: %s", args, rc, status, out);
    if (needle && !strstr(out, needle))
        fail_msg("tafel %s: output does not mention '%s': %s", args, needle, out);
}

static void test_bad_commands(void **unused)
{
    (void)unused;
    expect_error("frobnicate", 2, "frobnicate");
    expect_error("play chess", 2, "unknown game 'chess'");
    expect_error("play 'tafelrunde2(colour=red)'", 2, "colour");
    expect_error("play tafelrunde2 --seed -5", 2, "--seed");
    expect_error("bench chess", 2, "chess");
    expect_error("bench tafelrunde2 --games 0", 2, "--games");
    expect_error("replay", 2, "usage");
    char out[8192];
    cli_run("play chess", NULL, out, sizeof out);
    assert_int_equal(cli_lines(out), 1);
}

/* Bad options are refused before anything is played, in the terms the user wrote. */
static void test_bad_options_in_user_terms(void **unused)
{
    (void)unused;
    expect_error("play targi --seats human", 2, "Targi needs 2 seats, --seats gave 1");
    expect_error("play tafelrunde2 --seats human,random,random,random,random", 2,
                 "Die Tafelrunde 2 needs 2 to 4 seats, --seats gave 5");
    expect_error("play 'tafelrunde2(players=3)' --seats human,random", 2,
                 "has 3 players, --seats gave 2");
    expect_error("play 'tafelrunde2(players=2,players=3)' --seats random,random", 2,
                 "parameter 'players' is given twice (players=2, then players=3)");
    expect_error("play 'carcassonne(tatan=on,farmers=on,tatan=off)' --seats random,random", 2,
                 "'tatan' is given twice");
    expect_error("play targi --seats 'mcts(time=5)',random", 2, "bad value '5' for time");
    expect_error("play targi --seats 'mcts(time=5)',random", 2, "unit");
    /* seeds: digits only, at most 2^64-1, for every command that takes one */
    static const char *const bad_seeds[] = {"99999999999999999999999", "18446744073709551616",
                                            "' -3'", "' 5'", "-1", "1x", "''"};
    for (size_t k = 0; k < sizeof bad_seeds / sizeof bad_seeds[0]; k++) {
        char args[256];
        snprintf(args, sizeof args, "play targi --seats random,random --seed %s", bad_seeds[k]);
        expect_error(args, 2, "--seed needs an integer from 0 to 2^64-1");
        snprintf(args, sizeof args, "arena targi --seats random,random --games 1 --seed %s",
                 bad_seeds[k]);
        expect_error(args, 2, "--seed needs an integer from 0 to 2^64-1");
        snprintf(args, sizeof args, "connect http://127.0.0.1:1 --seed %s", bad_seeds[k]);
        expect_error(args, 2, "--seed needs an integer from 0 to 2^64-1");
    }
    /* A record path that cannot be written is refused at once, before any move. */
    char out[8192];
    int rc = cli_run("play targi --seats random,random --seed 1 --record /nonexistent/dir/x.json",
                     NULL, out, sizeof out);
    if (rc != 2 || !strstr(out, "/nonexistent/dir") || strstr(out, "player 0") ||
        cli_lines(out) != 1)
        fail_msg("exit %d: %s", rc, out);
    rc = cli_run("play targi --seats random,random --record /tmp", NULL, out, sizeof out);
    if (rc != 2 || !strstr(out, "folder") || cli_lines(out) != 1)
        fail_msg("exit %d: %s", rc, out);
    /* a file name no file system takes (over 255 bytes) in a folder that can be written */
    char args[600];
    int at = snprintf(args, sizeof args, "play targi --seats random,random --record /tmp/");
    memset(args + at, 'x', 300);
    snprintf(args + at + 300, sizeof args - (size_t)at - 300, ".json");
    rc = cli_run(args, NULL, out, sizeof out);
    if (rc != 2 || !strstr(out, "too long") || strstr(out, "player 0") || cli_lines(out) != 1)
        fail_msg("exit %d: %s", rc, out);
}

/* A record folder that disappears during a game: the record goes to the default folder, and the
 * user is told where. The game waits at the human's prompt while the folder is removed. */
static void test_record_falls_back_to_default_folder(void **unused)
{
    (void)unused;
    const char *bin = getenv("TAFEL_BIN");
    char dir[] = "/tmp/tafel-cli-rec-XXXXXX", def[] = "/tmp/tafel-cli-def-XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_non_null(mkdtemp(def));
    char outp[] = "/tmp/tafel-cli-fb-XXXXXX";
    int fd = mkstemp(outp);
    assert_true(fd >= 0);
    close(fd);
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "TAFEL_RECORDS=%s NO_COLOR=1 %s play targi --seats human,random --seed 2 "
             "--record %s/game.json >%s 2>&1", def, bin, dir, outp);
    FILE *in = popen(cmd, "w");
    assert_non_null(in);
    /* Wait (at most 30 s) for the first prompt, then take the folder away. */
    char out[65536] = "";
    for (int i = 0; i < 300 && !strstr(out, "your move"); i++) {
        nanosleep(&(struct timespec){0, 100000000}, NULL);
        FILE *f = fopen(outp, "r");
        size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
        out[n] = 0;
        if (f)
            fclose(f);
    }
    assert_non_null(strstr(out, "your move"));
    assert_int_equal(rmdir(dir), 0);
    fputs("1\n", in);
    int st = pclose(in);
    FILE *f = fopen(outp, "r");
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
    unlink(outp);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 1);
    char want[256];
    snprintf(want, sizeof want, "Record: %s/targi-", def);
    if (!strstr(out, want) || !strstr(out, "instead of"))
        fail_msg("%s", out);
    /* ... and it is a record that replays. */
    const char *p = strstr(out, want) + strlen("Record: ");
    char path[512];
    snprintf(path, sizeof path, "%.*s", (int)strcspn(p, " \n"), p);
    char args[600];
    snprintf(args, sizeof args, "replay %s", path);
    if (cli_run(args, NULL, out, sizeof out) != 0)
        fail_msg("%s", out);
    unlink(path);
    rmdir(def);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_replay_refuses_corrupt_records(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-cli-record.json";
    char args[256];
    snprintf(args, sizeof args, "replay %s", path);
    expect_error("replay /nonexistent/record.json", 1, "/nonexistent/record.json");
    write_file(path, "{ not json");
    expect_error(args, 1, path);
    write_file(path, "{\"format\":\"tafel-record\",\"version\":1,\"game\":\"chess\",\"actions\":[]}");
    expect_error(args, 1, "unknown game 'chess'");
    write_file(path, "{\"format\":\"other\",\"version\":1}");
    expect_error(args, 1, "format");
    write_file(path, "{\"format\":\"tafel-record\",\"version\":1,\"game\":\"x\",\"actions\":[1,\"a\"]}");
    expect_error(args, 1, "action 1");
    unlink(path);
}

/* A bot-only game writes a record; it replays; damaging one action or the result is refused
 * with the index and reason, and the damaged file is left as it was. */
static void test_record_round_trip_and_damage(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-cli-game.json";
    char out[65536], args[512];
    snprintf(args, sizeof args, "play tafelrunde2 --seats random,random --seed 7 --record %s",
             path);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 0);
    assert_non_null(strstr(out, path));
    snprintf(args, sizeof args, "replay %s", path);
    if (cli_run(args, NULL, out, sizeof out) != 0)
        fail_msg("replay failed: %s", out);
    assert_non_null(strstr(out, "game over"));

    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    assert_non_null(root);
    json_t *actions = json_object_get(root, "actions");
    assert_true(json_array_size(actions) > 20);
    /* An action number far outside the action space is illegal wherever it stands. */
    json_t *a10 = json_array_get(actions, 10);
    json_t *saved = json_deep_copy(a10);
    json_object_set_new(a10, "a", json_integer(999999));
    assert_int_equal(json_dump_file(root, path, 0), 0);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 1);
    if (!strstr(out, "action 10"))
        fail_msg("message does not name action 10: %s", out);
    assert_int_equal(cli_lines(out), 1);

    json_array_set_new(actions, 10, saved);
    json_t *scores = json_object_get(json_object_get(root, "result"), "scores");
    json_array_set_new(scores, 0, json_integer(json_integer_value(json_array_get(scores, 0)) + 1));
    assert_int_equal(json_dump_file(root, path, 0), 0);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 1);
    assert_non_null(strstr(out, "result"));

    /* A record cut short replays but is not a finished game. */
    json_object_del(root, "result");
    json_array_remove(actions, json_array_size(actions) - 1);
    assert_int_equal(json_dump_file(root, path, 0), 0);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 0);
    assert_non_null(strstr(out, "not finished"));
    json_decref(root);
    unlink(path);
}

/* A human whose input ends abandons the game; the partial record is kept and replays. */
static void test_play_abandoned_keeps_record(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-cli-abandoned.json";
    char out[65536], args[512];
    snprintf(args, sizeof args, "play tafelrunde2 --seats human,random --seed 3 --record %s",
             path);
    assert_int_equal(cli_run(args, "1\\nnonsense\\n1\\n", out, sizeof out), 1);
    assert_non_null(strstr(out, "Not accepted"));
    assert_non_null(strstr(out, "abandoned"));
    snprintf(args, sizeof args, "replay %s", path);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 0);
    unlink(path);
}

/* Lines too long for a prompt are refused whole: no tail of one is taken for the next answer.
 * With a human at the table the seed (every draw follows from it) is told only at the end. */
static void test_long_lines_and_seed(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-cli-long.json";
    char out[65536], args[512], input[2048];
    snprintf(args, sizeof args, "play targi --seats human,random --seed 5 --record %s", path);
    /* 511 x then "1" at the move prompt (a 512-byte buffer), then quit */
    memset(input, 'x', 511);
    snprintf(input + 511, sizeof input - 511, "1\\nquit\\ny\\n");
    assert_int_equal(cli_run(args, input, out, sizeof out), 1);
    assert_non_null(strstr(out, "Not accepted: the line is longer than 511 characters."));
    assert_null(strstr(out, "player 0: targi")); /* the "1" was not played */
    char *seed = strstr(out, "seed 5");
    if (!seed || seed < strstr(out, "Game abandoned"))
        fail_msg("the seed is shown before the end: %s", out);
    unlink(path);
    /* a line that just fits is a move */
    memset(input, ' ', 510);
    snprintf(input + 510, sizeof input - 510, "1\\nquit\\ny\\n");
    assert_int_equal(cli_run(args, input, out, sizeof out), 1);
    assert_non_null(strstr(out, "player 0: targi"));
    int prompts = cli_count(out, "your move");
    unlink(path);
    /* a stray CR early in a line too long for the buffer does not end it there: the whole
     * line is refused and its tail ("1") is not taken for the next answer */
    memcpy(input, "ab\\r", 4);
    memset(input + 4, 'x', 508);
    snprintf(input + 512, sizeof input - 512, "1\\nquit\\ny\\n");
    assert_int_equal(cli_run(args, input, out, sizeof out), 1);
    assert_non_null(strstr(out, "Not accepted: the line is longer than 511 characters."));
    assert_null(strstr(out, "player 0: targi"));
    unlink(path);
    /* a CRLF line that just fits is a move, and its LF is not an empty answer of its own (which
     * would ask for the move once more) */
    memset(input, ' ', 509);
    snprintf(input + 509, sizeof input - 509, "1\\r\\nquit\\ny\\n");
    assert_int_equal(cli_run(args, input, out, sizeof out), 1);
    assert_non_null(strstr(out, "player 0: targi"));
    assert_int_equal(cli_count(out, "your move"), prompts);
    unlink(path);
    /* hot seat: what is typed at "press Enter" is dropped, however long */
    snprintf(args, sizeof args, "play targi --seats human,human --seed 5 --record %s", path);
    memset(input, 'x', 63); /* a 64-byte buffer: "1" would be the next line's start */
    snprintf(input + 63, sizeof input - 63, "1\\nquit\\ny\\n");
    assert_int_equal(cli_run(args, input, out, sizeof out), 1);
    assert_null(strstr(out, "player 0: targi"));
    unlink(path);
    /* bots only: nothing to hide, the seed comes first */
    snprintf(args, sizeof args, "play targi --seats random,random --seed 5 --record %s", path);
    assert_int_equal(cli_run(args, NULL, out, sizeof out), 0);
    assert_non_null(strstr(out, "Targi, seed 5\n"));
    unlink(path);
}

/* The bench prints the fingerprint the game's tests pin (tafel_random_games over seeds 0..N-1). */
static void test_bench_fingerprint(void **unused)
{
    (void)unused;
    char out[8192];
    assert_int_equal(cli_run("bench 'tafelrunde2(players=2)' --games 1000 --quick", NULL, out,
                             sizeof out), 0);
    if (!strstr(out, "fingerprint:   177866 actions"))
        fail_msg("unexpected bench output: %s", out);
    assert_non_null(strstr(out, "games/s"));
    assert_non_null(strstr(out, "iterations/s"));
    /* The search fingerprint does not depend on timing: a second run prints the same. */
    const char *f = strstr(out, "search:");
    long long nodes = f ? atoll(f + strlen("search:")) : 0;
    if (nodes <= 0)
        fail_msg("no search fingerprint: %s", out);
    char again[8192], want[128];
    assert_int_equal(cli_run("bench 'tafelrunde2(players=2)' --games 10 --quick", NULL, again,
                             sizeof again), 0);
    const char *eol = strchr(f, '\n');
    snprintf(want, sizeof want, "%.*s", eol ? (int)(eol - f) : 0, f);
    if (!eol || !strstr(again, want))
        fail_msg("search fingerprint changed between runs: %s then %s", out, again);
}

static void test_list_names_every_game(void **unused)
{
    (void)unused;
    char out[16384];
    assert_int_equal(cli_run("list", NULL, out, sizeof out), 0);
    for (const tafel_game_type *const *t = tafel_game_types(); *t; t++)
        assert_non_null(strstr(out, (*t)->name));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_commands),
        cmocka_unit_test(test_bad_options_in_user_terms),
        cmocka_unit_test(test_record_falls_back_to_default_folder),
        cmocka_unit_test(test_replay_refuses_corrupt_records),
        cmocka_unit_test(test_record_round_trip_and_damage),
        cmocka_unit_test(test_play_abandoned_keeps_record),
        cmocka_unit_test(test_long_lines_and_seed),
        cmocka_unit_test(test_bench_fingerprint),
        cmocka_unit_test(test_list_names_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
