/* test_arena_cli.c: `tafel arena` as a user runs it: exit status 2 and a one-line reason on bad
 * input; with an implemented game, a summary whose counts add up and records that replay. */
#include "check.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tafel/record.h"

static char cli_err[4096];

/* Run `tafel ARGS` (a shell fragment); returns the exit status; stderr goes to cli_err. */
static int cli_run(const char *args)
{
    const char *bin = getenv("TAFEL_BIN");
    if (!bin || !*bin)
        fail_msg("TAFEL_BIN is not set");
    char tmp[] = "/tmp/tafel-arena-cli-XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    close(fd);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s >/dev/null 2>'%s' </dev/null", bin, args, tmp);
    int st = system(cmd);
    FILE *f = fopen(tmp, "r");
    size_t n = f ? fread(cli_err, 1, sizeof cli_err - 1, f) : 0;
    cli_err[n] = 0;
    if (f)
        fclose(f);
    unlink(tmp);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void cli_refused(const char *args, const char *needle)
{
    int rc = cli_run(args);
    if (rc != 2)
        fail_msg("tafel %s: exit %d, expected 2 (stderr: %s)", args, rc, cli_err);
    char *nl = strchr(cli_err, '\n');
    if (!nl || nl[1])
        fail_msg("tafel %s: expected one line on stderr, got '%s'", args, cli_err);
    if (needle && !strstr(cli_err, needle))
        fail_msg("tafel %s: '%s' does not mention '%s'", args, cli_err, needle);
}

/* First implemented game of the registry, or NULL. */
static const char *cli_some_game(void)
{
    const tafel_game_type *const *types = tafel_game_types();
    for (int i = 0; types[i]; i++)
        if (types[i]->init)
            return types[i]->name;
    return NULL;
}

static void test_bad_input(void **unused)
{
    (void)unused;
    const char *game = cli_some_game();
    if (!game)
        game = "targi";
    char a[512];
    cli_refused("arena", "GAME");
    cli_refused("arena nosuchgame --seats random,random --games 2", "nosuchgame");
    snprintf(a, sizeof a, "arena %s --seats random,foo --games 2", game);
    cli_refused(a, "unknown bot 'foo'");
    snprintf(a, sizeof a, "arena %s --seats 'random,mcts(bar=1)' --games 2", game);
    cli_refused(a, "unknown option 'bar'");
    snprintf(a, sizeof a, "arena %s --seats 'random,mcts(time=soon)' --games 2", game);
    cli_refused(a, "bad value 'soon'");
    snprintf(a, sizeof a, "arena %s --seats random,human --games 2", game);
    cli_refused(a, "human");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 0", game);
    cli_refused(a, "--games");
    snprintf(a, sizeof a, "arena %s --seats random,random --games many", game);
    cli_refused(a, "--games");
    snprintf(a, sizeof a, "arena %s --seats random,random", game);
    cli_refused(a, "--games");
    snprintf(a, sizeof a, "arena %s --games 2", game);
    cli_refused(a, "--seats");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --seed -4", game);
    cli_refused(a, "--seed");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --frobnicate", game);
    cli_refused(a, "frobnicate");
    snprintf(a, sizeof a, "arena %s --seats random,random --games", game);
    cli_refused(a, "--games");
    snprintf(a, sizeof a, "arena %s --seats random,,random --games 2", game);
    cli_refused(a, "--seats");
    /* Files the run would write are checked before the first game (issue 16). */
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --summary /nonexistent/s.json",
             game);
    cli_refused(a, "--summary /nonexistent/s.json");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --summary /tmp", game);
    cli_refused(a, "is a directory");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --records /dev/null/rec",
             game);
    cli_refused(a, "--records /dev/null/rec");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --results /nonexistent/r",
             game);
    cli_refused(a, "--results /nonexistent/r");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --resume /nonexistent/r",
             game);
    cli_refused(a, "--resume /nonexistent/r");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --sprt 5,0", game);
    cli_refused(a, "--sprt");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --sprt 0,5,0.5,0.05", game);
    cli_refused(a, "--sprt");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --sprt 0,x", game);
    cli_refused(a, "--sprt");
    snprintf(a, sizeof a, "arena %s --seats random,random --games 2 --progress 0", game);
    cli_refused(a, "--progress");
    assert_int_equal(cli_run("arena --help"), 0);
}

