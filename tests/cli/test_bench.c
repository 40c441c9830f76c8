/* test_bench.c: `tafel bench` quotes medians and spreads over passes, prints them as JSON on
 * request, keeps its fingerprints, probes the host's own speed, and refuses bad options with one
 * line. */
#include "check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run `tafel ARGS`; stdout into out, stderr into err (either may be NULL). Returns the status. */
static int bench_run(const char *args, char *out, size_t olen, char *err, size_t elen)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char to[] = "/tmp/tafel-bench-out-XXXXXX", te[] = "/tmp/tafel-bench-err-XXXXXX";
    int fo = mkstemp(to), fe = mkstemp(te);
    assert_true(fo >= 0 && fe >= 0);
    close(fo);
    close(fe);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s %s </dev/null >%s 2>%s", bin, args, to, te);
    int st = system(cmd);
    const char *paths[2] = {to, te};
    char *bufs[2] = {out, err};
    size_t lens[2] = {olen, elen};
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(paths[i], "r");
        assert_non_null(f);
        if (bufs[i]) {
            size_t n = fread(bufs[i], 1, lens[i] - 1, f);
            bufs[i][n] = 0;
        }
        fclose(f);
        unlink(paths[i]);
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static long long bench_fingerprint(const char *spec, long games)
{
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load(&g, spec, err, sizeof err), 0);
    return tafel_random_games(&g, 0, games);
}

static void bench_check_stats(const json_t *s, const char *what)
{
    double v[5];
    const char *keys[5] = {"min", "q1", "median", "q3", "max"};
    for (int i = 0; i < 5; i++) {
        json_t *x = json_object_get(s, keys[i]);
        if (!json_is_number(x))
            fail_msg("%s: no %s", what, keys[i]);
        v[i] = json_number_value(x);
        if (!(v[i] > 0))
            fail_msg("%s: %s is %g", what, keys[i], v[i]);
        if (i && v[i] < v[i - 1])
            fail_msg("%s: %s %g below %s %g", what, keys[i], v[i], keys[i - 1], v[i - 1]);
    }
}

/* --json: one document with every figure as median, quartiles and range; the fingerprints equal
 * the library's and the text output's. */
static void test_bench_json(void **unused)
{
    (void)unused;
    static char out[65536], text[8192];
    assert_int_equal(bench_run("bench targi --games 50 --passes 3 --seconds 0.02 --json", out,
                               sizeof out, NULL, 0), 0);
    json_error_t je;
    json_t *doc = json_loads(out, 0, &je);
    if (!doc)
        fail_msg("not JSON (%s): %s", je.text, out);
    assert_int_equal(json_integer_value(json_object_get(doc, "passes")), 3);
    json_t *arr = json_object_get(doc, "bench");
    assert_int_equal(json_array_size(arr), 1);
    json_t *b = json_array_get(arr, 0);
    assert_non_null(strstr(json_string_value(json_object_get(b, "game")), "targi("));
    json_t *r = json_object_get(b, "random"), *m = json_object_get(b, "mcts");
    bench_check_stats(json_object_get(r, "games_per_s"), "games/s");
    bench_check_stats(json_object_get(r, "actions_per_s"), "actions/s");
    bench_check_stats(json_object_get(m, "iterations_per_s"), "iterations/s");
    assert_int_equal(json_integer_value(json_object_get(r, "fingerprint_games")), 50);
    assert_true(json_integer_value(json_object_get(r, "fingerprint_actions")) ==
                bench_fingerprint("targi", 50));
    long long nodes = json_integer_value(json_object_get(m, "nodes"));
    const char *dec = json_string_value(json_object_get(m, "decisions"));
    assert_true(nodes > 0);
    assert_non_null(dec);
    assert_int_equal(strlen(dec), 16);
    /* the host probe before and after the game's figures */
    json_t *h = json_object_get(b, "host_steps_per_s");
    assert_true(json_number_value(json_object_get(h, "before")) > 1e6);
    assert_true(json_number_value(json_object_get(h, "after")) > 1e6);
    /* the text output of a quick run prints the same fingerprints */
    assert_int_equal(bench_run("bench targi --games 50 --quick", text, sizeof text, NULL, 0), 0);
    char want[128];
    snprintf(want, sizeof want, "fingerprint:   %lld actions",
             (long long)json_integer_value(json_object_get(r, "fingerprint_actions")));
    if (!strstr(text, want))
        fail_msg("'%s' not in %s", want, text);
    snprintf(want, sizeof want, "search:        %lld nodes, decisions %s (fingerprint)", nodes,
             dec);
    if (!strstr(text, want))
        fail_msg("'%s' not in %s", want, text);
    json_decref(doc);
}

/* The text output quotes a median with its range and the number of passes. */
static void test_bench_text_spread(void **unused)
{
    (void)unused;
    char out[8192], err[1024];
    assert_int_equal(bench_run("bench 'tafelrunde2(players=2)' --games 20 --passes 3 "
                               "--seconds 0.02", out, sizeof out, err, sizeof err), 0);
    assert_string_equal(err, "");
    const char *lines[2] = {"random games:  median ", "mcts:          median "};
    for (int i = 0; i < 2; i++) {
        const char *l = strstr(out, lines[i]);
        if (!l)
            fail_msg("no '%s' in %s", lines[i], out);
        double med = atof(l + strlen(lines[i])), lo = 0, hi = 0;
        const char *mn = strstr(l, "(min ");
        assert_non_null(mn);
        assert_int_equal(sscanf(mn, "(min %lf, max %lf", &lo, &hi), 2);
        if (!(lo > 0 && lo <= med && med <= hi))
            fail_msg("median %g outside [%g, %g]: %s", med, lo, hi, out);
    }
    assert_non_null(strstr(out, "3 passes of >= 0.02 s"));
    assert_non_null(strstr(out, "8 positions, 3 passes"));
    /* and the host probe: positive rates before and after */
    const char *h = strstr(out, "host:          ");
    double before = 0, after = 0;
    if (!h || sscanf(h, "host: %lf M steps/s before, %lf M after", &before, &after) != 2 ||
        !(before > 1 && after > 1))
        fail_msg("no host probe line in %s", out);
}

static void bench_refused(const char *args, const char *needle)
{
    char out[4096], err[4096];
    int rc = bench_run(args, out, sizeof out, err, sizeof err);
    if (rc != 2 || !strstr(err, needle) || strchr(err, '\n') != err + strlen(err) - 1 || *out)
        fail_msg("tafel %s: exit %d, stdout '%s', stderr '%s'", args, rc, out, err);
}

static void test_bench_bad_options(void **unused)
{
    (void)unused;
    bench_refused("bench targi --passes 0", "--passes needs a number from 1 to 100, not '0'");
    bench_refused("bench targi --passes 101", "--passes");
    bench_refused("bench targi --passes 2.5", "--passes needs a whole number, not '2.5'");
    bench_refused("bench targi --passes x", "--passes");
    bench_refused("bench targi --seconds -1", "--seconds needs a number from 0 to 3600");
    bench_refused("bench targi --seconds 1s", "not '1s'");
    bench_refused("bench targi --seconds nan", "--seconds");
    bench_refused("bench chess --json --quick", "chess");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bench_json),
        cmocka_unit_test(test_bench_text_spread),
        cmocka_unit_test(test_bench_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
