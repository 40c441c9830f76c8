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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_bots_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
