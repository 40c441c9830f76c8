/* test_tr2_oldrec.c: Die Tafelrunde 2 records written before [D-7] changed (they name
 * zork_timing) replay exactly as they were played, under the earlier reading of Zork. */
#include "tr2_test.h"

#include <jansson.h>
#include <stdlib.h>

#include "tafel/record.h"

/* Two random-seat games recorded by `tafel arena` before the change (the "p" and "t" fields
 * left out: only "a" counts). In the first, player 0's Zork secures red 4 + yellow 2 after
 * scoring and phase 4 a red 3 on top; in the second, player 1's Zork secures red 2 + blue 3
 * before scoring and phase 4 a blue 3 on top. */
static const char *const tr2t_old_records[] = {
    "{\"format\":\"tafel-record\",\"version\":1,\"game\":\"tafelrunde2(players=2,"
    "bonus_needs_card=true,warning_protects_tie=true,zork_timing=after_scoring)\","
    "\"seats\":[\"random\",\"random\"],\"seed\":\"15237390958232903428\",\"actions\":["
    "111,118,117,127,123,133,121,120,129,122,130,132,127,135,136,136,142,140,5,17,28,22,51,6,"
    "51,59,125,128,126,120,143,142,135,141,138,2,17,14,28,27,3,51,19,8,51,52,60,125,134,134,"
    "119,9,20,51,43,51,52,132,122,128,133,142,143,136,137,140,28,6,18,0,12,2,23,27,12,51,60,"
    "53,124,123,129,131,25,51,13,20,31,86,53,126,124,131,119,139,9,15,22,10,24,10,0,59,121,"
    "127,130,119,22,51,51,53,134,121,131,130,142,141,139,138,139,139,137,24,4,16,10,5,0,22,"
    "51,56,120,125,122,127,136,6,2,15,51,10,16,51,56,129,128,128,126"
    "],\"result\":{\"scores\":[32,27]}}",
    "{\"format\":\"tafel-record\",\"version\":1,\"game\":\"tafelrunde2(players=2,"
    "bonus_needs_card=true,warning_protects_tie=true,zork_timing=before_scoring)\","
    "\"seats\":[\"random\",\"random\"],\"seed\":\"8817880822462381631\",\"actions\":["
    "111,117,118,123,129,121,122,132,122,130,119,126,125,138,143,140,143,136,7,6,8,15,5,12,"
    "26,0,51,23,55,130,125,123,134,139,138,136,8,22,51,20,51,57,131,132,120,126,139,142,139,"
    "142,136,8,51,15,51,59,134,131,124,120,10,25,15,26,2,36,27,3,51,51,56,59,121,127,127,119,"
    "13,12,0,17,8,4,3,24,24,51,16,53,55,128,133,129,133,135,24,16,20,28,4,51,28,14,51,60,128,"
    "122,124,130,18,7,2,17,16,19,29,31,51,75,56,121,126,131,126,137,140,25,14,15,5,16,23,51,"
    "60,123,119,123,119,136,141,139,23,0,0,8,18,8,51,53,131,122,130,124,135,142,141,142,137"
    "],\"result\":{\"scores\":[22,30]}}",
};

static void tr2t_parse(const char *text, tafel_record *r)
{
    char err[TAFEL_ERR_LEN];
    json_error_t jerr;
    json_t *j = json_loads(text, 0, &jerr);
    if (!j)
        fail_msg("embedded record: %s", jerr.text);
    tafel_record_init(r);
    if (tafel_record_from_json(r, j, err, sizeof err))
        fail_msg("embedded record: %s", err);
    json_decref(j);
}

/* Replays r under its own game string; 0 when every action is legal and the result matches. */
static int tr2t_replays(const tafel_record *r, tafel_game *g, tr2_state *s)
{
    char err[TAFEL_ERR_LEN];
    size_t bad;
    return tafel_record_replay(r, g, s, &bad, err, sizeof err);
}

static void test_old_records_replay(void **u)
{
    (void)u;
    static const int reading[] = {TR2_ZORK_EXTRA_AFTER, TR2_ZORK_EXTRA_BEFORE};
    static const int scores[][2] = {{32, 27}, {22, 30}};
    for (int i = 0; i < 2; i++) {
        tafel_record r;
        tafel_game g;
        tr2_state s;
        tr2t_parse(tr2t_old_records[i], &r);
        if (tr2t_replays(&r, &g, &s))
            fail_msg("old record %d does not replay", i);
        assert_int_equal(g.params[TR2_P_ZORK], reading[i]);
        assert_int_equal(s.phase, TR2_PH_END);
        assert_int_equal(tr2_gems_down(&s, 0), scores[i][0]);
        assert_int_equal(tr2_gems_down(&s, 1), scores[i][1]);
        /* Written again, the record names the reading by its new name, and still replays. */
        char err[TAFEL_ERR_LEN];
        json_t *j = tafel_record_to_json(&r, err, sizeof err);
        assert_non_null(j);
        tafel_record r2;
        tafel_record_init(&r2);
        assert_int_equal(tafel_record_from_json(&r2, j, err, sizeof err), 0);
        json_decref(j);
        tafel_game_to_string(&g, r2.game, sizeof r2.game);
        assert_non_null(strstr(r2.game, i ? "zork=extra_before_scoring"
                                          : "zork=extra_after_scoring"));
        tafel_record_free(&r2);
        /* The records do depend on the reading: under any other, they do not replay. */
        static const char *const others[] = {"budget_in_scoring", "budget_after_scoring",
                                             "extra_after_scoring", "extra_before_scoring"};
        for (int k = 0; k < 4; k++) {
            if (k == reading[i])
                continue;
            snprintf(r.game, sizeof r.game, "tafelrunde2(players=2,zork=%s)", others[k]);
            if (tr2t_replays(&r, &g, &s) == 0)
                fail_msg("old record %d also replays under zork=%s", i, others[k]);
        }
        tafel_record_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_old_records_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
