/* arena.c: `tafel arena`: bots play many games on rotated seats and paired deals; prints win
 * rates (Wilson 95%), mean scores, Elo, seat advantage and game length; writes a JSON summary,
 * game records and a results file to resume from on request; progress; the SPRT's verdict. */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "match/arena.h"
#include "cli/arena_cli.h"
#include "cli/cli.h"
#include "tafel/bot.h"

#define ARENA_USAGE                                                                          \
    "usage: tafel arena GAME --seats A,B[,C,D] --games N [--summary FILE.json] "            \
    "[--records DIR] [--results FILE] [--resume FILE] [--sprt ELO0,ELO1[,ALPHA,BETA]] "      \
    "[--progress SEC] [--seed S] [--jobs J]\n"                                               \
    "  --results FILE  one JSON line per finished game (default: next to the summary,\n"     \
    "                  SUMMARY.results.jsonl, or DIR/results.jsonl with --records)\n"         \
    "  --resume FILE   continue a killed run from its results file (same arguments)\n"       \
    "  --sprt E0,E1    stop when a sequential test decides between bot 0 being E0 or E1\n"    \
    "                  Elo stronger than bot 1 (alpha = beta = 0.05; docs/arena.md)\n"         \
    "  --progress SEC  a progress line every SEC seconds when stderr is no terminal (10)\n"

typedef struct {
    double start, last, every;
    int tty, shown;
    const arena_config *c;
} arena_bar;

static double arena_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* On a terminal a bar redrawn at most 10 times a second; otherwise a line every b->every s. */
static void arena_show_progress(void *ctx, const arena_progress *p)
{
    arena_bar *b = ctx;
    double now = arena_now(), el = now - b->start;
    if (now - b->last < (b->tty ? 0.1 : b->every) && p->done < p->total)
        return;
    b->last = now;
    double rate = el > 0 ? p->played / el : 0;
    char left[32] = "?";
    if (rate > 0) {
        long e = (long)((p->total - p->done) / rate + 0.5);
        snprintf(left, sizeof left, "%ld:%02ld:%02ld", e / 3600, e / 60 % 60, e % 60);
    }
    char line[1024];
    int n = snprintf(line, sizeof line, "%ld/%ld games, %.2f games/s, %s left", p->done,
                     p->total, rate, left);
    for (int i = 0; i < b->c->num_bots && n < (int)sizeof line; i++) {
        double lo, hi, g = p->bot_games[i] ? (double)p->bot_games[i] : 1;
        arena_wilson(p->bot_wins[i], p->bot_games[i], &lo, &hi);
        n += snprintf(line + n, sizeof line - (size_t)n, " | %.16s %.1f%% [%.1f, %.1f]",
                      b->c->specs[i], 100 * p->bot_wins[i] / g, 100 * lo, 100 * hi);
    }
    if (p->sprt && n < (int)sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, " | LLR %.2f [%.2f, %.2f]", p->llr,
                 p->llr_lo, p->llr_hi);
    if (b->tty) {
        int width = 20, fill = (int)(width * p->done / p->total);
        char bar[32];
        for (int i = 0; i < width; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[width] = 0;
        fprintf(stderr, "\r[%s] %s\033[K", bar, line);
    } else {
        fprintf(stderr, "arena: %s\n", line);
    }
    fflush(stderr);
    b->shown = b->tty;
}

static void arena_note(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "tafel: %s\n", msg);
}

