/* test_tr2_info.c: Die Tafelrunde 2 hidden information (D-9, D-10, secret special cards),
 * notation, render and evaluate. */
#include "tr2_test.h"

#include <jansson.h>

/* Play a seeded random game until phase 2 of raid `raid` (or the end). */
static void play_to(const tafel_game *g, tr2_state *s, uint64_t seed, int raid)
{
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    tr2_init(g, s);
    int32_t legal[TR2_MAX_LEGAL];
    while (!(s->phase == TR2_PH_PLAY && s->raid >= raid) && s->phase != TR2_PH_END) {
        int p = tr2_current_player(g, s);
        int32_t a = p == TAFEL_CHANCE
                        ? tafel_sample_chance(g, s, &rng)
                        : legal[tafel_rng_below(&rng, (uint32_t)tr2_legal_actions(g, s, legal))];
        tr2_apply(g, s, a);
    }
}

static void test_view_hides_hands(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    play_to(&g, &s, 7, 1);
    json_t *v = tr2_view_json(&g, &s, 0);
    json_t *me = json_array_get(json_object_get(v, "players"), 0);
    json_t *other = json_array_get(json_object_get(v, "players"), 1);
    assert_int_equal(json_array_size(json_object_get(me, "hand")), tr2_popcount(s.hand[0]));
    assert_null(json_object_get(other, "hand"));
    assert_null(json_object_get(other, "draw_pile"));
    assert_int_equal(json_integer_value(json_object_get(other, "hand_size")),
                     tr2_popcount(s.hand[1]));
    assert_int_equal(json_integer_value(json_object_get(other, "draw_size")),
                     tr2_popcount(s.draw[1]));
    /* Secret special sets with 2 players: his own is known, the other's is not. */
    assert_true(json_is_string(json_object_get(me, "special")));
    assert_true(json_is_null(json_object_get(other, "special")));
    json_decref(v);
    v = tr2_view_json(&g, &s, -1); /* spectator: no hand at all */
    me = json_array_get(json_object_get(v, "players"), 0);
    assert_null(json_object_get(me, "hand"));
    assert_true(json_is_null(json_object_get(me, "special")));
    json_decref(v);

    /* info_hash: another deal of player 1's hidden cards is the same for player 0, not for 1. */
    tr2_state t = s;
    tafel_rng rng;
    tafel_rng_seed(&rng, 3);
    int differs = 0;
    for (int i = 0; i < 20; i++) {
        t = s;
        tr2_resample(&g, &t, 0, &rng);
        assert_int_equal(tr2_info_hash(&g, &t, 0), tr2_info_hash(&g, &s, 0));
        assert_int_equal(tr2_popcount(t.hand[1]), tr2_popcount(s.hand[1]));
        assert_int_equal(t.hand[0], s.hand[0]);
        assert_int_equal(t.draw[0], s.draw[0]);
        if (t.hand[1] != s.hand[1]) {
            differs = 1;
            assert_int_not_equal(tr2_info_hash(&g, &t, 1), tr2_info_hash(&g, &s, 1));
        }
    }
    assert_true(differs);
}

/* With fewer than 4 players the special cards are secret until played; 4 players: public. */
static void test_special_secret(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s, t;
    check_load(&g, "tafelrunde2(players=3)");
    play_to(&g, &s, 11, 1);
    tafel_rng rng;
    tafel_rng_seed(&rng, 9);
    int seen[4] = {0};
    for (int i = 0; i < 60; i++) {
        t = s;
        tr2_resample(&g, &t, 0, &rng);
        assert_int_equal(t.special[0], s.special[0]);
        assert_int_not_equal(t.special[1], t.special[0]);
        assert_int_not_equal(t.special[2], t.special[0]);
        assert_int_not_equal(t.special[1], t.special[2]);
        seen[t.special[1]] = 1;
    }
    assert_int_equal(seen[0] + seen[1] + seen[2] + seen[3], 3);
    /* Once played it is public: resample keeps it. */
    s.special_public |= 2;
    for (int i = 0; i < 20; i++) {
        t = s;
        tr2_resample(&g, &t, 0, &rng);
        assert_int_equal(t.special[1], s.special[1]);
    }
    check_load(&g, "tafelrunde2(players=4)");
    play_to(&g, &s, 11, 1);
    json_t *v = tr2_view_json(&g, &s, 0);
    for (int p = 0; p < 4; p++)
        assert_string_equal(
            json_string_value(json_object_get(json_array_get(json_object_get(v, "players"), p),
                                              "special")),
            tr2_special_names[p]);
    json_decref(v);
}

