/* test_tr2_gates.c: the gate check (tr2_gates.h) after every action of seeded random games, for
 * every combination of the parameters and 2, 3 and 4 players; and proof that the check fails
 * when a gate is broken. */
#include "tr2_gates.h"

#include <inttypes.h>

static const char *const tr2t_zorks[] = {"budget_in_scoring", "budget_after_scoring",
                                         "extra_after_scoring", "extra_before_scoring"};

static void test_gates_every_parameter(void **u)
{
    (void)u;
    long games = check_sanitized() ? 30 : 500;
    tr2g_counts all = {0};
    long all_games = 0;
    for (int players = 2; players <= 4; players++)
        for (int bonus = 0; bonus < 2; bonus++)
            for (int warn = 0; warn < 2; warn++)
                for (int z = 0; z < 4; z++) {
                    char spec[160];
                    snprintf(spec, sizeof spec,
                             "tafelrunde2(players=%d,bonus_needs_card=%s,"
                             "warning_protects_tie=%s,zork=%s)",
                             players, bonus ? "true" : "false", warn ? "true" : "false",
                             tr2t_zorks[z]);
                    tafel_game g;
                    check_load(&g, spec);
                    memset(&tr2g_n, 0, sizeof tr2g_n);
                    /* The deep checks are other tests' business: rarely here. */
                    check_opts o = {.games = games, .seed = 31000 + (uint64_t)(players * 1000),
                                    .deep_every = 4999, .invariant = tr2t_gates};
                    check_random_games(&g, &o);
                    print_message("%s: %ld games, %ld decisions visited; checked %ld play, %ld "
                                  "zork, %ld secure nodes, %ld successors, %ld ids\n",
                                  spec, games, tr2g_n.visited, tr2g_n.play, tr2g_n.zork,
                                  tr2g_n.secure, tr2g_n.successors, tr2g_n.ids);
                    assert_true(tr2g_n.zork > 0);
                    all.visited += tr2g_n.visited;
                    all.play += tr2g_n.play;
                    all.zork += tr2g_n.zork;
                    all.secure += tr2g_n.secure;
                    all.successors += tr2g_n.successors;
                    all.ids += tr2g_n.ids;
                    all_games += games;
                }
    print_message("all: %ld games, %ld decisions visited; checked %ld play, %ld zork, %ld "
                  "secure nodes, %ld successors, %ld ids\n",
                  all_games, all.visited, all.play, all.zork, all.secure, all.successors,
                  all.ids);
}

/* ---- Broken gates the check must catch ---- */

static int tr2t_find(const int32_t *out, int n, int32_t a)
{
    for (int i = 0; i < n; i++)
        if (out[i] == a)
            return 1;
    return 0;
}

static int tr2t_insert(int32_t *out, int n, int32_t a)
{
    if (tr2t_find(out, n, a))
        return n;
    int i = n;
    for (; i > 0 && out[i - 1] > a; i--)
        out[i] = out[i - 1];
    out[i] = a;
    return n + 1;
}

/* Feierabend offered as the very first card too. */
static int tr2t_feierabend_first(const tafel_game *g, const void *state, int32_t *out)
{
    const tr2_state *s = state;
    int n = tr2_legal_actions(g, s, out);
    if (s->phase == TR2_PH_PLAY && (s->hand[s->turn] & BIT(TR2_SPECIAL)) &&
        s->special[s->turn] == TR2_FEIERABEND)
        n = tr2t_insert(out, n, TR2_A_FEIERABEND);
    return n;
}

/* Letzte Warnung offered for every colour, with or without chests. */
static int tr2t_warnung_any(const tafel_game *g, const void *state, int32_t *out)
{
    const tr2_state *s = state;
    int n = tr2_legal_actions(g, s, out);
    if (s->phase == TR2_PH_PLAY && (s->hand[s->turn] & BIT(TR2_SPECIAL)) &&
        s->special[s->turn] == TR2_WARNUNG)
        for (int c = 0; c < TR2_NCOL; c++)
            n = tr2t_insert(out, n, TR2_A_WARN + c);
    return n;
}

/* The start player may pass at the opening. */
static int tr2t_opening_pass(const tafel_game *g, const void *state, int32_t *out)
{
    const tr2_state *s = state;
    int n = tr2_legal_actions(g, s, out);
    return s->phase == TR2_PH_PLAY ? tr2t_insert(out, n, TR2_A_PASS) : n;
}

/* Zork offered every set he holds, whatever is left of the budget. */
static int tr2t_zork_no_budget(const tafel_game *g, const void *state, int32_t *out)
{
    tr2_state t = *(const tr2_state *)state;
    if (t.phase == TR2_PH_ZORK)
        t.zork_left = TR2_ZORK_GEMS;
    return tr2_legal_actions(g, &t, out);
}

