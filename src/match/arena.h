/* arena.h: bots playing many games against each other: seat rotation on paired deals, results,
 * win rates with intervals, Elo, seat advantage, and the JSON summary (used by `tafel arena`). */
#ifndef TAFEL_ARENA_H
#define TAFEL_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

#define ARENA_MAX_LABELS 16

typedef struct arena_config {
    const tafel_game *game;
    int num_bots;                             /* = game->num_players */
    char specs[TAFEL_MAX_PLAYERS][128];       /* bot i's spec */
    long games;                               /* rounded up to a multiple of num_bots */
    uint64_t seed;
    const char *records_dir;                  /* NULL: no records */
    int workers;                              /* games played at once */
    /* Called after each finished game (serialised; from any worker). */
    void (*progress)(void *ctx, long done, long total);
    void *progress_ctx;
} arena_config;

typedef struct arena_bot_stats {
    long games;
    double wins;        /* sum of returns: a shared win of k players counts 1/k */
    long outright;      /* games won alone */
    double score_sum;
    double elo;         /* relative: the bots' mean is 0 */
} arena_bot_stats;

typedef struct arena_seat_stats {
    long games;
    double wins;
    double score_sum;
} arena_seat_stats;

/* Win rate by a per-player label of the game (Die Tafelrunde 2: the special card). */
typedef struct arena_label_stats {
    char label[32];
    long games;
    double wins;
} arena_label_stats;

typedef struct arena_result {
    long games;
    arena_bot_stats bots[TAFEL_MAX_PLAYERS];
    arena_seat_stats seats[TAFEL_MAX_PLAYERS];
    double pair_points[TAFEL_MAX_PLAYERS][TAFEL_MAX_PLAYERS]; /* i against j: 1 win, 0.5 tie */
    long pair_games[TAFEL_MAX_PLAYERS][TAFEL_MAX_PLAYERS];
    double moves_sum;    /* player moves */
    double actions_sum;  /* all actions, chance included */
    char label_kind[32]; /* "" when the game has no labels */
    int num_labels;
    arena_label_stats labels[ARENA_MAX_LABELS];
} arena_result;

/* Play c->games games: game k uses deal k / num_bots (its chance seed) and rotation
 * k % num_bots (seat s gets bot (s + rotation) % num_bots). Returns 0, or -1 with a reason
 * (bad spec, a bot's illegal move, a record that cannot be written). */
int arena_run(const arena_config *c, arena_result *r, char *err, size_t errlen);
/* Validate the specs (bots only, no "human"): 0 or -1 with a reason. */
int arena_check_specs(const arena_config *c, char *err, size_t errlen);
/* 95% Wilson score interval for wins out of n. */
void arena_wilson(double wins, long n, double *lo, double *hi);
/* Per-player labels of a finished game (special cards in Die Tafelrunde 2): returns the label
 * kind ("special card") and fills labels[p], or NULL when the game has none. */
const char *arena_labels(const tafel_game *g, const void *state,
                         char labels[TAFEL_MAX_PLAYERS][32]);
/* The summary as JSON (caller owns the reference). */
json_t *arena_summary_json(const arena_config *c, const arena_result *r);

#endif
