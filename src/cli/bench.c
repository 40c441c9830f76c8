/* bench.c: `tafel bench`: uniformly random playouts from fixed seeds on one core, then mcts on
 * fixed positions. The playouts' action count is a deterministic fingerprint of the rules (tests
 * compare it); the tree nodes and actions of the first mcts decision on each position are one of
 * the search (independent of timing). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "tafel/bot.h"

#define BENCH_POSITIONS 8
#define BENCH_MCTS "mcts(iters=200,threads=1)"

typedef struct {
    long games;
    long long actions;
    double seconds;
} bench_result;

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bench_result bench_random_games(const tafel_game *g, long games)
{
    bench_result r = {games, 0, 0};
    double t0 = bench_now();
    r.actions = tafel_random_games(g, 0, games);
    r.seconds = bench_now() - t0;
    return r;
}

/* Positions from seeded random games, spread over the game: decisions with a real choice. */
static int bench_positions(const tafel_game *g, unsigned char *states[BENCH_POSITIONS])
{
    const tafel_game_type *t = g->type;
    int32_t *legal = malloc(sizeof(int32_t) * ((size_t)t->max_legal + 1));
    int found = 0;
    for (int i = 0; i < BENCH_POSITIONS && legal; i++) {
        unsigned char *st = malloc(t->state_size);
        long decisions = 0, target = -1;
        for (int pass = 0; pass < 2; pass++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, (uint64_t)i);
            t->init(g, st);
            long d = 0;
            for (;;) {
                int p = t->current_player(g, st);
                if (p == TAFEL_TERMINAL)
                    break;
                if (p == TAFEL_CHANCE) {
                    t->apply(g, st, tafel_sample_chance(g, st, &rng));
                    continue;
                }
                int n = t->legal_actions(g, st, legal);
                if (n > 1 && d++ == target)
                    break;
                t->apply(g, st, legal[tafel_rng_below(&rng, (uint32_t)n)]);
            }
            decisions = d;
            target = decisions * (i + 1) / (BENCH_POSITIONS + 1);
        }
        if (t->current_player(g, st) >= 0)
            states[found++] = st;
        else
            free(st);
    }
    free(legal);
    return found;
}

/* MCTS iterations per second on one core, over positions spread across the game. The first
 * decision on each position (fresh bots, fixed seed and budget) adds its tree nodes to *nodes and
 * its action to the hash *decisions. */
static double bench_mcts(const tafel_game *g, double min_seconds, long long *nodes,
                         uint64_t *decisions)
{
    unsigned char *states[BENCH_POSITIONS];
    int n = bench_positions(g, states);
    tafel_bot *bots[TAFEL_MAX_PLAYERS] = {0};
    char err[TAFEL_ERR_LEN];
    for (int p = 0; p < g->num_players; p++)
        bots[p] = tafel_bot_new(BENCH_MCTS, g, p, 1, err, sizeof err);
    long long iters = 0;
    double t0 = bench_now(), el = 0;
    *nodes = 0;
    *decisions = 0;
    for (int k = 0; n > 0 && bots[0] && (el < min_seconds || k < n); k++) {
        const unsigned char *st = states[k % n];
        tafel_bot *b = bots[g->type->current_player(g, st)];
        long long before = b->iterations;
        int32_t a = b->choose(b, st);
        iters += b->iterations - before;
        if (k < n) {
            *nodes += b->last_nodes;
            *decisions = tafel_rng_mix(*decisions, (uint64_t)(uint32_t)a);
        }
        el = bench_now() - t0;
    }
    for (int p = 0; p < g->num_players; p++)
        tafel_bot_free(bots[p]);
    for (int i = 0; i < n; i++)
        free(states[i]);
    return el > 0 ? iters / el : 0;
}

static int bench_one(const char *spec, long games)
{
    tafel_game g;
    char err[TAFEL_ERR_LEN], name[256];
    if (tafel_game_load(&g, spec, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    tafel_game_to_string(&g, name, sizeof name);
    bench_result r = bench_random_games(&g, games);
    double s = r.seconds > 0 ? r.seconds : 1e-9;
    printf("%s\n", name);
    printf("  random games:  %ld in %.3f s  =  %.0f games/s, %.0f actions/s (one core)\n",
           r.games, r.seconds, r.games / s, r.actions / s);
    printf("  fingerprint:   %lld actions\n", r.actions);
    fflush(stdout);
    long long nodes;
    uint64_t decisions;
    double ips = bench_mcts(&g, 1.0, &nodes, &decisions);
    printf("  mcts:          %.0f iterations/s (one core, %s, %d positions)\n", ips, BENCH_MCTS,
           BENCH_POSITIONS);
    printf("  search:        %lld nodes, decisions %016llx (fingerprint)\n", nodes,
           (unsigned long long)decisions);
    fflush(stdout);
    return 0;
}

/* A bare game name benches these variants, the headline figure first; Carcassonne's headline
 * is the base game, as the speed target is stated for it. */
static const char *const bench_variants[][5] = {
    {"carcassonne", "carcassonne(tatan=off,inns_cathedrals=off)",
     "carcassonne(tatan=on,inns_cathedrals=off)", "carcassonne(tatan=off,inns_cathedrals=full)",
     "carcassonne"},
    {"tafelrunde2", "tafelrunde2", "tafelrunde2(players=3)", "tafelrunde2(players=4)", NULL},
};

static int bench_game(const char *spec, long games)
{
    for (size_t i = 0; i < sizeof bench_variants / sizeof *bench_variants; i++) {
        if (strcmp(spec, bench_variants[i][0]))
            continue;
        int rc = 0;
        for (int k = 1; k < 5 && bench_variants[i][k]; k++)
            rc |= bench_one(bench_variants[i][k], games);
        return rc;
    }
    return bench_one(spec, games);
}

int cli_bench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"games", required_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long games = 20000;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "g:h", opts, NULL)) != -1) {
        if (c == 'g') {
            char *end;
            games = strtol(optarg, &end, 10);
            if (*end || games < 1) {
                fprintf(stderr, "tafel: --games needs a positive integer, not '%s'\n", optarg);
                return 2;
            }
        } else if (c == 'h') {
            printf("usage: tafel bench [GAME] [--games N]\n");
            return 0;
        } else {
            return 2;
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, "usage: tafel bench [GAME] [--games N]\n");
        return 2;
    }
    if (optind == argc - 1)
        return bench_game(argv[optind], games);
    const tafel_game_type *const *types = tafel_game_types();
    int rc = 0;
    for (int i = 0; types[i]; i++)
        if (types[i]->init)
            rc |= bench_game(types[i]->name, games);
    return rc;
}
