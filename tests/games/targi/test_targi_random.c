/* test_targi_random.c: random-playout invariants (check_random_games), the fingerprint, hidden
 * information (view, info_hash, resample), notation and the drawing. */
#include "targi_gates.h"
#include "check_chance.h"

#include <jansson.h>

#define TARGI_FINGERPRINT_1000 210003LL

/* Conservation and limits, then the gates (targi_gates.h; every option set: test_targi_gates). */
static int rand_invariant(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const targi_state *s = state;
    int tribe = __builtin_popcountll(s->tdeck) + __builtin_popcountll(s->tdisc);
    int goods = s->gdeck_n;
    int gsum = 0;
    for (int t = 0; t < TG_NGOODS_TYPES; t++) {
        gsum += s->gdeck[t];
        goods += s->gdisc[t];
    }
    if (gsum != s->gdeck_n) {
        snprintf(err, errlen, "goods deck count %d != %d", gsum, s->gdeck_n);
        return -1;
    }
    if (s->tdeck & s->tdisc) {
        snprintf(err, errlen, "a tribe card in deck and discard");
        return -1;
    }
    for (int c = 0; c < 9; c++) {
        if (s->cell_card[c] == TG_NONE)
            continue;
        if (s->cell_kind[c] == TG_KIND_GOODS)
            goods++;
        else
            tribe++;
    }
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &s->pl[p];
        if (pl->goods[0] > 80 || pl->goods[1] > 80 || pl->goods[2] > 80 || pl->gold > 80 ||
            pl->vp > 1000) {
            snprintf(err, errlen, "player %d: negative (wrapped) resources", p);
            return -1;
        }
        if (pl->ncards > 12 || pl->ncards != pl->rowlen[0] + pl->rowlen[1] + pl->rowlen[2] ||
            pl->rowlen[0] > 4 || pl->rowlen[1] > 4 || pl->rowlen[2] > 4 ||
            __builtin_popcountll(pl->owned) != pl->ncards) {
            snprintf(err, errlen, "player %d: bad display (%d cards)", p, pl->ncards);
            return -1;
        }
        tribe += pl->ncards + (pl->hand != TG_NONE);
        unsigned placed = 0;
        for (int i = 0; i < pl->ntargi; i++)
            placed |= 1u << pl->targi[i];
        if ((pl->open_targi & ~placed) || (s->stage == TG_ST_PLACE && pl->open_targi != placed)) {
            snprintf(err, errlen, "player %d: open Targi %x, placed %x", p, pl->open_targi,
                     placed);
            return -1;
        }
        if (s->stage != TG_ST_ACT && s->stage != TG_ST_OVER && s->stage != TG_ST_SETUP &&
            (pl->gold > 3 + 2 || targi_goods_total(pl) > 10 + 8) && s->stage == TG_ST_PLACE) {
            snprintf(err, errlen, "player %d: limits not applied", p);
            return -1;
        }
        if (s->stage == TG_ST_PLACE && (pl->gold > 3 || targi_goods_total(pl) > 10)) {
            snprintf(err, errlen, "player %d: limits not applied (%d goods, %d gold)", p,
                     targi_goods_total(pl), pl->gold);
            return -1;
        }
    }
    if ((s->pend == TG_P_TRIBE && s->pend_cell == TG_NONE) ||
        (s->pend == TG_P_PAY && s->pend_via == TG_VIA_DRAWN) || s->pend == TG_P_ROW)
        tribe++;
    if (goods != 19 || tribe != 45) {
        snprintf(err, errlen, "cards not conserved: %d goods, %d tribe", goods, tribe);
        return -1;
    }
    return tgt_gate_check(g, state, err, errlen);
}

static void test_random_games(void **unused)
{
    (void)unused;
    tafel_game g;
    tgt_load(&g, "");
    int scale = check_sanitized() ? 10 : 1;
    check_opts o = {.games = 10000 / scale, .seed = 1, .deep_every = 211, .records = 1,
                    .invariant = rand_invariant};
    long long n = check_random_games(&g, &o);
    assert_true(n > 1000000 / scale);
    /* every state checked deeply, fewer games */
    check_opts deep = {.games = 100 / scale, .seed = 77777, .deep_every = 1, .records = 1,
                       .invariant = rand_invariant};
    check_random_games(&g, &deep);
}

static void test_random_games_options(void **unused)
{
    (void)unused;
    tafel_game g;
    int scale = check_sanitized() ? 10 : 1;
    tgt_load(&g, "tribe_rule=kosmos,trade_mixed_goods=true,raid_shortfall_to_opponent=true");
    check_opts o = {.games = 1000 / scale, .seed = 5, .deep_every = 23, .records = 1,
                    .invariant = rand_invariant};
    check_random_games(&g, &o);
}

