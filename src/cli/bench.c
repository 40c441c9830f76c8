/* bench.c: `tafel bench`: uniformly random playouts from fixed seeds on one core, then mcts on
 * fixed positions. The playouts' action count is a deterministic fingerprint of the rules (tests
 * compare it); the tree nodes and actions of the first mcts decision on each position are one of
 * the search (independent of timing). Speeds are timed over several passes of at least S seconds
 * each and quoted as median and spread, since one short run on a shared machine says little. */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "tafel/bot.h"

#define BENCH_POSITIONS 8
#define BENCH_MCTS "mcts(iters=200,threads=1)"
#define BENCH_MAX_PASSES 100

typedef struct {
    long games;     /* the fingerprint run: seeds 0..games-1 */
    int passes;     /* timed passes per figure */
    double seconds; /* each pass runs at least this long (0: the least work that gives a figure) */
    int json;
} bench_opts;

/* Median, quartiles and range of one figure over the passes. */
typedef struct {
    double min, q1, median, q3, max;
} bench_stats;

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The machine's own speed: steps per second of a chain of dependent multiply-adds (no memory,
 * no branch to mispredict), over a fixed count of about 20 ms. Our code does not move it, the
 * host does (its clock, its other tenants): a reading whose probe is lower than usual was taken
 * in a slow spell of the host, for every figure alike. */