/* [D-10] Cards taken back into the hand after scoring are known to all and resample keeps them
 * there; [D-9] face-down chests show their values. */
static void test_known_cards_and_chests(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s, t;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special_public = 0;
    tr2t_give(&s, 0, BIT(RED5_BLUE2) | BIT(BLUE7) | BIT(YELLOW7));
    tr2t_give(&s, 1, BIT(RED7) | BIT(BLUE2_YELLOW5));
    tr2t_chest(&s, 1, BLUE3, 1);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play red5/blue2 as red");
    tr2t_do(&g, &s, "play red7");
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "pass");
    /* Player 1 won red; player 0's red5/blue2 went back into his hand in view of everyone. */
    assert_int_equal(s.known[0], BIT(RED5_BLUE2));
    json_t *v = tr2_view_json(&g, &s, 1);
    json_t *p0 = json_array_get(json_object_get(v, "players"), 0);
    json_t *known = json_object_get(p0, "known_hand");
    assert_int_equal(json_array_size(known), 1);
    assert_string_equal(json_string_value(json_array_get(known, 0)), "red5/blue2");
    json_t *down = json_object_get(json_array_get(json_object_get(v, "players"), 1), "face_down");
    assert_string_equal(json_string_value(json_array_get(down, 0)), "blue3");
    json_decref(v);
    tafel_rng rng;
    tafel_rng_seed(&rng, 1);
    for (int i = 0; i < 50; i++) {
        t = s;
        tr2_resample(&g, &t, 1, &rng);
        assert_true(t.hand[0] & BIT(RED5_BLUE2));
        assert_int_equal(tr2_popcount(t.hand[0]), 3);
        assert_int_equal(t.disc[0], s.disc[0]);
        assert_int_equal(tr2_info_hash(&g, &t, 1), tr2_info_hash(&g, &s, 1));
    }
}

