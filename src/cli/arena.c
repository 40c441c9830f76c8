/* arena.c: `tafel arena`: bots play many games on rotated seats and paired deals; prints win
 * rates (Wilson 95%), mean scores, Elo, seat advantage and game length; writes a JSON summary and
 * game records on request. */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "match/arena.h"
#include "cli/cli.h"
#include "tafel/bot.h"

#define ARENA_USAGE                                                                          \
    "usage: tafel arena GAME --seats A,B[,C,D] --games N [--summary FILE.json] "            \
    "[--records DIR] [--seed S] [--jobs J]\n"

typedef struct {
    double start;
    int shown;
} arena_bar;

static double arena_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void arena_progress(void *ctx, long done, long total)
{
    arena_bar *b = ctx;
    double el = arena_now() - b->start;
    double eta = done ? el / done * (total - done) : 0;
    int width = 30, fill = (int)(width * done / total);
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    long e = (long)(eta + 0.5);
    fprintf(stderr, "\r[%s] %ld/%ld  ETA %ld:%02ld:%02ld ", bar, done, total, e / 3600,
            e / 60 % 60, e % 60);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
    b->shown = 1;
}

static int arena_parse_count(const char *opt, const char *v, long max, long *out)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < 1 || x > max) {
        fprintf(stderr, "tafel: %s needs a positive integer, not '%s'\n", opt, v);
        return -1;
    }
    *out = x;
    return 0;
}

static void arena_print(const arena_config *c, const arena_result *r)
{
    char name[512];
    tafel_game_to_string(c->game, name, sizeof name);
    printf("%s: %ld games (%ld deals x %d seatings), seed %llu\n", name, r->games,
           r->games / c->num_bots, c->num_bots, (unsigned long long)c->seed);
    printf("%-32s %6s %9s  %-17s %10s %7s\n", "bot", "games", "win rate", "95% interval",
           "mean score", "Elo");
    for (int i = 0; i < c->num_bots; i++) {
        const arena_bot_stats *b = &r->bots[i];
        double lo, hi, n = b->games ? (double)b->games : 1;
        arena_wilson(b->wins, b->games, &lo, &hi);
        char iv[32];
        snprintf(iv, sizeof iv, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        printf("%-32s %6ld %8.1f%%  %-17s %10.2f %+7.0f\n", c->specs[i], b->games,
               100 * b->wins / n, iv, b->score_sum / n, b->elo);
    }
    printf("%-6s %9s %10s %10s\n", "seat", "win rate", "advantage", "mean score");
    for (int s = 0; s < c->num_bots; s++) {
        const arena_seat_stats *st = &r->seats[s];
        double n = st->games ? (double)st->games : 1;
        printf("%-6d %8.1f%% %+9.1f%% %10.2f\n", s, 100 * st->wins / n,
               100 * (st->wins / n - 1.0 / c->num_bots), st->score_sum / n);
    }
    double n = r->games ? (double)r->games : 1;
    printf("mean game length: %.1f moves (%.1f actions with chance)\n", r->moves_sum / n,
           r->actions_sum / n);
    if (r->label_kind[0]) {
        printf("win rate by %s:\n", r->label_kind);
        for (int i = 0; i < r->num_labels; i++) {
            const arena_label_stats *l = &r->labels[i];
            double lo, hi;
            arena_wilson(l->wins, l->games, &lo, &hi);
            printf("  %-20s %6ld games %8.1f%%  [%.1f%%, %.1f%%]\n", l->label, l->games,
                   100 * l->wins / (l->games ? l->games : 1), 100 * lo, 100 * hi);
        }
    }
}

int cli_arena(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seats", required_argument, NULL, 's'},
        {"games", required_argument, NULL, 'g'},
        {"summary", required_argument, NULL, 'o'},
        {"records", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *seats = NULL, *summary = NULL, *records = NULL;
    long games = 0, jobs = 0;
    uint64_t seed = 1;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:g:o:r:S:j:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            seats = optarg;
            break;
        case 'g':
            if (arena_parse_count("--games", optarg, 100000000L, &games))
                return 2;
            break;
        case 'o':
            summary = optarg;
            break;
        case 'r':
            records = optarg;
            break;
        case 'S': {
            char *end;
            seed = strtoull(optarg, &end, 10);
            if (*end || !*optarg || *optarg == '-') {
                fprintf(stderr, "tafel: --seed needs a non-negative integer, not '%s'\n", optarg);
                return 2;
            }
            break;
        }
        case 'j':
            if (arena_parse_count("--jobs", optarg, 64, &jobs))
                return 2;
            break;
        case 'h':
            printf(ARENA_USAGE);
            return 0;
        case ':':
            fprintf(stderr, "tafel: option %s needs a value\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "tafel: unknown option '%s'\n", argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "tafel: arena needs exactly one GAME (see: tafel arena --help)\n");
        return 2;
    }
    if (!seats || !games) {
        fprintf(stderr, "tafel: arena needs --seats and --games (see: tafel arena --help)\n");
        return 2;
    }
    arena_config cfg;
    memset(&cfg, 0, sizeof cfg);
    char err[TAFEL_ERR_LEN];
    int n = cli_split_seats(seats, cfg.specs, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        if (tafel_bot_is_human(cfg.specs[i])) {
            fprintf(stderr, "tafel: seat %d: the arena needs bots, not 'human'\n", i);
            return 2;
        }
        if (tafel_bot_check(cfg.specs[i], err, sizeof err)) {
            fprintf(stderr, "tafel: seat %d: %s\n", i, err);
            return 2;
        }
    }
    const char *spec = argv[optind];
    tafel_game g;
    if (tafel_game_load(&g, spec, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    /* The seats fix the number of players unless the game string names it. */
    if (!strstr(spec, "players=")) {
        char spec2[600];
        const char *open = strchr(spec, '(');
        if (open)
            snprintf(spec2, sizeof spec2, "%.*s(players=%d,%s", (int)(open - spec), spec, n,
                     open + 1);
        else
            snprintf(spec2, sizeof spec2, "%s(players=%d)", spec, n);
        if (tafel_game_load(&g, spec2, err, sizeof err)) {
            fprintf(stderr, "tafel: %s\n", err);
            return 2;
        }
    }
    cfg.game = &g;
    cfg.num_bots = n;
    cfg.games = games;
    cfg.seed = seed;
    cfg.records_dir = records;
    if (arena_check_specs(&cfg, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    /* Parallel games only when no bot uses threads of its own. */
    int single = 1;
    for (int i = 0; i < n; i++)
        single &= tafel_bot_threads(cfg.specs[i]) == 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.workers = jobs ? (int)jobs : single ? (int)(cores < 1 ? 1 : cores) : 1;
    if (games % n)
        fprintf(stderr, "tafel: playing %ld games so that every bot plays every seat\n",
                (games + n - 1) / n * n);
    arena_bar bar = {arena_now(), 0};
    if (isatty(fileno(stderr))) {
        cfg.progress = arena_progress;
        cfg.progress_ctx = &bar;
    }
    arena_result res;
    if (arena_run(&cfg, &res, err, sizeof err)) {
        if (bar.shown)
            fputc('\n', stderr);
        fprintf(stderr, "tafel: %s\n", err);
        return 1;
    }
    arena_print(&cfg, &res);
    if (summary) {
        json_t *j = arena_summary_json(&cfg, &res);
        int rc = json_dump_file(j, summary, JSON_INDENT(2));
        json_decref(j);
        if (rc) {
            fprintf(stderr, "tafel: cannot write %s\n", summary);
            return 1;
        }
    }
    return 0;
}