static void test_fingerprint(void **unused)
{
    (void)unused;
    tafel_game g;
    tgt_load(&g, "");
    long long n = tafel_random_games(&g, 0, 1000);
    assert_int_equal(n, TARGI_FINGERPRINT_1000);
}

/* The sample_chance hook picks the generic walk's outcome at every chance node (goods and tribe
 * decks, start player, reshuffled decks), for boundary and random r. */
static void test_sample_chance_hook(void **unused)
{
    (void)unused;
    tafel_game g;
    int scale = check_sanitized() ? 10 : 1;
    tgt_load(&g, "");
    long nodes = check_sample_chance(&g, 11, 300 / scale, 8);
    assert_true(nodes > 300 / scale * 20);
    tgt_load(&g, "tribe_rule=kosmos,trade_mixed_goods=true");
    check_sample_chance(&g, 77, 100 / scale, 8);
}

/* targi_sample_draw(x) is targi_sample_chance(tafel_rng_double_from(x)) at every chance node of
 * random games, for random draws and for draws whose double lies at, or one or two steps of
 * 2^-53 from, each boundary between two outcomes (where the walk decides). */
static void test_sample_draw(void **unused)
{
    (void)unused;
    tafel_game g;
    tgt_load(&g, "");
    tafel_rng rng;
    tafel_rng_seed(&rng, 5);
    tafel_chance out[TG_MAX_LEGAL];
    long nodes = 0, draws = 0;
    int games = check_sanitized() ? 20 : 200;
    for (int i = 0; i < games; i++) {
        targi_state s;
        targi_init(&g, &s);
        while (targi_current_player(&g, &s) != TAFEL_TERMINAL) {
            if (targi_current_player(&g, &s) != TAFEL_CHANCE) {
                int32_t legal[TG_MAX_LEGAL];
                int n = targi_legal_actions(&g, &s, legal);
                targi_apply(&g, &s, legal[tafel_rng_below(&rng, (uint32_t)n)]);
                continue;
            }
            nodes++;
            uint64_t xs[4 + 5 * TG_MAX_LEGAL];
            int m = 0;
            for (int k = 0; k < 4; k++)
                xs[m++] = tafel_rng_next(&rng);
            int n = targi_chance_outcomes(&g, &s, out);
            double acc = 0;
            for (int k = 0; k < n; k++) {
                acc += out[k].prob;
                uint64_t u = (uint64_t)(acc * 0x1p53);
                for (int d = -2; d <= 2; d++)
                    if ((int64_t)u + d >= 0 && u + (uint64_t)d < (1ull << 53))
                        xs[m++] = (u + (uint64_t)d) << 11 | (tafel_rng_next(&rng) & 0x7ff);
            }
            for (int k = 0; k < m; k++, draws++) {
                int32_t want = targi_sample_chance(&g, &s, tafel_rng_double_from(xs[k]));
                int32_t got = targi_sample_draw(&g, &s, xs[k]);
                if (got != want)
                    fail_msg("game %d, draw %#llx: sample_draw %d, sample_chance %d", i,
                             (unsigned long long)xs[k], got, want);
            }
            targi_apply(&g, &s, targi_sample_draw(&g, &s, xs[0]));
        }
    }
    assert_true(nodes > games * 20);
    assert_true(draws > nodes * 20);
}

/* Find a state (random play) where player `holder` has a secret hand card. */
static int find_secret_hand(const tafel_game *g, targi_state *s, int *holder)
{
    for (uint64_t seed = 1; seed < 2000; seed++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, seed);
        targi_init(g, s);
        while (targi_current_player(g, s) != TAFEL_TERMINAL) {
            for (int p = 0; p < 2; p++)
                if (s->pl[p].hand != TG_NONE && s->pl[p].hand_secret) {
                    *holder = p;
                    return 1;
                }
            int32_t a;
            if (s->chance) {
                a = tafel_sample_chance(g, s, &rng);
            } else {
                int32_t out[TG_MAX_LEGAL];
                int n = targi_legal_actions(g, s, out);
                a = out[tafel_rng_below(&rng, (uint32_t)n)];
            }
            targi_apply(g, s, a);
        }
    }
    return 0;
}

