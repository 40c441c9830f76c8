/* test_carc_symmetry.c: symmetric tiles: the period of each kind, and the distinct_actions hook
 * (one placement per square and distinct tile, the dropped ones playing exactly alike). */
#include "carc_harness.h"

static carc_state st, a1, a2;

/* The board names of kind's segments at rotation r (as the notation writes them), with flags. */
static void names_at(int kind, int r, char out[CARC_MAXSEG][80])
{
    const carc_kind *K = &carc_kinds[kind];
    for (int i = 0; i < K->nseg; i++) {
        char n[64];
        carc_seg_name_rot(kind, i, r, n, sizeof n);
        snprintf(out[i], 80, "%s/%d", n, K->seg[i].flags);
    }
}

static int same_tile(int kind, int r1, int r2)
{
    const carc_kind *K = &carc_kinds[kind];
    if (carc_edges_rot(K->edges, r1) != carc_edges_rot(K->edges, r2))
        return 0;
    char n1[CARC_MAXSEG][80], n2[CARC_MAXSEG][80];
    names_at(kind, r1, n1);
    names_at(kind, r2, n2);
    for (int i = 0; i < K->nseg; i++) {
        int found = 0;
        for (int j = 0; j < K->nseg && !found; j++)
            found = !strcmp(n1[i], n2[j]);
        if (!found)
            return 0;
    }
    return 1;
}

/* The period agrees with the notation's board names (an independent reading of the table), and
 * the known symmetric tiles have the period the spec's drawings show. */
static void test_periods(void **u)
{
    (void)u;
    for (int k = 0; k < CARC_TATAN; k++) {
        int want = same_tile(k, 0, 1) ? 1 : same_tile(k, 0, 2) ? 2 : 4;
        if (carc_kind_period(k) != want)
            fail_msg("%s: period %d, board names say %d", carc_kinds[k].name,
                     carc_kind_period(k), want);
    }
    static const struct {
        const char *name;
        int period;
    } known[] = {{"B", 1}, {"C", 1}, {"X", 1}, {"EK", 1}, {"EH", 1}, {"U", 2}, {"H", 2},
                 {"F", 2}, {"G", 2}, {"EB", 2}, {"D", 4}, {"I", 4}, {"V", 4}, {"EC", 4}};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (carc_kind_period(carc_kind_by_name(known[i].name)) != known[i].period)
            fail_msg("%s: period %d, expected %d", known[i].name,
                     carc_kind_period(carc_kind_by_name(known[i].name)), known[i].period);
}

/* In random games: the hook keeps a sorted subset of the legal placements with one per square
 * and distinct tile; every dropped placement has a kept twin (same square, rotation equal modulo
 * the period) that gives the same scores, evaluation, follower options by board name and
 * frontier; elsewhere the list is unchanged. */
static void test_distinct_placements(void **u)
{
    (void)u;
    static const char *const variants[] = {"tatan=off,inns_cathedrals=off", ""};
    long dropped = 0;
    int32_t legal[1024], kept[1024];
    for (size_t v = 0; v < 2; v++) {
        tafel_game g;
        carc_h_load(&g, variants[v]);
        const tafel_game_type *t = g.type;
        for (int game = 0; game < (check_sanitized() ? 6 : 30); game++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, (uint64_t)game);
            t->init(&g, &st);
            while (t->current_player(&g, &st) != TAFEL_TERMINAL) {
                if (t->current_player(&g, &st) == TAFEL_CHANCE) {
                    t->apply(&g, &st, tafel_sample_chance(&g, &st, &rng));
                    continue;
                }
                int n = t->legal_actions(&g, &st, legal);
                memcpy(kept, legal, sizeof legal[0] * (size_t)n);
                int m = t->distinct_actions(&g, &st, kept, n);
                assert_true(m >= 1 && m <= n);
                int place = st.phase == CARC_PH_PLACE || st.phase == CARC_PH_MOVE;
                int period = place ? carc_kind_period(st.hand) : 4;
                if (!place || period == 4) {
                    assert_int_equal(m, n);
                    assert_memory_equal(kept, legal, sizeof legal[0] * (size_t)n);
                }
                for (int i = 1; i < m; i++) {
                    assert_true(kept[i - 1] < kept[i]);
                    /* no two kept placements are the same tile on the same square */
                    for (int j = 0; place && j < i; j++)
                        if ((kept[i] >> 2) == (kept[j] >> 2) &&
                            (kept[i] & 3) % period == (kept[j] & 3) % period)
                            fail_msg("%s: %d and %d both kept", carc_kinds[st.hand].name,
                                     kept[j], kept[i]);
                }
                for (int i = 0, j = 0; i < n; i++) {
                    if (j < m && kept[j] == legal[i]) {
                        j++;
                        continue;
                    }
                    /* dropped: its twin is kept, and plays alike */
                    int32_t twin = (legal[i] & ~3) | ((legal[i] & 3) % period);
                    int found = 0;
                    for (int k = 0; k < m && !found; k++)
                        found = kept[k] == twin;
                    if (!found)
                        fail_msg("%s: action %d dropped without its twin %d",
                                 carc_kinds[st.hand].name, legal[i], twin);
                    dropped++;
                    a1 = st;
                    a2 = st;
                    t->apply(&g, &a1, legal[i]);
                    t->apply(&g, &a2, twin);
                    double e1[TAFEL_MAX_PLAYERS], e2[TAFEL_MAX_PLAYERS];
                    t->evaluate(&g, &a1, e1);
                    t->evaluate(&g, &a2, e2);
                    assert_memory_equal(e1, e2, sizeof e1);
                    assert_memory_equal(a1.score, a2.score, sizeof a1.score);
                    assert_int_equal(a1.phase, a2.phase);
                    assert_int_equal(a1.nfront, a2.nfront);
                    assert_memory_equal(a1.front, a2.front, sizeof a1.front[0] * a1.nfront);
                    int32_t f1[64], f2[64];
                    int n1 = t->legal_actions(&g, &a1, f1), n2 = t->legal_actions(&g, &a2, f2);
                    assert_int_equal(n1, n2);
                    for (int k = 0; k < n1 && a1.phase == CARC_PH_FOLLOW; k++) {
                        char b1[TAFEL_TEXT_LEN], b2[TAFEL_TEXT_LEN];
                        int found2 = 0;
                        t->action_to_text(&g, &a1, f1[k], b1, sizeof b1);
                        for (int q = 0; q < n2 && !found2; q++) {
                            t->action_to_text(&g, &a2, f2[q], b2, sizeof b2);
                            found2 = !strcmp(b1, b2);
                        }
                        if (!found2)
                            fail_msg("follower '%s' after %d but not after %d", b1, legal[i],
                                     twin);
                    }
                }
                t->apply(&g, &st, legal[tafel_rng_below(&rng, (uint32_t)n)]);
            }
        }
    }
    assert_true(dropped > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_periods),
        cmocka_unit_test(test_distinct_placements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