static void roundtrip(const tafel_game *g, const tr2_state *s, const char *text, int32_t id)
{
    int32_t a = -1;
    char err[TAFEL_ERR_LEN], back[TAFEL_TEXT_LEN];
    if (tr2_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    assert_int_equal(a, id);
    tr2_action_to_text(g, s, a, back, sizeof back);
    assert_string_equal(back, text);
}

static void test_notation(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.phase = TR2_PH_DRAW;
    s.special[0] = TR2_ZORK;
    roundtrip(&g, &s, "play red5/blue2 as blue", TR2_A_CARD + RED5_BLUE2 * 2 + 1);
    roundtrip(&g, &s, "play red5/blue2 as red", TR2_A_CARD + RED5_BLUE2 * 2);
    roundtrip(&g, &s, "play yellow7", TR2_A_CARD + YELLOW7 * 2);
    roundtrip(&g, &s, "play feierabend", TR2_A_FEIERABEND);
    roundtrip(&g, &s, "play zork", TR2_A_ZORK);
    roundtrip(&g, &s, "play warnung red", TR2_A_WARN + TR2_RED);
    roundtrip(&g, &s, "play wiederbelebung take blue7", TR2_A_WIED + BLUE7);
    roundtrip(&g, &s, "play wiederbelebung take none", TR2_A_WIED + 15);
    roundtrip(&g, &s, "pass", TR2_A_PASS);
    roundtrip(&g, &s, "secure blue3", TR2_A_SECURE + BLUE3);
    roundtrip(&g, &s, "zork none", TR2_A_ZORKSET);
    roundtrip(&g, &s, "start player 1", TR2_A_START + 1);
    roundtrip(&g, &s, "special warnung", TR2_A_SPECIAL + TR2_WARNUNG);
    roundtrip(&g, &s, "draw red4/blue3", TR2_A_DRAW + RED4_BLUE3);
    roundtrip(&g, &s, "draw zork", TR2_A_DRAW + TR2_SPECIAL); /* player 0 draws his Zork */
    roundtrip(&g, &s, "reveal yellow3", TR2_A_REVEAL + YELLOW3);
    int32_t a, b;
    char err[TAFEL_ERR_LEN], text[TAFEL_TEXT_LEN];
    assert_int_equal(tr2_text_to_action(&g, &s, "zork blue2+red4", &a, err, sizeof err), 0);
    tr2_action_to_text(&g, &s, a, text, sizeof text);
    assert_string_equal(text, "zork red4+blue2");
    assert_int_equal(tr2_text_to_action(&g, &s, "Play RED7 as red", &b, err, sizeof err), 0);
    assert_int_equal(b, TR2_A_CARD + RED7 * 2);
    assert_int_equal(tr2_text_to_action(&g, &s, "play red5/blue2", &a, err, sizeof err), -1);
    assert_int_equal(tr2_text_to_action(&g, &s, "play red5/blue2 as yellow", &a, err, sizeof err),
                     -1);
    assert_int_equal(tr2_text_to_action(&g, &s, "play purple9", &a, err, sizeof err), -1);
    assert_int_equal(tr2_text_to_action(&g, &s, "zork red4+red4", &a, err, sizeof err), -1);
    assert_int_equal(tr2_text_to_action(&g, &s, "dance", &a, err, sizeof err), -1);
    assert_null(strchr(err, '\n'));
    /* Every action id has a distinct text that parses back (in a state where it makes sense). */
    for (int32_t id = 0; id < TR2_NUM_ACTIONS; id++) {
        if (id == TR2_A_START + 2 || id == TR2_A_START + 3)
            continue; /* no such player in a 2-player game */
        if (id < TR2_A_FEIERABEND && (id & 1) && !tr2_cards[id >> 1].val[1])
            continue; /* a 7 has no second bar: never used */
        tr2_action_to_text(&g, &s, id, text, sizeof text);
        if (tr2_text_to_action(&g, &s, text, &a, err, sizeof err) || a != id)
            fail_msg("id %d: '%s' does not parse back", id, text);
    }
}

/* [D-7] A Zork decision shows the budget left: in the view, the render and the move list. */
static void test_zork_decision_shown(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_ZORK;
    tr2t_give(&s, 0, BIT(TR2_SPECIAL) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED7));
    tr2t_chest(&s, 0, RED4, 0);
    tr2t_chest(&s, 0, BLUE3, 0);
    tr2t_chest(&s, 0, YELLOW2, 0);
    tr2_advance(&g, &s);
    json_t *v = tr2_view_json(&g, &s, 1);
    assert_true(json_is_null(json_object_get(v, "zork_budget")));
    json_decref(v);
    tr2t_do(&g, &s, "play zork");
    v = tr2_view_json(&g, &s, 1);
    assert_int_equal(json_integer_value(json_object_get(v, "zork_budget")), 6);
    assert_true(json_is_null(json_object_get(v, "next_colour")));
    json_decref(v);
    tr2t_do(&g, &s, "play red7");
    tr2t_do(&g, &s, "play blue7");
    /* Before red: the list says what each choice takes of the 6 gems. */
    assert_int_equal(s.phase, TR2_PH_ZORK);
    char text[TAFEL_TEXT_LEN], err[TAFEL_ERR_LEN];
    int32_t a;
    assert_int_equal(tr2_text_to_action(&g, &s, "zork red4", &a, err, sizeof err), 0);
    tr2_action_to_text(&g, &s, a, text, sizeof text);
    assert_string_equal(text, "zork red4 (4 of 6 gems)");
    roundtrip(&g, &s, "zork none (0 of 6 gems)", TR2_A_ZORKSET);
    assert_int_equal(tr2_text_to_action(&g, &s, "zork red4 (4 of 5 gems)", &a, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "6 gems left"));
    tr2t_do(&g, &s, "zork red4 (4 of 6 gems)");
    /* Before blue, 2 gems left. */
    assert_int_equal(s.phase, TR2_PH_ZORK);
    v = tr2_view_json(&g, &s, 1);
    assert_int_equal(json_integer_value(json_object_get(v, "zork_budget")), 2);
    assert_string_equal(json_string_value(json_object_get(v, "next_colour")), "blue");
    json_decref(v);
    char buf[8192];
    tr2_render(&g, &s, 0, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "Zork: player 0 may secure face-up chests of up to 2 gems before "
                                "blue is scored"));
    assert_non_null(strstr(buf, "zork (2 gems left)"));
    roundtrip(&g, &s, "zork yellow2 (2 of 2 gems)", TR2_A_ZORKSET + 7);
    assert_int_equal(tr2_text_to_action(&g, &s, "zork blue3", &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "only 2 gems left"));
    /* The estimate: his budget can still secure the yellow 2 (and the blue 2 he is winning),
     * not the blue 3. */
    double e[TR2_MAXP];
    tr2_evaluate(&g, &s, e);
    tr2_state t = s;
    t.zork_left = 6;
    double more[TR2_MAXP];
    tr2_evaluate(&g, &t, more);
    assert_true(more[0] > e[0]);
    tr2t_do(&g, &s, "zork none");
    tr2_render(&g, &s, 0, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "up to 2 gems after the colours are scored"));
}