static void test_hidden_hand(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s, t;
    tgt_load(&g, "");
    int p = 0;
    assert_true(find_secret_hand(&g, &s, &p));
    json_t *own = targi_view_json(&g, &s, p), *opp = targi_view_json(&g, &s, 1 - p);
    json_t *oh = json_object_get(json_array_get(json_object_get(own, "players"), (size_t)p),
                                 "hand");
    json_t *ph = json_object_get(json_array_get(json_object_get(opp, "players"), (size_t)p),
                                 "hand");
    assert_string_equal(json_string_value(oh), targi_tribe[s.pl[p].hand].label);
    assert_string_equal(json_string_value(ph), "hidden");
    json_decref(own);
    json_decref(opp);
    /* another hand card from the deck: the opponent cannot tell, the holder can */
    t = s;
    int other = __builtin_ctzll(t.tdeck);
    t.tdeck &= ~(1ull << other);
    t.tdeck |= 1ull << t.pl[p].hand;
    t.pl[p].hand = (uint8_t)other;
    t.pl[p].hand_gen = s.pl[p].hand_gen;
    if (t.tgen == s.pl[p].hand_gen) {
        assert_true(targi_info_hash(&g, &s, 1 - p) == targi_info_hash(&g, &t, 1 - p));
        assert_true(targi_info_hash(&g, &s, p) != targi_info_hash(&g, &t, p));
    }
    /* resample for the opponent keeps his view */
    tafel_rng rng;
    tafel_rng_seed(&rng, 3);
    int changed = 0;
    for (int i = 0; i < 50; i++) {
        t = s;
        targi_resample(&g, &t, 1 - p, &rng);
        assert_true(targi_info_hash(&g, &t, 1 - p) == targi_info_hash(&g, &s, 1 - p));
        changed |= t.pl[p].hand != s.pl[p].hand;
        /* the holder's own resample keeps his card */
        t = s;
        targi_resample(&g, &t, p, &rng);
        assert_int_equal(t.pl[p].hand, s.pl[p].hand);
    }
    assert_true(changed);
}

static void test_face_down_hidden(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {1, 9, 15, 6, 11, 7};
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "take 1,1 G4 DD");
    tgt_do(&g, &s, "draw O3");
    for (int v = -1; v < 2; v++) {
        json_t *j = targi_view_json(&g, &s, v);
        json_t *cell = json_array_get(json_object_get(j, "centre"), 0);
        assert_string_equal(json_string_value(json_object_get(cell, "card")), "hidden");
        json_decref(j);
    }
    tafel_rng rng;
    tafel_rng_seed(&rng, 9);
    int changed = 0;
    for (int i = 0; i < 30; i++) {
        targi_state t = s;
        targi_resample(&g, &t, 0, &rng);
        changed |= t.cell_card[0] != s.cell_card[0];
        assert_true(targi_info_hash(&g, &t, 0) == targi_info_hash(&g, &s, 0));
        assert_true(!(t.tdeck >> t.cell_card[0] & 1));
        assert_int_equal(__builtin_popcountll(t.tdeck), __builtin_popcountll(s.tdeck));
    }
    assert_true(changed);
}

/* A face-down card laid before a reshuffle came from the old deck: resample never exchanges it
 * with the new deck (whose content the viewer knows: the old discard pile). */
static void test_resample_generations(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {2, 1, 7, 3, 5, 6}; /* A: (1,2) C1 and (3,2) A1 */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "discard C1");
    tgt_do(&g, &s, "draw G12"); /* face down, generation 0 */
    /* the goods deck runs dry and is refilled from the discards: generation 1 */
    memset(s.gdeck, 0, sizeof s.gdeck);
    s.gdeck_n = 0;
    memset(s.gdisc, 0, sizeof s.gdisc);
    s.gdisc[tgt_goods("G5")] = 3;
    tgt_do(&g, &s, "discard A1");
    assert_int_equal(s.ggen, 1);
    tgt_do(&g, &s, "draw G5"); /* face down, generation 1 */
    tafel_rng rng;
    tafel_rng_seed(&rng, 4);
    for (int i = 0; i < 40; i++) {
        targi_state t = s;
        targi_resample(&g, &t, 1, &rng);
        assert_int_equal(t.cell_card[tgt_cell(1, 2)], tgt_goods("G12"));
        assert_int_equal(t.cell_card[tgt_cell(3, 2)], tgt_goods("G5"));
        assert_int_equal(t.gdeck[tgt_goods("G5")], 2);
    }
}

/* targi_can_pay (constant time) agrees with the enumeration of payments, in random positions. */
static void test_can_pay_matches_options(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int games = check_sanitized() ? 5 : 30;
    for (int gi = 0; gi < games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, 500 + (uint64_t)gi);
        targi_init(&g, &s);
        while (targi_current_player(&g, &s) != TAFEL_TERMINAL) {
            int32_t opts[TG_MAX_LEGAL];
            for (int p = 0; p < 2; p++)
                for (int c = 0; c < TG_NTRIBE; c++)
                    for (int via = 0; via < 4; via++)
                        assert_int_equal(targi_can_pay(&s, p, c, via),
                                         targi_pay_options(&s, p, c, via, 0, opts) > 0);
            int32_t a;
            if (s.chance) {
                a = tafel_sample_chance(&g, &s, &rng);
            } else {
                int32_t out[TG_MAX_LEGAL];
                int n = targi_legal_actions(&g, &s, out);
                a = out[tafel_rng_below(&rng, (uint32_t)n)];
            }
            targi_apply(&g, &s, a);
        }
    }
}

