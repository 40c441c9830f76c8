/* test_record.c: every refusal of the record reader and of replay, each one line naming what is
 * wrong; loading what is not a record file; saving in the working folder. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tafel/record.h"

static void rec_refused(const char *json, const char *needle)
{
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    if (tafel_record_parse(&r, json, strlen(json), err, sizeof err) == 0)
        fail_msg("accepted: %s", json);
    if (strchr(err, '\n') || !strstr(err, needle))
        fail_msg("%s: '%s' does not name '%s'", json, err, needle);
    tafel_record_free(&r);
}

#define REC_HEAD "{\"format\":\"tafel-record\",\"version\":1,"

static void test_parse_refusals(void **st)
{
    (void)st;
    rec_refused("[1]", "not a JSON object");
    rec_refused("{\"a\":1,\"a\":2}", "line 1");
    rec_refused("{\"format\":\"other\"}", "\"format\" must be \"tafel-record\"");
    rec_refused("{\"format\":\"tafel-record\",\"version\":2}", "unsupported \"version\"");
    rec_refused(REC_HEAD "\"game\":5}", "missing or overlong \"game\"");
    char big[400];
    snprintf(big, sizeof big, REC_HEAD "\"game\":\"%0300d\"}", 0);
    rec_refused(big, "missing or overlong \"game\"");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seats\":{}}", "\"seats\" must be an array");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seats\":[1,2,3,4,5,6,7]}",
                "at most 6 strings");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seats\":[\"human\",3]}",
                "seat 1 is not a short string");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seed\":\"12x\"}", "not a decimal number");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seed\":\"\"}", "not a decimal number");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seed\":\"99999999999999999999999\"}",
                "not a decimal number");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seed\":-1}", "\"seed\" is not a number");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"seed\":1}", "\"actions\" must be an array");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[-1]}", "action 0: not an action");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[1,{\"a\":2147483648}]}",
                "action 1: not an action");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[],\"result\":{}}",
                "needs a \"scores\" array");
    rec_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[],\"result\":{\"scores\":[1,\"x\"]}}",
                "result score 1 is not an integer");
    /* The forms that are accepted: a seed as a number, actions as objects or numbers. */
    const char *ok = REC_HEAD "\"game\":\"targi\",\"seed\":7,\"actions\":[{\"a\":3},4]}";
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    assert_int_equal(tafel_record_parse(&r, ok, strlen(ok), err, sizeof err), 0);
    assert_int_equal(r.seed, 7);
    assert_int_equal(r.num_actions, 2);
    assert_int_equal(r.actions[1], 4);
    tafel_record_free(&r);
}

/* to_json: also refuse to serialise (an unknown game or an illegal action; the seat count and
 * the result are replay's to check). */
static void rec_replay_refused(const char *json, const char *needle, int to_json)
{
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    assert_int_equal(tafel_record_parse(&r, json, strlen(json), err, sizeof err), 0);
    tafel_game g;
    void *s = malloc(1 << 20);
    size_t bad;
    if (tafel_record_replay(&r, &g, s, &bad, err, sizeof err) == 0)
        fail_msg("replayed: %s", json);
    if (strchr(err, '\n') || !strstr(err, needle))
        fail_msg("%s: '%s' does not name '%s'", json, err, needle);
    if (to_json) {
        assert_null(tafel_record_to_json(&r, err, sizeof err));
        assert_null(strchr(err, '\n'));
    }
    free(s);
    tafel_record_free(&r);
}

static void test_replay_refusals(void **st)
{
    (void)st;
    rec_replay_refused(REC_HEAD "\"game\":\"chess\",\"actions\":[]}", "unknown game 'chess'", 1);
    rec_replay_refused(REC_HEAD "\"game\":\"targi\",\"seats\":[\"human\"],\"actions\":[999999]}",
                       "1 seats for a 2-player game", 0);
    rec_replay_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[999999]}", "action 0:", 1);
    rec_replay_refused(REC_HEAD "\"game\":\"targi\",\"actions\":[],\"result\":{\"scores\":[1,2]}}",
                       "the game is not over after 0 actions", 0);
}

/* A finished game whose stored scores are not the ones it ends with. */
static void test_replay_wrong_result(void **st)
{
    (void)st;
    tafel_game g;
    tafel_record r;
    void *s = check_random_record("targi", 11, &g, &r);
    g.type->scores(&g, s, r.scores);
    r.has_result = 1;
    char err[TAFEL_ERR_LEN];
    size_t bad;
    assert_int_equal(tafel_record_replay(&r, &g, s, &bad, err, sizeof err), 0);
    r.scores[1] += 1;
    assert_int_equal(tafel_record_replay(&r, &g, s, &bad, err, sizeof err), -1);
    assert_non_null(strstr(err, "result: player 1 scored"));
    assert_int_equal(bad, r.num_actions);
    free(s);
    tafel_record_free(&r);
}

static void test_load_not_a_record(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    assert_int_equal(tafel_record_load(&r, "/nonexistent/game.json", err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/game.json: No such file or directory");
    assert_int_equal(tafel_record_load(&r, "/", err, sizeof err), -1);
    assert_string_equal(err, "/: cannot read it");
    tafel_record_free(&r);
}

/* A bare file name is saved in the working folder. */
static void test_save_folders(void **st)
{
    (void)st;
    char dir[256], cwd[4096], err[TAFEL_ERR_LEN];
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/tafel-record-XXXXXX", t && *t ? t : "/tmp");
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    tafel_record r;
    tafel_record_init(&r);
    snprintf(r.game, sizeof r.game, "targi");
    assert_int_equal(tafel_record_save(&r, "bare.json", err, sizeof err), 0);
    tafel_record back;
    tafel_record_init(&back);
    assert_int_equal(tafel_record_load(&back, "bare.json", err, sizeof err), 0);
    assert_int_equal(strncmp(back.game, "targi(", 6), 0);
    assert_int_equal(unlink("bare.json"), 0);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(rmdir(dir), 0);
    tafel_record_free(&back);
    tafel_record_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_refusals),
        cmocka_unit_test(test_replay_refusals),
        cmocka_unit_test(test_replay_wrong_result),
        cmocka_unit_test(test_load_not_a_record),
        cmocka_unit_test(test_save_folders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