/* Zork's later decisions skipped: once he has secured something, he secures nothing more. */
static void tr2t_zork_once(const tafel_game *g, void *state, int32_t a)
{
    tr2_state *s = state;
    tr2_apply(g, s, a);
    while (s->phase == TR2_PH_ZORK && s->zork_left < TR2_ZORK_GEMS)
        tr2_apply(g, s, TR2_A_ZORKSET);
}

/* Zork's decision taken for him when one chest fits: the first set (a single chest). */
static void tr2t_zork_forced(const tafel_game *g, void *state, int32_t a)
{
    tr2_state *s = state;
    tr2_apply(g, s, a);
    int32_t legal[TR2_MAX_LEGAL];
    while (s->phase == TR2_PH_ZORK && tr2_legal_actions(g, s, legal) == 2)
        tr2_apply(g, s, legal[1]);
}

/* Phase 4 choices between two kinds made for the player. */
static void tr2t_secure_forced(const tafel_game *g, void *state, int32_t a)
{
    tr2_state *s = state;
    tr2_apply(g, s, a);
    int32_t legal[TR2_MAX_LEGAL];
    while (s->phase == TR2_PH_SECURE && tr2_legal_actions(g, s, legal) == 2)
        tr2_apply(g, s, legal[0]);
}

/* A player holding only his special card passed for in phase 2. */
static void tr2t_special_passed(const tafel_game *g, void *state, int32_t a)
{
    tr2_state *s = state;
    tr2_apply(g, s, a);
    while (s->phase == TR2_PH_PLAY && s->hand[s->turn] == BIT(TR2_SPECIAL) && s->nplayed)
        tr2_apply(g, s, TR2_A_PASS);
}

/* Plays random games of spec with the true engine, checking each state with the broken
 * functions in place; returns the number of states checked before the first failure, or -1. */
static long tr2t_catch(const char *spec, long games, const char *want)
{
    tafel_game g;
    tr2_state s;
    char err[TAFEL_ERR_LEN];
    int32_t legal[TR2_MAX_LEGAL];
    long states = 0;
    check_load(&g, spec);
    for (long i = 0; i < games; i++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, 500 + (uint64_t)i);
        tr2_init(&g, &s);
        for (;;) {
            states++;
            if (tr2t_gates(&g, &s, err, sizeof err)) {
                if (!strstr(err, want))
                    fail_msg("%s: caught, but as '%s' (expected '%s')", spec, err, want);
                return states;
            }
            int p = tr2_current_player(&g, &s);
            if (p == TAFEL_TERMINAL)
                break;
            int32_t a = p == TAFEL_CHANCE
                            ? tafel_sample_chance(&g, &s, &rng)
                            : legal[tafel_rng_below(&rng, (uint32_t)tr2_legal_actions(&g, &s,
                                                                                       legal))];
            tr2_apply(&g, &s, a);
        }
    }
    return -1;
}

static void test_gates_catch_broken(void **u)
{
    (void)u;
    static const struct {
        int (*legal)(const tafel_game *, const void *, int32_t *);
        void (*apply)(const tafel_game *, void *, int32_t);
        const char *spec, *want;
    } broken[] = {
        {tr2t_feierabend_first, NULL, "tafelrunde2(players=4)", "play feierabend"},
        {tr2t_warnung_any, NULL, "tafelrunde2(players=4)", "play warnung"},
        {tr2t_opening_pass, NULL, "tafelrunde2(players=3)", "'pass'"},
        {tr2t_zork_no_budget, NULL, "tafelrunde2(players=4)", "is offered, but the rules forbid"},
        {NULL, tr2t_zork_once, "tafelrunde2(players=4)", "not asked again"},
        {NULL, tr2t_zork_forced, "tafelrunde2(players=4,zork=extra_after_scoring)",
         "Zork was not asked"},
        {NULL, tr2t_secure_forced, "tafelrunde2(players=2)", "not asked in phase 4"},
        {NULL, tr2t_special_passed, "tafelrunde2(players=3)", "passed for in phase 2"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        tr2g_legal = broken[i].legal ? broken[i].legal : tr2_legal_actions;
        tr2g_apply = broken[i].apply ? broken[i].apply : tr2_apply;
        long at = tr2t_catch(broken[i].spec, 400, broken[i].want);
        tr2g_legal = tr2_legal_actions;
        tr2g_apply = tr2_apply;
        if (at < 0)
            fail_msg("broken gate %zu not caught in 400 games of %s", i, broken[i].spec);
        print_message("broken gate %zu caught after %ld states\n", i, at);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gates_every_parameter),
        cmocka_unit_test(test_gates_catch_broken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