static int arena_parse_count(const char *opt, const char *v, long max, long *out, char *err,
                             size_t errlen)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < 1 || x > max) {
        snprintf(err, errlen, "%s needs a positive integer, not '%s'", opt, v);
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
    double elo[3];
    if (arena_elo_difference(c, r, elo))
        printf("Elo difference of %s (from its win rate and interval): %+.0f [%+.0f, %+.0f]\n",
               c->specs[0], elo[0], elo[1], elo[2]);
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
    if (c->sprt) {
        const arena_sprt_result *t = &r->sprt;
        printf("SPRT elo0 %g, elo1 %g (alpha %g, beta %g): %s after %ld pairs, LLR %.3f "
               "[%.3f, %.3f]; pairs scoring 0/0.5/1/1.5/2: %ld %ld %ld %ld %ld\n",
               c->sprt_elo0, c->sprt_elo1, c->sprt_alpha, c->sprt_beta,
               t->decision > 0 ? "H1 accepted" : t->decision < 0 ? "H0 accepted"
                                                                 : "no decision",
               t->pairs, t->llr, t->lo, t->hi, t->pentanomial[0], t->pentanomial[1],
               t->pentanomial[2], t->pentanomial[3], t->pentanomial[4]);
    }
}

/* A file the run will write: refused now rather than after the last game (issue 16). */
static int arena_writable(const char *path, const char *opt, int is_dir, char *err,
                          size_t errlen)
{
    struct stat st;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    if (!stat(path, &st)) {
        if (!is_dir && S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s %s is a directory", opt, path);
            return -1;
        }
        if (is_dir && !S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s %s is not a directory", opt, path);
            return -1;
        }
        if (!access(path, W_OK))
            return 0;
        snprintf(err, errlen, "%s %s is not writable: %s", opt, path, strerror(errno));
        return -1;
    }
    /* Not there yet: a file's folder must exist; for a folder, the nearest one above that
     * exists (the records folder is made with its parents). */
    for (;;) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            snprintf(dir, sizeof dir, ".");
        else if (slash == dir)
            dir[1] = 0;
        else
            *slash = 0;
        if (!stat(dir, &st) || !is_dir || !slash || !strcmp(dir, "/"))
            break;
    }
    if (stat(dir, &st)) {
        snprintf(err, errlen, "%s %s: its folder does not exist", opt, path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode) || access(dir, W_OK)) {
        snprintf(err, errlen, "%s %s cannot be created: %s", opt, path,
                 S_ISDIR(st.st_mode) ? strerror(errno) : "a file is in the way");
        return -1;
    }
    return 0;
}

static int arena_parse_sprt(const char *v, arena_config *c, char *err, size_t errlen)
{
    double x[4] = {0, 0, 0.05, 0.05};
    int n = 0;
    const char *p = v;
    while (n < 4) {
        char *end;
        x[n++] = strtod(p, &end);
        if (end == p || (*end && *end != ',')) {
            n = 0;
            break;
        }
        if (!*end)
            break;
        p = end + 1;
    }
    if ((n != 2 && n != 4) || !(x[0] < x[1]) || !(x[2] > 0 && x[2] < 0.5) ||
        !(x[3] > 0 && x[3] < 0.5) || !isfinite(x[0]) || !isfinite(x[1])) {
        snprintf(err, errlen, "--sprt needs ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and "
                 "0 < ALPHA, BETA < 0.5, not '%s'", v);
        return -1;
    }
    c->sprt = 1;
    c->sprt_elo0 = x[0];
    c->sprt_elo1 = x[1];
    c->sprt_alpha = x[2];
    c->sprt_beta = x[3];
    return 0;
}

typedef struct {
    const char *seats, *summary, *records, *results, *resume, *in_records;
    long games, jobs;
    double every;
    uint64_t seed;
    char sprt[128];
    char results_buf[4200];
} arena_opts;