static double bench_host_probe(void)
{
    const long steps = 1L << 24;
    uint64_t x = (uint64_t)clock();
    double t0 = bench_now();
    for (long i = 0; i < steps; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        __asm__ volatile("" : "+r"(x)); /* one step at a time, as written */
    }
    double el = bench_now() - t0;
    return el > 0 ? steps / el : 0;
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quantile q of sorted v[0..n) by linear interpolation between order statistics. */
static double bench_quantile(const double *v, int n, double q)
{
    double pos = q * (n - 1);
    int i = (int)pos;
    return i + 1 < n ? v[i] + (pos - i) * (v[i + 1] - v[i]) : v[n - 1];
}

static bench_stats bench_summarise(const double *x, int n)
{
    double v[BENCH_MAX_PASSES];
    memcpy(v, x, sizeof v[0] * (size_t)n);
    qsort(v, (size_t)n, sizeof v[0], bench_cmp);
    return (bench_stats){v[0], bench_quantile(v, n, 0.25), bench_quantile(v, n, 0.5),
                         bench_quantile(v, n, 0.75), v[n - 1]};
}

static json_t *bench_stats_json(bench_stats s)
{
    return json_pack("{s:f,s:f,s:f,s:f,s:f}", "median", s.median, "min", s.min, "q1", s.q1, "q3",
                     s.q3, "max", s.max);
}

/* One timed pass of random playouts: batches of games (seeds counting up from 0, the batch
 * doubling while short) until at least `seconds` have passed. */
static void bench_random_pass(const tafel_game *g, double seconds, double *games_s,
                              double *actions_s)
{
    long games = 0, batch = 16;
    long long actions = 0;
    double t0 = bench_now(), el;
    for (;;) {
        actions += tafel_random_games(g, (uint64_t)games, batch);
        games += batch;
        el = bench_now() - t0;
        if (el >= seconds)
            break;
        if (el < seconds / 8)
            batch *= 2;
    }
    if (el <= 0)
        el = 1e-9;
    *games_s = games / el;
    *actions_s = actions / el;
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

/* One timed pass of mcts on one core with fresh bots: decisions cycle over the positions until
 * at least `seconds` have passed and each position had one. The first decision on each position
 * adds its tree nodes to *nodes and its action to the hash *decisions, so every pass yields the
 * same search fingerprint. Returns iterations per second, or -1 if no bot could be made. */
/* noinline: callgrind then reports the search's cost under this name (docs/speed.md) */
__attribute__((noinline)) static double bench_mcts_pass(const tafel_game *g,
                                                        unsigned char *const *states, int n,
                                                        double seconds, long long *nodes,
                                                        uint64_t *decisions)
{
    tafel_bot *bots[TAFEL_MAX_PLAYERS] = {0};
    char err[TAFEL_ERR_LEN];
    int ok = 1;
    for (int p = 0; p < g->num_players; p++)
        ok &= (bots[p] = tafel_bot_new(BENCH_MCTS, g, p, 1, err, sizeof err)) != NULL;
    long long iters = 0;
    double t0 = bench_now(), el = 0;
    *nodes = 0;
    *decisions = 0;
    for (int k = 0; ok && n > 0 && (el < seconds || k < n); k++) {
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
    if (!ok)
        return -1;
    return el > 0 ? iters / el : 0;
}

static void bench_print_stats(const char *label, bench_stats s, const char *unit)
{
    printf("  %-14s median %.0f %s (min %.0f, max %.0f", label, s.median, unit, s.min, s.max);
}

/* Bench one game string; appends its figures to arr when --json. */
static int bench_one(const char *spec, const bench_opts *o, json_t *arr)
{
    tafel_game g;
    char err[TAFEL_ERR_LEN], name[256];
    if (tafel_game_load(&g, spec, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    tafel_game_to_string(&g, name, sizeof name);
    int rc = 0;
    double host_before = bench_host_probe();
    /* The fingerprint run, untimed: it also warms the caches for the timed passes. */
    long long fp = tafel_random_games(&g, 0, o->games);
    double gs[BENCH_MAX_PASSES], as[BENCH_MAX_PASSES], is[BENCH_MAX_PASSES];
    for (int i = 0; i < o->passes; i++)
        bench_random_pass(&g, o->seconds, &gs[i], &as[i]);
    bench_stats games_s = bench_summarise(gs, o->passes);
    bench_stats actions_s = bench_summarise(as, o->passes);
    if (!o->json) {
        printf("%s\n", name);
        bench_print_stats("random games:", games_s, "games/s");
        printf("), median %.0f actions/s (one core, %d pass%s of >= %g s)\n", actions_s.median,
               o->passes, o->passes > 1 ? "es" : "", o->seconds);
        printf("  fingerprint:   %lld actions\n", fp);
        fflush(stdout);
    }
    unsigned char *states[BENCH_POSITIONS];
    int n = bench_positions(&g, states);
    long long nodes = 0;
    uint64_t decisions = 0;
    for (int i = 0; i < o->passes; i++) {
        long long nd;
        uint64_t dh;
        is[i] = bench_mcts_pass(&g, states, n, o->seconds, &nd, &dh);
        if (i > 0 && (nd != nodes || dh != decisions)) {
            fprintf(stderr, "tafel: %s: the search fingerprint differs between passes\n", name);
            rc = 1;
        }
        nodes = nd;
        decisions = dh;
    }
    for (int i = 0; i < n; i++)
        free(states[i]);
    bench_stats iters_s = bench_summarise(is, o->passes);
    double host_after = bench_host_probe();
    char dhex[17];
    snprintf(dhex, sizeof dhex, "%016llx", (unsigned long long)decisions);
    if (!o->json) {
        bench_print_stats("mcts:", iters_s, "iterations/s");
        printf("; one core, %s, %d positions, %d pass%s)\n", BENCH_MCTS, BENCH_POSITIONS,
               o->passes, o->passes > 1 ? "es" : "");
        printf("  search:        %lld nodes, decisions %s (fingerprint)\n", nodes, dhex);
        printf("  host:          %.0f M steps/s before, %.0f M after (a dependent chain: the "
               "machine's own speed)\n",
               host_before / 1e6, host_after / 1e6);
        fflush(stdout);
        return rc;
    }
    json_array_append_new(
        arr, json_pack("{s:s,s:{s:o,s:o,s:I,s:I},s:{s:s,s:i,s:o,s:I,s:s},s:{s:f,s:f}}", "game",
                       name, "random", "games_per_s", bench_stats_json(games_s),
                       "actions_per_s", bench_stats_json(actions_s), "fingerprint_games",
                       (json_int_t)o->games, "fingerprint_actions", (json_int_t)fp, "mcts",
                       "bot", BENCH_MCTS, "positions", n, "iterations_per_s",
                       bench_stats_json(iters_s), "nodes", (json_int_t)nodes, "decisions", dhex,
                       "host_steps_per_s", "before", host_before, "after", host_after));
    return rc;
}

/* A bare game name benches these variants, the headline figure first; Carcassonne's headline
 * is the base game, as the speed target is stated for it. */
static const char *const bench_variants[][5] = {
    {"carcassonne", "carcassonne(tatan=off,inns_cathedrals=off)",
     "carcassonne(tatan=on,inns_cathedrals=off)", "carcassonne(tatan=off,inns_cathedrals=full)",
     "carcassonne"},
    {"tafelrunde2", "tafelrunde2", "tafelrunde2(players=3)", "tafelrunde2(players=4)", NULL},
};

static int bench_game(const char *spec, const bench_opts *o, json_t *arr)
{
    for (size_t i = 0; i < sizeof bench_variants / sizeof *bench_variants; i++) {
        if (strcmp(spec, bench_variants[i][0]))
            continue;
        int rc = 0;
        for (int k = 1; k < 5 && bench_variants[i][k]; k++)
            rc |= bench_one(bench_variants[i][k], o, arr);
        return rc;
    }
    return bench_one(spec, o, arr);
}

static const char bench_usage[] =
    "usage: tafel bench [GAME] [--games N] [--passes N] [--seconds S] [--quick] [--json]\n";

static int bench_parse(const char *opt, const char *arg, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(arg, &end);
    if (end == arg || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "tafel: %s needs a number from %g to %g, not '%s'\n", opt, lo, hi, arg);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_bench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"games", required_argument, NULL, 'g'}, {"passes", required_argument, NULL, 'p'},
        {"seconds", required_argument, NULL, 's'}, {"quick", no_argument, NULL, 'q'},
        {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bench_opts o = {20000, 5, 1.0, 0};
    int c;
    double v;
    optind = 1;
    while ((c = getopt_long(argc, argv, "g:p:s:qjh", opts, NULL)) != -1) {
        if (c == 'g') {
            char *end;
            o.games = strtol(optarg, &end, 10);
            if (*end || o.games < 1) {
                fprintf(stderr, "tafel: --games needs a positive integer, not '%s'\n", optarg);
                return 2;
            }
        } else if (c == 'p') {
            if (bench_parse("--passes", optarg, 1, BENCH_MAX_PASSES, &v))
                return 2;
            if (v != (int)v) {
                fprintf(stderr, "tafel: --passes needs a whole number, not '%s'\n", optarg);
                return 2;
            }
            o.passes = (int)v;
        } else if (c == 's') {
            if (bench_parse("--seconds", optarg, 0, 3600, &o.seconds))
                return 2;
        } else if (c == 'q') {
            /* for tests: the fingerprints and one short pass of each figure */
            o.passes = 1;
            o.seconds = 0;
        } else if (c == 'j') {
            o.json = 1;
        } else if (c == 'h') {
            printf("%s", bench_usage);
            return 0;
        } else {
            return 2;
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, "%s", bench_usage);
        return 2;
    }
    json_t *arr = o.json ? json_array() : NULL;
    int rc = 0;
    if (optind == argc - 1) {
        rc = bench_game(argv[optind], &o, arr);
    } else {
        const tafel_game_type *const *types = tafel_game_types();
        for (int i = 0; types[i]; i++)
            if (types[i]->init)
                rc |= bench_game(types[i]->name, &o, arr);
    }
    if (arr) {
        if (rc != 2) {
            json_t *doc = json_pack("{s:i,s:f,s:o}", "passes", o.passes, "seconds", o.seconds,
                                    "bench", arr);
            json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
            printf("\n");
            json_decref(doc);
        } else {
            json_decref(arr);
        }
    }
    return rc;
}
