/* test_tr2_random.c: Die Tafelrunde 2 random playouts: invariants, records, fingerprints. */
#include "check_chance.h"
#include "tr2_gates.h"

/* 24 chests (8 per colour) and 16 cards per player are conserved; D-10 knowledge stays in hand;
 * and the gates (tr2_gates.h). */
static int tr2t_invariant(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const tr2_state *s = state;
    int colour[TR2_NCOL] = {0}, total = 0;
    for (int k = 0; k < TR2_NKIND; k++) {
        int c = s->pile[k] + s->centre[k];
        for (int p = 0; p < g->num_players; p++)
            c += s->up[p][k] + s->down[p][k];
        if (c != tr2_chest_count[k])
            return snprintf(err, errlen, "chest kind %d: %d instead of %d", k, c,
                            tr2_chest_count[k]), -1;
        colour[tr2_chest_col(k)] += c;
        total += c;
    }
    if (total != 24 || colour[0] != 8 || colour[1] != 8 || colour[2] != 8)
        return snprintf(err, errlen, "%d chests instead of 24", total), -1;
    for (int p = 0; p < g->num_players; p++) {
        if (s->phase == TR2_PH_START)
            break;
        unsigned parts[7] = {s->hand[p], s->draw[p], s->disc[p], s->pmask[p][0], s->pmask[p][1],
                             s->pmask[p][2], (s->special_played >> p & 1) ? 0x8000u : 0};
        unsigned all = 0;
        int cards = 0;
        for (int i = 0; i < 7; i++) {
            if (all & parts[i])
                return snprintf(err, errlen, "player %d: a card in two places", p), -1;
            all |= parts[i];
            cards += tr2_popcount(parts[i]);
        }
        if (all != 0xffff || cards != 16)
            return snprintf(err, errlen, "player %d has %d cards instead of 16", p, cards), -1;
        if (s->known[p] & ~s->hand[p])
            return snprintf(err, errlen, "player %d: known card not in hand", p), -1;
        for (int c = 0; c < TR2_NCOL; c++) {
            int sum = 0;
            for (int k = 0; k < TR2_NROGUE; k++)
                if (s->pmask[p][c] >> k & 1)
                    sum += tr2_cards[k].val[tr2_cards[k].col[0] == c ? 0 : 1];
            if (sum != s->pstr[p][c])
                return snprintf(err, errlen, "player %d: strength sum wrong", p), -1;
        }
    }
    /* Seats beyond the players hold nothing (tr2_rules.c loops over all seats relying on it). */
    for (int p = g->num_players; p < TR2_MAXP; p++) {
        unsigned any = s->hand[p] | s->draw[p] | s->disc[p] | s->known[p] | s->warn[p];
        for (int c = 0; c < TR2_NCOL; c++)
            any |= s->pmask[p][c] | s->pstr[p][c];
        for (int k = 0; k < TR2_NKIND; k++)
            any |= s->up[p][k] | s->down[p][k];
        if (any)
            return snprintf(err, errlen, "empty seat %d holds something", p), -1;
    }
    return tr2t_gates(g, state, err, errlen);
}

static void tr2t_run(const char *spec, long games, int deep_every, long with_records)
{
    tafel_game g;
    check_load(&g, spec);
    int scale = check_sanitized() ? 10 : 1;
    check_opts o = {.games = games / scale, .seed = 1000, .deep_every = deep_every,
                    .invariant = tr2t_invariant};
    check_random_games(&g, &o);
    check_opts r = {.games = with_records / scale, .seed = 90000, .deep_every = deep_every * 4,
                    .records = 1, .invariant = tr2t_invariant};
    check_random_games(&g, &r);
}

static void test_random_2p(void **u)
{
    (void)u;
    tr2t_run("tafelrunde2", 10000, 211, 200);
}

static void test_random_3p(void **u)
{
    (void)u;
    tr2t_run("tafelrunde2(players=3)", 10000, 211, 200);
}

static void test_random_4p(void **u)
{
    (void)u;
    tr2t_run("tafelrunde2(players=4)", 10000, 211, 200);
}

static void test_random_alternatives(void **u)
{
    (void)u;
    tr2t_run("tafelrunde2(players=3,bonus_needs_card=false)", 2000, 97, 40);
    tr2t_run("tafelrunde2(players=2,warning_protects_tie=false)", 2000, 97, 40);
    tr2t_run("tafelrunde2(players=4,zork_timing=before_scoring)", 2000, 97, 40);
    tr2t_run("tafelrunde2(players=2,zork=budget_after_scoring)", 2000, 97, 40);
    tr2t_run("tafelrunde2(players=3,zork=extra_after_scoring)", 2000, 97, 40);
}

/* The numbers `tafel bench tafelrunde2 --games 1000` prints; any rule change moves them. The
 * earlier reading of Zork (D-7), now zork=extra_*, keeps the numbers it had as the default and as
 * zork_timing=before_scoring. */
static void test_fingerprint(void **u)
{
    (void)u;
    static const struct { const char *spec; long long actions; } fp[] = {
        {"tafelrunde2(players=2)", 177866},
        {"tafelrunde2(players=3)", 242031},
        {"tafelrunde2(players=4)", 307710},
        {"tafelrunde2(players=2,zork=extra_after_scoring)", 176528},
        {"tafelrunde2(players=3,zork=extra_after_scoring)", 239589},
        {"tafelrunde2(players=4,zork=extra_after_scoring)", 303852},
        {"tafelrunde2(players=2,zork=extra_before_scoring)", 177612},
        {"tafelrunde2(players=4,zork_timing=before_scoring)", 309503},
    };
    for (size_t i = 0; i < sizeof fp / sizeof fp[0]; i++) {
        tafel_game g;
        check_load(&g, fp[i].spec);
        long long got = tafel_random_games(&g, 0, 1000);
        if (got != fp[i].actions)
            fail_msg("%s: fingerprint %lld, expected %lld", fp[i].spec, got, fp[i].actions);
    }
}

/* The sample_chance hook picks the generic walk's outcome at every chance node (start player,
 * special cards, dealing, drawing, reveals), for boundary and random r. */
static void test_sample_chance_hook(void **u)
{
    (void)u;
    int scale = check_sanitized() ? 10 : 1;
    static const char *const specs[] = {"tafelrunde2(players=2)", "tafelrunde2(players=3)",
                                        "tafelrunde2(players=4)"};
    for (int i = 0; i < 3; i++) {
        tafel_game g;
        check_load(&g, specs[i]);
        long nodes = check_sample_chance(&g, 11, 300 / scale, 8);
        assert_true(nodes > 300 / scale * 80);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_2p),
        cmocka_unit_test(test_random_3p),
        cmocka_unit_test(test_random_4p),
        cmocka_unit_test(test_random_alternatives),
        cmocka_unit_test(test_fingerprint),
        cmocka_unit_test(test_sample_chance_hook),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
