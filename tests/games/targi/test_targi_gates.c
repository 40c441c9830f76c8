/* test_targi_gates.c: the gate check (targi_gates.h) over seeded random games under every
 * combination of Targi's rule options, and proof on hand-built positions that it fails. */
#include "targi_gates.h"

/* Games per option set in the optimised build; the sanitizer build plays a tenth. */
#define GATE_GAMES 1000

static const char *const gate_specs[8] = {
    "",
    "raid_shortfall_to_opponent=true",
    "trade_mixed_goods=true",
    "trade_mixed_goods=true,raid_shortfall_to_opponent=true",
    "tribe_rule=kosmos",
    "tribe_rule=kosmos,raid_shortfall_to_opponent=true",
    "tribe_rule=kosmos,trade_mixed_goods=true",
    "tribe_rule=kosmos,trade_mixed_goods=true,raid_shortfall_to_opponent=true",
};

static int gate_spec; /* the option set being played, named in a failure */

static int gate_invariant(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    char why[160];
    if (tgt_gate_check(g, state, why, sizeof why) == 0)
        return 0;
    snprintf(err, errlen, "targi(%.72s): %s", gate_specs[gate_spec], why);
    return -1;
}

static void test_gates_all_options(void **unused)
{
    (void)unused;
    long games = check_sanitized() ? GATE_GAMES / 10 : GATE_GAMES;
    tgt_gate_counts sum = {0};
    for (int k = 0; k < 8; k++) {
        tafel_game g;
        tgt_load(&g, gate_specs[k]);
        gate_spec = k;
        tgt_gates = (tgt_gate_counts){0};
        /* the deep checks belong to test_targi_random: only the first state of each game */
        check_opts o = {.games = games, .seed = 18000 + 1000 * (uint64_t)k,
                        .deep_every = 1 << 30, .invariant = gate_invariant};
        check_random_games(&g, &o);
        /* enough happened to mean something: choices were refused for an empty step too */
        assert_true(tgt_gates.positions > 20 * games);
        assert_true(tgt_gates.gated_off > games);
        sum.states += tgt_gates.states;
        sum.positions += tgt_gates.positions;
        sum.choices += tgt_gates.choices;
        sum.gated_off += tgt_gates.gated_off;
        sum.phases += tgt_gates.phases;
    }
    printf("gates: 8 option sets x %ld games: %lld states, %lld gate positions, %lld choices "
           "(%lld with nothing to do), %lld phase-end variants\n",
           games, sum.states, sum.positions, sum.choices, sum.gated_off, sum.phases);
}

/* Random play rarely fills a display or owns W8 or T8: here each player starts round 1 with 8 to
 * 11 random cards in his display, plenty of goods and maybe a hand card, so full displays, the
 * hand card and the permanent abilities meet the gates often. Returns the states checked with a
 * full display to move. */
static long long gate_rich_games(const tafel_game *g, long games, uint64_t seed)
{
    long long full = 0;
    char err[TAFEL_ERR_LEN];
    int32_t legal[TG_MAX_LEGAL];
    for (long gi = 0; gi < games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, seed + (uint64_t)gi);
        targi_state s;
        targi_init(g, &s);
        while (s.chance)
            targi_apply(g, &s, tafel_sample_chance(g, &s, &rng));
        for (int p = 0; p < 2; p++) {
            targi_player *pl = &s.pl[p];
            for (int k = 8 + (int)tafel_rng_below(&rng, 4); pl->ncards < k;) {
                int c = (int)tafel_rng_below(&rng, TG_NTRIBE), r = (int)tafel_rng_below(&rng, 3);
                if ((s.tdeck >> c & 1) && pl->rowlen[r] < 4)
                    tgt_give(&s, p, targi_tribe[c].label, r);
            }
            for (int k = 0; k < 3; k++)
                pl->goods[k] = (uint8_t)(2 + tafel_rng_below(&rng, 7));
            pl->gold = (uint8_t)tafel_rng_below(&rng, 4);
            int c = (int)tafel_rng_below(&rng, TG_NTRIBE);
            if ((s.tdeck >> c & 1) && tafel_rng_below(&rng, 2))
                tgt_hand(&s, p, targi_tribe[c].label);
        }
        for (long step = 0; s.stage != TG_ST_OVER; step++) {
            if (gate_invariant(g, &s, err, sizeof err))
                fail_msg("rich game %ld step %ld: %s", gi, step, err);
            full += s.stage == TG_ST_ACT && !s.chance && s.pl[s.turn].ncards == 12;
            int32_t a;
            if (s.chance) {
                a = tafel_sample_chance(g, &s, &rng);
            } else {
                int n = targi_legal_actions(g, &s, legal);
                if (n <= 0)
                    fail_msg("rich game %ld step %ld: no legal action", gi, step);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            targi_apply(g, &s, a);
            assert_true(step < 100000);
        }
    }
    return full;
}