/* Options and checks; 0 to play, 1 when --help was printed, 2 on bad input (err says why). */
static int arena_parse(int argc, char **argv, const cli_arena_hooks *h, arena_opts *o,
                       arena_config *cfg, tafel_game *g, char *err, size_t errlen)
{
    static const struct option opts[] = {
        {"seats", required_argument, NULL, 's'},
        {"games", required_argument, NULL, 'g'},
        {"summary", required_argument, NULL, 'o'},
        {"records", required_argument, NULL, 'r'},
        {"results", required_argument, NULL, 'R'},
        {"resume", required_argument, NULL, 'u'},
        {"sprt", required_argument, NULL, 'T'},
        {"progress", required_argument, NULL, 'p'},
        {"seed", required_argument, NULL, 'S'},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:g:o:r:R:u:T:p:S:j:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            o->seats = optarg;
            break;
        case 'g':
            if (arena_parse_count("--games", optarg, 100000000L, &o->games, err, errlen))
                return 2;
            break;
        case 'o':
            o->summary = optarg;
            break;
        case 'r':
            o->records = optarg;
            break;
        case 'R':
            o->results = optarg;
            break;
        case 'u':
            o->resume = optarg;
            break;
        case 'T':
            snprintf(o->sprt, sizeof o->sprt, "%s", optarg);
            if (arena_parse_sprt(optarg, cfg, err, errlen))
                return 2;
            break;
        case 'p': {
            char *end;
            o->every = strtod(optarg, &end);
            if (*end || !*optarg || !(o->every > 0 && o->every < 1e6)) {
                snprintf(err, errlen, "--progress needs seconds > 0, not '%s'", optarg);
                return 2;
            }
            break;
        }
        case 'S': {
            if (cli_parse_seed(optarg, &o->seed)) {
                snprintf(err, errlen, "--seed needs an integer from 0 to 2^64-1, not '%s'",
                         optarg);
                return 2;
            }
            break;
        }
        case 'j':
            if (arena_parse_count("--jobs", optarg, 64, &o->jobs, err, errlen))
                return 2;
            break;
        case 'h':
            if (!h->quiet)
                printf(ARENA_USAGE);
            return 1;
        case ':':
            snprintf(err, errlen, "option %s needs a value", argv[optind - 1]);
            return 2;
        default:
            snprintf(err, errlen, "unknown option '%s'", argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        snprintf(err, errlen, "arena needs exactly one GAME (see: tafel arena --help)");
        return 2;
    }
    if (!o->seats || !o->games) {
        snprintf(err, errlen, "arena needs --seats and --games (see: tafel arena --help)");
        return 2;
    }
    char e[TAFEL_ERR_LEN - 32];
    int n = cli_split_seats(o->seats, cfg->specs, e, sizeof e);
    if (n < 0) {
        snprintf(err, errlen, "%s", e);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        if (tafel_bot_is_human(cfg->specs[i])) {
            snprintf(err, errlen, "seat %d: the arena needs bots, not 'human'", i);
            return 2;
        }
        if (tafel_bot_check(cfg->specs[i], e, sizeof e)) {
            snprintf(err, errlen, "seat %d: %s", i, e);
            return 2;
        }
    }
    const char *spec = argv[optind];
    if (tafel_game_load(g, spec, e, sizeof e)) {
        snprintf(err, errlen, "%s", e);
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
        if (tafel_game_load(g, spec2, e, sizeof e)) {
            snprintf(err, errlen, "%s", e);
            return 2;
        }
    }
    cfg->game = g;
    cfg->num_bots = n;
    cfg->games = o->games;
    cfg->seed = o->seed;
    cfg->records_dir = o->records;
    if (arena_check_specs(cfg, err, errlen))
        return 2;
    if (cfg->sprt && n != 2) {
        snprintf(err, errlen, "--sprt compares two bots, not %d", n);
        return 2;
    }
    /* The results file: named, resumed, or next to the summary or the records. */
    if (o->resume && o->results && strcmp(o->resume, o->results)) {
        snprintf(err, errlen, "--resume %s and --results %s name different files", o->resume,
                 o->results);
        return 2;
    }
    if (o->resume)
        o->results = o->resume;
    if (!o->results && o->summary) {
        size_t len = strlen(o->summary);
        int strip = len > 5 && !strcmp(o->summary + len - 5, ".json");
        snprintf(o->results_buf, sizeof o->results_buf, "%.*s.results.jsonl",
                 (int)(strip ? len - 5 : len), o->summary);
        o->results = o->results_buf;
    } else if (!o->results && o->records) {
        snprintf(o->results_buf, sizeof o->results_buf, "%s/results.jsonl", o->records);
        o->results = o->in_records = o->results_buf; /* made with the records folder */
    }
    cfg->results = o->results;
    cfg->resume = o->resume != NULL;
    if (h->quiet)
        return 0;
    if (o->resume && access(o->resume, R_OK | W_OK)) {
        snprintf(err, errlen, "--resume %s: %s", o->resume, strerror(errno));
        return 2;
    }
    if ((o->summary && arena_writable(o->summary, "--summary", 0, err, errlen)) ||
        (o->records && arena_writable(o->records, "--records", 1, err, errlen)) ||
        (o->results && !o->resume && o->results != o->in_records &&
         arena_writable(o->results, "--results", 0, err, errlen)))
        return 2;
    if (o->results && !o->resume) {
        struct stat st;
        if (!stat(o->results, &st) && st.st_size > 0) {
            snprintf(err, errlen, "%s exists: continue that run with --resume %s, or remove "
                     "it", o->results, o->results);
            return 2;
        }
    }
    return 0;
}

int cli_arena_main(int argc, char **argv, const cli_arena_hooks *hooks)
{
    static const cli_arena_hooks local = {0, NULL, NULL, NULL};
    const cli_arena_hooks *h = hooks ? hooks : &local;
    arena_opts o;
    memset(&o, 0, sizeof o);
    o.every = 10;
    o.seed = 1;
    arena_config cfg;
    memset(&cfg, 0, sizeof cfg);
    tafel_game g;
    char err[TAFEL_ERR_LEN] = "";
    int rc = arena_parse(argc, argv, h, &o, &cfg, &g, err, sizeof err);
    if (rc == 2 && !h->quiet)
        fprintf(stderr, "tafel: %s\n", err);
    if (h->gate)
        rc = h->gate(h->ctx, rc);
    if (rc)
        return rc == 1 ? 0 : rc;
    /* Parallel games only when no bot uses threads of its own. */
    int single = 1;
    for (int i = 0; i < cfg.num_bots; i++)
        single &= tafel_bot_threads(cfg.specs[i]) == 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.workers = o.jobs ? (int)o.jobs : single ? (int)(cores < 1 ? 1 : cores) : 1;
    if (o.games % cfg.num_bots && !h->quiet)
        fprintf(stderr, "tafel: playing %ld games so that every bot plays every seat\n",
                arena_total(&cfg));
    arena_bar bar = {arena_now(), arena_now(), o.every, isatty(fileno(stderr)), 0, &cfg};
    if (!h->quiet) {
        cfg.progress = arena_show_progress;
        cfg.progress_ctx = &bar;
        cfg.note = arena_note;
    }
    arena_result res;
    rc = h->run ? h->run(h->ctx, &cfg, &res, err, sizeof err)
                : arena_run(&cfg, &res, err, sizeof err);
    if (bar.shown)
        fputc('\n', stderr);
    if (rc < 0) {
        if (!h->quiet)
            fprintf(stderr, "tafel: %s\n", err);
        return 1;
    }
    if (rc > 0 || h->quiet)
        return 0;
    double el = arena_now() - bar.start;
    long played = res.played;
    fprintf(stderr, "tafel: played %ld games in %.1f s (%.2f games/s)", played, el,
            el > 0 ? played / el : 0);
    if (cfg.results)
        fprintf(stderr, "; %ld resumed; results in %s", res.resumed, cfg.results);
    fputc('\n', stderr);
    arena_print(&cfg, &res);
    if (o.summary) {
        json_t *j = arena_summary_json(&cfg, &res);
        int wrc = json_dump_file(j, o.summary, JSON_INDENT(2));
        json_decref(j);
        if (wrc) {
            fprintf(stderr, "tafel: cannot write %s\n", o.summary);
            return 1;
        }
    }
    return 0;
}

int cli_arena(int argc, char **argv)
{
    return cli_arena_main(argc, argv, NULL);
}