static void test_render_and_evaluate(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    play_to(&g, &s, 5, 3);
    char buf[8192], small[16];
    int n = tr2_render(&g, &s, 1, 0, buf, sizeof buf);
    assert_true(n > 100 && n < (int)sizeof buf);
    assert_int_equal((int)strlen(buf), n);
    assert_non_null(strstr(buf, "Centre"));
    assert_non_null(strstr(buf, "Player 1 (you)"));
    assert_non_null(strstr(buf, "start player"));
    assert_null(strstr(buf, "\033["));
    /* Only the viewer's hand is listed. */
    char *first = strstr(buf, "\n    hand:");
    assert_non_null(first);
    assert_null(strstr(first + 1, "\n    hand:"));
    assert_int_equal(tr2_render(&g, &s, 1, 0, small, sizeof small), n);
    assert_int_equal((int)strlen(small), 15);
    int m = tr2_render(&g, &s, 1, 1, buf, sizeof buf);
    assert_true(m > n);
    assert_non_null(strstr(buf, "\033[1;31m"));

    double e[TR2_MAXP];
    int sc[TR2_MAXP];
    tr2_evaluate(&g, &s, e);
    tr2_scores(&g, &s, sc);
    for (int p = 0; p < 3; p++)
        assert_true(e[p] >= sc[p]);
    /* At the end the estimate is the score. */
    play_to(&g, &s, 5, 1000);
    assert_int_equal(s.phase, TR2_PH_END);
    tr2_evaluate(&g, &s, e);
    tr2_scores(&g, &s, sc);
    for (int p = 0; p < 3; p++)
        assert_float_equal(e[p], sc[p], 1e-12);
}

/* During phase 2 the estimate counts the chests the cards on the table would win. */
static void test_evaluate_play(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    double before[TR2_MAXP], after[TR2_MAXP];
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(YELLOW7));
    tr2t_chest(&s, -1, RED4, 0);
    tr2t_chest(&s, 1, RED3, 0);
    tr2_advance(&g, &s);
    tr2_evaluate(&g, &s, before);
    tr2t_do(&g, &s, "play red7");
    tr2_evaluate(&g, &s, after);
    assert_true(after[0] > before[0] + 3);
    assert_true(after[1] < before[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_hides_hands),
        cmocka_unit_test(test_special_secret),
        cmocka_unit_test(test_known_cards_and_chests),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_zork_decision_shown),
        cmocka_unit_test(test_render_and_evaluate),
        cmocka_unit_test(test_evaluate_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
