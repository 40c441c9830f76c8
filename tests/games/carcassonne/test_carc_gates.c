/* test_carc_gates.c: the gate check of carc_gates.h after every action of seeded random games,
 * under each option on top of the default game and on top of the base game; and proof that the
 * check fails when a gate is broken. */
#include "carc_gates.h"

#include <time.h>

static gate_counts gate_total;
static long gate_games;

static void gate_add(gate_counts *t, const gate_counts *c)
{
    t->positions += c->positions;
    t->picks += c->picks;
    t->draw2 += c->draw2;
    t->chooses += c->chooses;
    t->places += c->places;
    t->follows += c->follows;
    t->fills += c->fills;
    t->ends += c->ends;
    t->end_turns += c->end_turns;
}

/* games seeded random games of base + "," + option, the check after every action. */
static void gate_run(const char *base, const char *option, long games)
{
    /* base's setting of the option's parameter gives way to it (a parameter given twice is
     * refused) */
    char params[256] = "";
    size_t klen = strcspn(option, "=");
    for (const char *b = base; *b;) {
        size_t len = strcspn(b, ",");
        if (!(*option && strcspn(b, "=") == klen && !strncmp(b, option, klen)))
            snprintf(params + strlen(params), sizeof params - strlen(params), "%s%.*s",
                     *params ? "," : "", (int)len, b);
        b += len + (b[len] == ',');
    }
    snprintf(params + strlen(params), sizeof params - strlen(params), "%s%s",
             *params && *option ? "," : "", option);
    tafel_game g;
    carc_h_load(&g, params);
    check_opts o = {0};
    o.games = check_sanitized() ? (games + 9) / 10 : games;
    o.seed = 7000;
    for (const char *c = params; *c; c++) /* other deals for options that change no choice */
        o.seed = o.seed * 31 + (unsigned char)*c;
    o.deep_every = 1000000; /* the other invariants are test_carc_random's */
    o.invariant = gate_check;
    gate_legal = NULL;
    memset(&gate_n, 0, sizeof gate_n);
    clock_t t0 = clock();
    check_random_games(&g, &o);
    print_message("%-52s %4ld games %7ld positions: %ld picks %ld draw2 %ld plays %ld placements "
                  "%ld deployment steps %ld fill ids in %ld end-phase positions, %ld end-phase "
                  "turns (%.1f s)\n",
                  *params ? params : "(the default game)", o.games, gate_n.positions,
                  gate_n.picks, gate_n.draw2, gate_n.chooses, gate_n.places, gate_n.follows,
                  gate_n.fills, gate_n.ends, gate_n.end_turns,
                  (double)(clock() - t0) / CLOCKS_PER_SEC);
    gate_add(&gate_total, &gate_n);
    gate_games += o.games;
}

/* Each option's other value(s), one at a time. */
static const char *const gate_options[] = {
    "",
    "tatan=off",
    "tatan=on",
    "inns_cathedrals=full",
    "inns_cathedrals=large_follower_only",
    "inns_cathedrals=off",
    "farmers=off",
    "tiny_city=true",
    "ec_inn_both=true",
    "tatan_draw_both_first=false",
    "tatan_follower_tile_only=true",
    "players=4",
    NULL,
};

static void test_gates_default(void **u)
{
    (void)u;
    for (int i = 0; gate_options[i]; i++)
        if (strcmp(gate_options[i], "tatan=on") && strcmp(gate_options[i], "inns_cathedrals=full"))
            gate_run("", gate_options[i], 250);
    /* six players: many Tatan tiles, and the most end phases with gaps */
    gate_run("", "players=6", 1000);
    assert_true(gate_n.ends > 0);
}

static void test_gates_base(void **u)
{
    (void)u;
    for (int i = 0; gate_options[i]; i++)
        if (strcmp(gate_options[i], "tatan=off") && strcmp(gate_options[i], "inns_cathedrals=off"))
            gate_run("tatan=off,inns_cathedrals=off", gate_options[i], 250);
    print_message("total: %ld games, %ld positions; %ld picks, %ld draw2, %ld plays of held tiles, "
                  "%ld placements, %ld deployment steps, %ld fill ids in %ld end-phase positions, "
                  "%ld end-phase turns\n",
                  gate_games, gate_total.positions, gate_total.picks, gate_total.draw2,
                  gate_total.chooses, gate_total.places, gate_total.follows, gate_total.fills,
                  gate_total.ends, gate_total.end_turns);
}