static void test_gates_rich_positions(void **unused)
{
    (void)unused;
    long games = check_sanitized() ? GATE_GAMES / 10 : GATE_GAMES;
    long long full = 0;
    tgt_gate_counts sum = {0};
    for (int k = 0; k < 8; k++) {
        tafel_game g;
        tgt_load(&g, gate_specs[k]);
        gate_spec = k;
        tgt_gates = (tgt_gate_counts){0};
        full += gate_rich_games(&g, games, 28000 + 1000 * (uint64_t)k);
        assert_true(tgt_gates.gated_off > games);
        sum.positions += tgt_gates.positions;
        sum.choices += tgt_gates.choices;
        sum.gated_off += tgt_gates.gated_off;
    }
    assert_true(full > games);
    printf("gates, rich starts: 8 option sets x %ld games: %lld gate positions (%lld with a full "
           "display), %lld choices (%lld with nothing to do)\n",
           games, sum.positions, full, sum.choices, sum.gated_off);
}

/* Round 1, robber off the board, A (player 0) starts: A on #10, #2, #3 (no marker), B on #1,
 * #5, #7. A holds d dates, sa salt and no other goods or gold. */
static void gate_silver_position(const tafel_game *g, targi_state *s, int d, int sa)
{
    static const char *const goods[5] = {"G4", "G2", "G3", "G1", "G11"};
    static const char *const tribe[4] = {"C1", "W1", "T1", "A1"};
    int order[6] = {10, 1, 2, 5, 3, 7};
    tgt_setup(g, s, goods, tribe, 0);
    s->robber = 0;
    tgt_place(g, s, order, 6);
    tgt_set_goods(s, 0, d, sa, 0, 0);
}

/* The check accepts the real rules here and refuses a broken gate: the Silversmith withheld
 * from a date and a salt under trade_mixed_goods (the bug once in act_can_silver), or offered to
 * them under the default rules; a phase kept open with only "end" left. */
static void test_gates_catch_a_wrong_offer(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    char err[256];
    int32_t legal[TG_MAX_LEGAL];
    for (int mixed = 0; mixed < 2; mixed++) {
        tgt_load(&g, mixed ? "trade_mixed_goods=true" : "");
        gate_silver_position(&g, &s, 1, 1);
        assert_int_equal(tgt_gate_check(&g, &s, err, sizeof err), 0);
        int n = targi_legal_actions(&g, &s, legal);
        assert_int_equal(gate_in(legal, n, TG_A_USE + 10), mixed);
        /* the gate's verdict flipped: drop or add the Silversmith */
        int32_t wrong[TG_MAX_LEGAL];
        int m = 0;
        for (int i = 0; i < n; i++)
            if (legal[i] != TG_A_USE + 10)
                wrong[m++] = legal[i];
        if (!mixed)
            wrong[m++] = TG_A_USE + 10;
        err[0] = 0;
        assert_int_equal(gate_compare(&g, &s, wrong, m, TG_A_USE + 10,
                                      gate_allowed(&g, &s, TG_A_USE + 10), err, sizeof err),
                         -1);
        assert_non_null(strstr(err, "Silversmith"));
    }
    /* a phase left with the Silversmith only: it must stay open under the option */
    tgt_load(&g, "trade_mixed_goods=true");
    gate_silver_position(&g, &s, 0, 0);
    tgt_do(&g, &s, "use 2 Dates");
    tgt_do(&g, &s, "use 3 Salt");
    assert_int_equal(tgt_gate_check(&g, &s, err, sizeof err), 0);
    assert_int_equal(s.turn, 0);
    /* the same position read under the default rules: "end" is all that is left there, so the
     * phase should have ended by itself, which the phase-end check must notice */
    tgt_load(&g, "");
    assert_int_equal(tgt_gate_check(&g, &s, err, sizeof err), -1);
    assert_non_null(strstr(err, "only 'end' is left"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gates_all_options),
        cmocka_unit_test(test_gates_rich_positions),
        cmocka_unit_test(test_gates_catch_a_wrong_offer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
