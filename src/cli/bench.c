/* bench.c: `tafel bench`: uniformly random playouts from fixed seeds on one core. The total
 * action count is a deterministic fingerprint of the rules (tests compare it). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

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
    return 0;
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
        return bench_one(argv[optind], games);
    const tafel_game_type *const *types = tafel_game_types();
    int rc = 0;
    for (int i = 0; types[i]; i++)
        if (types[i]->init)
            rc |= bench_one(types[i]->name, games);
    return rc;
}