static void test_summary_and_records(void **unused)
{
    (void)unused;
    const char *game = cli_some_game();
    if (!game) {
        skip();
        return;
    }
    char dir[] = "/tmp/tafel-arena-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char a[1024], path[600];
    snprintf(a, sizeof a,
             "arena '%s(players=2)' --seats random,greedy --games 4 --seed 5 --summary %s/s.json "
             "--records %s/rec",
             game, dir, dir);
    int rc = cli_run(a);
    if (rc != 0)
        fail_msg("tafel %s: exit %d: %s", a, rc, cli_err);
    snprintf(path, sizeof path, "%s/s.json", dir);
    json_error_t jerr;
    json_t *j = json_load_file(path, 0, &jerr);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "games")), 4);
    json_t *bots = json_object_get(j, "bots");
    assert_int_equal(json_array_size(bots), 2);
    double wins = 0;
    for (size_t i = 0; i < 2; i++) {
        json_t *b = json_array_get(bots, i);
        assert_string_equal(json_string_value(json_object_get(b, "spec")),
                            i ? "greedy" : "random");
        assert_int_equal(json_integer_value(json_object_get(b, "games")), 4);
        assert_non_null(json_object_get(b, "win_rate"));
        assert_non_null(json_object_get(b, "mean_score"));
        wins += json_number_value(json_object_get(b, "wins"));
    }
    assert_true(fabs(wins - 4) < 1e-9);
    json_decref(j);
    /* With --records only, the results file goes into the new records folder. */
    char rec2[200];
    snprintf(rec2, sizeof rec2, "%s/rec2/new", dir);
    snprintf(a, sizeof a, "arena '%s(players=2)' --seats random,greedy --games 2 --records %s",
             game, rec2);
    rc = cli_run(a);
    if (rc != 0)
        fail_msg("tafel %s: exit %d: %s", a, rc, cli_err);
    for (int k = 0; k < 3; k++) {
        if (k < 2)
            snprintf(path, sizeof path, "%s/game-%05d.json", rec2, k);
        else
            snprintf(path, sizeof path, "%s/results.jsonl", rec2);
        assert_int_equal(unlink(path), 0);
    }
    rmdir(rec2);
    snprintf(path, sizeof path, "%s/rec2", dir);
    rmdir(path);
    /* Every game's record replays; both seatings of a deal share its seed. */
    uint64_t seeds[4];
    for (int k = 0; k < 4; k++) {
        snprintf(path, sizeof path, "%s/rec/game-%05d.json", dir, k);
        tafel_record r;
        tafel_record_init(&r);
        char err[TAFEL_ERR_LEN];
        if (tafel_record_load(&r, path, err, sizeof err))
            fail_msg("%s: %s", path, err);
        tafel_game g;
        size_t bad;
        if (tafel_game_load(&g, r.game, err, sizeof err))
            fail_msg("%s: %s", path, err);
        void *st = malloc(g.type->state_size);
        if (tafel_record_replay(&r, &g, st, &bad, err, sizeof err))
            fail_msg("%s: %s", path, err);
        assert_true(tafel_is_terminal(&g, st));
        assert_string_equal(r.seats[k % 2], "random");
        assert_string_equal(r.seats[(k + 1) % 2], "greedy");
        seeds[k] = r.seed;
        free(st);
        tafel_record_free(&r);
        unlink(path);
    }
    assert_true(seeds[0] == seeds[1] && seeds[2] == seeds[3] && seeds[0] != seeds[2]);
    snprintf(path, sizeof path, "%s/rec", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/s.json", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/s.results.jsonl", dir);
    unlink(path);
    rmdir(dir);
}

/* Die Tafelrunde 2: the summary has the win rate by special card, one entry per player. */
static void test_special_cards(void **unused)
{
    (void)unused;
    const tafel_game_type *t = tafel_game_type_find("tafelrunde2");
    if (!t || !t->init) {
        skip();
        return;
    }
    char path[] = "/tmp/tafel-arena-tr2-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char a[512];
    snprintf(a, sizeof a, "arena tafelrunde2 --seats random,random,random --games 6 --summary %s",
             path);
    int rc = cli_run(a);
    if (rc != 0)
        fail_msg("tafel %s: exit %d: %s", a, rc, cli_err);
    json_error_t jerr;
    json_t *j = json_load_file(path, 0, &jerr);
    unlink(path);
    char results[64];
    snprintf(results, sizeof results, "%s.results.jsonl", path);
    unlink(results);
    assert_non_null(j);
    json_t *by = json_object_get(j, "by_label");
    assert_string_equal(json_string_value(json_object_get(by, "kind")), "special card");
    json_t *labels = json_object_get(by, "labels");
    long games = 0;
    double wins = 0;
    for (size_t i = 0; i < json_array_size(labels); i++) {
        json_t *l = json_array_get(labels, i);
        const char *name = json_string_value(json_object_get(l, "name"));
        assert_non_null(name);
        games += (long)json_integer_value(json_object_get(l, "games"));
        wins += json_number_value(json_object_get(l, "wins"));
    }
    assert_true(json_array_size(labels) >= 3 && json_array_size(labels) <= 4);
    assert_int_equal(games, 18);
    assert_true(fabs(wins - 6) < 1e-9);
    json_decref(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_summary_and_records),
        cmocka_unit_test(test_special_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
