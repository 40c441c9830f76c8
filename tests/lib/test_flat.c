/* test_flat.c: the flat entry point (flat.h) through libtafel.so, so that the sanitizer build
 * runs what the Python package calls (its pytest runs only in the optimised build): refusals
 * with one-line reasons and nothing changed, and every game's observation tensor written in
 * exactly the floats its shape promises (a buffer of that size: ASan catches one more). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tafel/flat.h"

static const char *const flat_games[] = {"carcassonne", "carcassonne(players=5)", "targi",
                                         "tafelrunde2", "tafelrunde2(players=3)"};

static void test_refusals(void **unused)
{
    (void)unused;
    char err[TAFEL_ERR_LEN];
    assert_null(tafel_flat_game_new("chess", err, sizeof err));
    assert_non_null(strstr(err, "unknown game 'chess'"));
    assert_null(tafel_flat_game_new(NULL, err, sizeof err));
    tafel_game *g = tafel_flat_game_new("targi", err, sizeof err);
    assert_non_null(g);
    void *s = tafel_flat_state_new(g);
    void *copy = tafel_flat_state_clone(g, s);
    assert_int_equal(tafel_flat_apply(g, s, -5, err, sizeof err), TAFEL_FLAT_REFUSED);
    assert_int_equal(tafel_flat_apply(g, s, 1 << 30, err, sizeof err), TAFEL_FLAT_REFUSED);
    assert_non_null(strstr(err, "not a possible chance outcome"));
    assert_true(tafel_flat_state_equal(g, s, copy));
    char buf[TAFEL_TEXT_LEN];
    assert_int_equal(tafel_flat_action_to_string(g, s, 1 << 30, buf, sizeof buf, err,
                                                 sizeof err), -1);
    assert_null(tafel_flat_view_json(g, s, 2, err, sizeof err));
    assert_string_equal(err, "player 2 is not -1 or 0 to 1");
    assert_int_equal(tafel_flat_resample(g, s, -2, 1, err, sizeof err), -1);
    float t[4];
    assert_int_equal(tafel_flat_observation_tensor(g, s, 0, t, 4, err, sizeof err), -1);
    assert_non_null(strstr(err, "floats"));
    assert_int_equal(tafel_flat_observation_tensor(g, s, -1, t, 4, err, sizeof err), -1);
    assert_null(tafel_flat_bot_new(g, "human", 0, 1, err, sizeof err));
    assert_null(tafel_flat_bot_new(g, "random", 2, 1, err, sizeof err));
    tafel_bot *bot = tafel_flat_bot_new(g, "random", 0, 1, err, sizeof err);
    assert_non_null(bot);
    assert_int_equal(tafel_flat_bot_choose(bot, s, err, sizeof err), -1);
    assert_non_null(strstr(err, "chance"));
    tafel_flat_bot_free(bot);
    assert_null(tafel_flat_record_normalize("{\"format\": 1", err, sizeof err));
    assert_null(tafel_flat_record_normalize("{\"format\":\"tafel-record\",\"version\":1,"
                                            "\"game\":\"targi\",\"actions\":[100000]}",
                                            err, sizeof err));
    assert_non_null(strstr(err, "action 0"));
    assert_null(tafel_flat_record_load("/nonexistent/record.json", err, sizeof err));
    assert_true(strchr(err, '\n') == NULL);
    tafel_flat_state_free(copy);
    tafel_flat_state_free(s);
    tafel_flat_game_free(g);
}

/* Records reach the flat layer through the core parser, so its limits hold for Python too:
 * a record nested past TAFEL_RECORD_MAX_DEPTH is refused by name, from text and from a file. */
static void test_record_limits(void **unused)
{
    (void)unused;
    char err[TAFEL_ERR_LEN], deep[128] = "{\"format\":\"tafel-record\",\"version\":1,"
                                        "\"game\":\"targi\",\"actions\":[],\"x\":";
    size_t n = strlen(deep);
    for (int i = 0; i < 20; i++)
        deep[n++] = '[';
    for (int i = 0; i < 20; i++)
        deep[n++] = ']';
    deep[n++] = '}';
    deep[n] = 0;
    assert_null(tafel_flat_record_normalize(deep, err, sizeof err));
    assert_non_null(strstr(err, "nested deeper than the limit of 16 levels"));
    char path[] = "/tmp/tafel-test-flat-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(deep, f);
    fclose(f);
    err[0] = 0;
    assert_null(tafel_flat_record_load(path, err, sizeof err));
    assert_non_null(strstr(err, "nested deeper than the limit of 16 levels"));
    unlink(path);
}

static void test_tensors_fit_their_shape(void **unused)
{
    (void)unused;
    char err[TAFEL_ERR_LEN];
    /* Not linked with tests/support (its static engine would shadow the library's). */
    int scale = getenv("TAFEL_SANITIZE") ? 1 : 4;
    for (size_t i = 0; i < sizeof flat_games / sizeof *flat_games; i++) {
        tafel_game *g = tafel_flat_game_new(flat_games[i], err, sizeof err);
        assert_non_null(g);
        int shape[4];
        assert_int_equal(tafel_flat_observation_shape(g, shape), 1);
        assert_true(shape[0] > 0);
        float *t = malloc((size_t)shape[0] * sizeof *t);
        for (int seed = 0; seed < scale; seed++) {
            void *s = tafel_flat_state_new(g);
            for (int n = 0, p = tafel_flat_current_player(g, s); p != TAFEL_TERMINAL; n++) {
                for (int v = 0; v < tafel_flat_num_players(g); v++)
                    assert_int_equal(tafel_flat_observation_tensor(g, s, v, t, (size_t)shape[0],
                                                                   err, sizeof err),
                                     shape[0]);
                int32_t legal[1024];
                int32_t a;
                if (p == TAFEL_CHANCE) {
                    a = tafel_flat_sample_chance(g, s, (uint64_t)(seed * 1000 + n), err,
                                                 sizeof err);
                } else {
                    int k = tafel_flat_legal_actions(g, s, legal);
                    a = legal[(n * 7 + seed) % k];
                }
                p = tafel_flat_apply(g, s, a, err, sizeof err);
                assert_int_not_equal(p, TAFEL_FLAT_REFUSED);
            }
            tafel_flat_state_free(s);
        }
        free(t);
        tafel_flat_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_record_limits),
        cmocka_unit_test(test_tensors_fit_their_shape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
