/* test_bot_legal.c: every bot returns only legal actions, in every game, over whole games. */
#include "check.h"

#include <string.h>

#include "bot_games.h"
#include "tafel/bot.h"

static const char *const legal_specs[] = {
    "random",
    "greedy(samples=2)",
    "mcts(iters=40,threads=1)",
    "mcts(iters=40,threads=2,chance=open,depth=5)",
    "mcts(iters=30,threads=1,nodes=16)",
    "mcts(iters=40,threads=1,depth=0,prior=1,c=0.3)",
    "mcts(iters=20,threads=1,depth=2,expand=all,nodes=200)",
};
#define LEGAL_NSPECS ((int)(sizeof legal_specs / sizeof *legal_specs))

/* Plays one game with the given bots; fails on an illegal choice. Returns the number of moves. */
static long legal_play(const tafel_game *g, int first_spec, uint64_t seed)
{
    const tafel_game_type *t = g->type;
    tafel_bot *bots[TAFEL_MAX_PLAYERS];
    char err[TAFEL_ERR_LEN], name[512];
    tafel_game_to_string(g, name, sizeof name);
    for (int p = 0; p < g->num_players; p++) {
        const char *spec = legal_specs[(first_spec + p) % LEGAL_NSPECS];
        bots[p] = tafel_bot_new(spec, g, p, seed * 31 + (uint64_t)p, err, sizeof err);
        if (!bots[p])
            fail_msg("%s: %s", spec, err);
    }
    unsigned char *st = malloc(t->state_size);
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    t->init(g, st);
    long moves = 0;
    for (;;) {
        int p = t->current_player(g, st);
        if (p == TAFEL_TERMINAL)
            break;
        int32_t a;
        if (p == TAFEL_CHANCE) {
            a = tafel_sample_chance(g, st, &rng);
        } else {
            a = bots[p]->choose(bots[p], st);
            if (!tafel_is_legal(g, st, a))
                fail_msg("%s seed %llu move %ld: %s chose illegal %d", name,
                         (unsigned long long)seed, moves, bots[p]->spec, a);
            moves++;
        }
        t->apply(g, st, a);
    }
    free(st);
    for (int p = 0; p < g->num_players; p++)
        tafel_bot_free(bots[p]);
    return moves;
}

static void test_all_bots_legal(void **unused)
{
    (void)unused;
    tafel_game games[BOT_MAX_GAMES];
    int n = bot_games(games);
    for (int i = 0; i < n; i++) {
        int rounds = bot_is_test_game(&games[i]) ? 20 : 2;
        if (check_sanitized() && !bot_is_test_game(&games[i]))
            rounds = 1;
        for (int k = 0; k < rounds; k++)
            legal_play(&games[i], k, (uint64_t)k + 100);
    }
}

/* A game that can go round in circles: flip a coin (the information state only knows the face)
 * or stop. */
typedef struct {
    int flips, face, over;
} loop_state;
static void loop_init(const tafel_game *g, void *s)
{
    (void)g;
    memset(s, 0, sizeof(loop_state));
}
static int loop_current(const tafel_game *g, const void *s)
{
    (void)g;
    return ((const loop_state *)s)->over ? TAFEL_TERMINAL : 0;
}
static int loop_legal(const tafel_game *g, const void *s, int32_t *out)
{
    if (loop_current(g, s) < 0)
        return 0;
    out[0] = 0;
    out[1] = 1;
    return 2;
}
static void loop_apply(const tafel_game *g, void *sv, int32_t a)
{
    (void)g;
    loop_state *s = sv;
    if (a == 0) {
        s->face ^= 1;
        s->flips++;
    } else {
        s->over = 1;
    }
}
static void loop_returns(const tafel_game *g, const void *s, double *out)
{
    (void)s;
    for (int p = 0; p < g->num_players; p++)
        out[p] = p == 1; /* stopping never wins for player 0 */
}
/* Every flip scores for player 0 (who alone moves), so a one-ply bot always wants to flip. */
static void loop_scores(const tafel_game *g, const void *s, int *out)
{
    for (int p = 0; p < g->num_players; p++)
        out[p] = p ? 0 : ((const loop_state *)s)->flips;
}
static uint64_t loop_hash(const tafel_game *g, const void *s, int viewer)
{
    (void)g;
    (void)viewer;
    const loop_state *l = s;
    return (uint64_t)(l->face * 2 + l->over);
}
static void loop_resample(const tafel_game *g, void *s, int viewer, tafel_rng *rng)
{
    (void)g;
    (void)s;
    (void)viewer;
    (void)rng;
}
static const tafel_game_type loop_type = {
    .name = "loop", .long_name = "Loop", .min_players = 1, .max_players = 2,
    .default_players = 2, .state_size = sizeof(loop_state), .num_actions = 2, .max_legal = 2,
    .init = loop_init, .current_player = loop_current, .legal_actions = loop_legal,
    .apply = loop_apply, .returns = loop_returns, .scores = loop_scores,
    .info_hash = loop_hash, .resample = loop_resample,
};

/* A bot that has chosen something in an information state does not choose it there again. */
static void test_no_endless_cycles(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &loop_type, "", err, sizeof err), 0);
    static const char *const specs[] = {"greedy", "mcts(iters=50,threads=1)",
                                        "mcts(iters=50,threads=1,depth=0,expand=all)"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        tafel_bot *b = tafel_bot_new(specs[i], &g, 0, 1, err, sizeof err);
        loop_state s;
        loop_init(&g, &s);
        int moves = 0;
        while (!s.over && moves < 100) {
            loop_apply(&g, &s, b->choose(b, &s));
            moves++;
        }
        if (!s.over)
            fail_msg("%s flips forever", specs[i]);
        tafel_bot_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_bots_legal),
        cmocka_unit_test(test_no_endless_cycles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