/* Every policy ends the game: here ones that never say "done" or "end" while they can do
 * anything else (the first, or the last, of the other legal actions). */
static void test_stubborn_policies_end(void **unused)
{
    (void)unused;
    const char *specs[2] = {"", "trade_mixed_goods=true"};
    for (int k = 0; k < 2; k++) {
        tafel_game g;
        targi_state s;
        tgt_load(&g, specs[k]);
        for (int gi = 0; gi < 40; gi++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, 900 + (uint64_t)gi);
            targi_init(&g, &s);
            long steps = 0;
            while (targi_current_player(&g, &s) != TAFEL_TERMINAL) {
                int32_t a;
                if (s.chance) {
                    a = tafel_sample_chance(&g, &s, &rng);
                } else {
                    int32_t out[TG_MAX_LEGAL], keep[TG_MAX_LEGAL];
                    int n = targi_legal_actions(&g, &s, out), m = 0;
                    for (int i = 0; i < n; i++)
                        if (out[i] != TG_A_END && out[i] != TG_A_DONE)
                            keep[m++] = out[i];
                    a = m ? keep[gi % 2 ? m - 1 : 0] : out[0];
                }
                targi_apply(&g, &s, a);
                assert_true(++steps < 5000);
            }
        }
    }
}

static void test_notation(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    char buf[TAFEL_TEXT_LEN];
    targi_action_to_text(&g, &s, TG_A_PLACE + 5, buf, sizeof buf);
    assert_string_equal(buf, "targi 5 Trader");
    int32_t a;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(targi_text_to_action(&g, &s, "targi 5", &a, err, sizeof err), 0);
    assert_int_equal(a, TG_A_PLACE + 5);
    assert_int_equal(targi_text_to_action(&g, &s, "Targi 14 Tribal Expansion", &a, err,
                                          sizeof err), 0);
    assert_int_equal(a, TG_A_PLACE + 14);
    assert_int_equal(targi_text_to_action(&g, &s, "fly away", &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "fly away"));
    targi_action_to_text(&g, &s, TG_A_PAY + TG_PAY_CODE(1, 2, 0, 1), buf, sizeof buf);
    assert_string_equal(buf, "pay DSS G");
    targi_action_to_text(&g, &s, TG_A_TRADE + TG_TRADE_CODE(0, 3, 0, 0), buf, sizeof buf);
    assert_string_equal(buf, "trade SSS for gold");
    targi_action_to_text(&g, &s, TG_CH_TRIBE + tgt_card("W7"), buf, sizeof buf);
    assert_string_equal(buf, "draw W7");
}

static void test_render(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_hand(&s, 0, "O9");
    s.pl[0].hand_secret = 1;
    tgt_do(&g, &s, "targi 2");
    char buf[8192];
    int n = targi_render(&g, &s, 0, 0, buf, sizeof buf);
    assert_true(n > 0 && n < (int)sizeof buf);
    assert_non_null(strstr(buf, "Noble"));
    assert_non_null(strstr(buf, "ROBBER"));
    assert_non_null(strstr(buf, "Targi P0"));
    assert_non_null(strstr(buf, "C1"));
    assert_non_null(strstr(buf, "hand: O9"));
    assert_null(strstr(buf, "\x1b["));
    targi_render(&g, &s, 1, 1, buf, sizeof buf);
    assert_null(strstr(buf, "hand: O9")); /* secret from the opponent */
    assert_non_null(strstr(buf, "\x1b["));
    /* snprintf semantics */
    char small[16];
    int m = targi_render(&g, &s, 0, 0, small, sizeof small);
    assert_int_equal(m, n);
    assert_int_equal(strlen(small), 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_random_games_options),
        cmocka_unit_test(test_fingerprint),
        cmocka_unit_test(test_sample_chance_hook),
        cmocka_unit_test(test_sample_draw),
        cmocka_unit_test(test_hidden_hand),
        cmocka_unit_test(test_face_down_hidden),
        cmocka_unit_test(test_resample_generations),
        cmocka_unit_test(test_can_pay_matches_options),
        cmocka_unit_test(test_stubborn_policies_end),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_render),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