/* ---- the check fails when a gate is broken ---- */

static int gate_break_kind;

/* The engine's list with one gate broken (gate_break_kind). */
static int gate_broken(const tafel_game *g, const void *state, int32_t *out)
{
    const carc_state *s = state;
    int n = g->type->legal_actions(g, state, out);
    switch (gate_break_kind) {
    case 0: /* option 2 refused though tiles are left: keep offered instead */
        if (s->phase == CARC_PH_TATAN && out[n - 1] == CARC_A_DRAW2)
            out[n - 1] = CARC_A_KEEP;
        break;
    case 1: /* a movable tile not offered */
        if (s->phase == CARC_PH_TATAN && n > 1) {
            memmove(out, out + 1, (size_t)(n - 1) * sizeof out[0]);
            n--;
        }
        break;
    case 2: /* the first tile of the list offered for option 1, whether it may move or not */
        if (s->phase == CARC_PH_TATAN) {
            int32_t a = CARC_A_PICK + carc_sq(s->tiles[0].x, s->tiles[0].y);
            int i = 0;
            while (i < n && out[i] < a)
                i++;
            if (i == n || out[i] != a) {
                memmove(out + i + 1, out + i, (size_t)(n - i) * sizeof out[0]);
                out[i] = a;
                n++;
            }
        }
        break;
    case 3: /* a held tile not offered */
        if (s->phase == CARC_PH_CHOOSE)
            n--;
        break;
    case 4: /* the large follower not offered on the first spot */
        if (s->phase == CARC_PH_FOLLOW && n > 2 && (out[1] & 1)) {
            memmove(out + 1, out + 2, (size_t)(n - 2) * sizeof out[0]);
            n--;
        }
        break;
    case 5: /* a fill not offered */
        if (s->phase == CARC_PH_END && n > 1) {
            memmove(out, out + 1, (size_t)(n - 1) * sizeof out[0]);
            n--;
        }
        break;
    }
    return n;
}

/* Play seeded random games (the engine's own legal actions) with the check on the broken list
 * until it fails; returns its message, or fails the test. */
static void gate_expect_failure(const char *params, int kind, const char *needle)
{
    tafel_game g;
    carc_h_load(&g, params);
    static carc_state s;
    char err[TAFEL_ERR_LEN] = "";
    int32_t legal[1024];
    gate_break_kind = kind;
    gate_legal = gate_broken;
    for (uint64_t seed = 1; seed < 200; seed++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, seed);
        g.type->init(&g, &s);
        for (;;) {
            if (gate_check(&g, &s, err, sizeof err)) {
                gate_legal = NULL;
                if (!strstr(err, needle))
                    fail_msg("break %d: the check failed for another reason: %s", kind, err);
                return;
            }
            int p = g.type->current_player(&g, &s);
            if (p == TAFEL_TERMINAL)
                break;
            int32_t a;
            if (p == TAFEL_CHANCE) {
                a = tafel_sample_chance(&g, &s, &rng);
            } else {
                int n = g.type->legal_actions(&g, &s, legal);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            g.type->apply(&g, &s, a);
        }
    }
    gate_legal = NULL;
    fail_msg("break %d (%s) went unnoticed", kind, needle);
}

static void test_gates_can_fail(void **u)
{
    (void)u;
    gate_expect_failure("", 0, "draw2 offered 0, keep offered 1");
    gate_expect_failure("", 1, "pick");
    gate_expect_failure("players=3", 2, "pick");
    gate_expect_failure("", 3, "held tiles offered");
    gate_expect_failure("", 4, "deployment");
    gate_expect_failure("players=6", 5, "fill");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gates_can_fail),
        cmocka_unit_test(test_gates_default),
        cmocka_unit_test(test_gates_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
