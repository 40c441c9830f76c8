/* arena.h: bots playing many games against each other: seat rotation on paired deals, results,
 * win rates with intervals, Elo, seat advantage, the results file that a killed run resumes
 * from, the sequential test (SPRT) and the JSON summary (used by `tafel arena`, tafel-mpi). */
#ifndef TAFEL_ARENA_H
#define TAFEL_ARENA_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

#define ARENA_MAX_LABELS 16

/* Where a run stands, handed to the progress callback after each finished game. */
typedef struct arena_progress {
    long done;                          /* games with a result, resumed ones included */
    long total;                         /* the upper bound (--games, rounded up) */
    long played;                        /* games finished by this process (for a rate) */
    long bot_games[TAFEL_MAX_PLAYERS];
    double bot_wins[TAFEL_MAX_PLAYERS];
    int sprt;                           /* 1 when a test runs: the fields below are set */
    double llr, llr_lo, llr_hi;
    long sprt_pairs;                    /* pairs the LLR is over (a prefix in deal order) */
} arena_progress;

typedef struct arena_config {
    const tafel_game *game;
    int num_bots;                             /* = game->num_players */
    char specs[TAFEL_MAX_PLAYERS][128];       /* bot i's spec */
    long games;                               /* rounded up to a multiple of num_bots */
    uint64_t seed;
    const char *records_dir;                  /* NULL: no records */
    int workers;                              /* games played at once */
    /* Called after each finished game (serialised; from any worker). */
    void (*progress)(void *ctx, const arena_progress *p);
    void *progress_ctx;
    /* Results file (JSON lines, one per finished game): NULL for none. With resume set it must
     * exist and belong to the same run; its games are not played again. */
    const char *results;
    int resume;
    /* Called with one line worth saying (a truncated last line ignored, games resumed). */
    void (*note)(void *ctx, const char *msg);
    void *note_ctx;
    /* Sequential probability ratio test of bot 0 against bot 1 (two bots only): elo1 > elo0. */
    int sprt;
    double sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta;
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

/* The test's outcome: decision 1 (H1: bot 0 is elo1 stronger), -1 (H0), 0 (none reached). */
typedef struct arena_sprt_result {
    int decision;
    long pairs;          /* pairs the final LLR is over */
    double llr, lo, hi;
    long pentanomial[5]; /* pairs in which bot 0 scored 0, 1/2, 1, 3/2, 2 */
} arena_sprt_result;

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
    long resumed;        /* games read from the results file, not played */
    long played;         /* games played by this run (with an SPRT, some may not count) */
    arena_sprt_result sprt;
} arena_result;

/* One finished game, as the results file holds it. */
typedef struct arena_game {
    int bot_at_seat[TAFEL_MAX_PLAYERS];
    int scores[TAFEL_MAX_PLAYERS];
    double returns[TAFEL_MAX_PLAYERS];
    long moves, actions;
    int has_labels;
    char labels[TAFEL_MAX_PLAYERS][32];
    char label_kind[32];
} arena_game;

/* Play c->games games: game k uses deal k / num_bots (its chance seed) and rotation
 * k % num_bots (seat s gets bot (s + rotation) % num_bots). Returns 0, or -1 with a reason
 * (bad spec, a bot's illegal move, a record or results file that cannot be written). */
int arena_run(const arena_config *c, arena_result *r, char *err, size_t errlen);
/* Validate the specs (bots only, no "human"): 0 or -1 with a reason. */
int arena_check_specs(const arena_config *c, char *err, size_t errlen);
/* Games a run plays at most: c->games rounded up to a multiple of the number of bots. */
long arena_total(const arena_config *c);
/* Play game k alone. With c->records_dir, *record gets its record as JSON text (free()); else
 * NULL. 0, or -1 with a reason. */
int arena_play(const arena_config *c, long k, arena_game *out, char **record, char *err,
               size_t errlen);
/* Add up games[0..n) in index order (so the sums do not depend on who played what when). */
void arena_tally(const arena_config *c, const arena_game *games, long n, arena_result *r);
/* 95% Wilson score interval for wins out of n. */
void arena_wilson(double wins, long n, double *lo, double *hi);
/* The Elo difference a win rate p means, 400 log10(p / (1 - p)): -/+infinity at 0 and 1. With
 * two bots the summary gives it for bot 0's win rate and its Wilson bounds (the interval). */
double arena_elo_of_rate(double p);
/* With two bots and games played: e = bot 0's Elo difference and its interval's bounds (from
 * its win rate and Wilson bounds), returns 1; else 0. The printed line and the summary's
 * elo_difference both come from here. */
int arena_elo_difference(const arena_config *c, const arena_result *r, double e[3]);
/* Per-player labels of a finished game (special cards in Die Tafelrunde 2): returns the label
 * kind ("special card") and fills labels[p], or NULL when the game has none. */
const char *arena_labels(const tafel_game *g, const void *state,
                         char labels[TAFEL_MAX_PLAYERS][32]);
/* The summary as JSON (caller owns the reference). */
json_t *arena_summary_json(const arena_config *c, const arena_result *r);
/* A finished game as one results line (no newline; free()), and back: 0 or -1 with a reason. */
char *arena_game_line(long k, const arena_game *g, int num_bots);
int arena_game_parse(const char *line, int num_bots, long *k, arena_game *g, char *err,
                     size_t errlen);
/* The results file's first line: what run it belongs to (free()). */
char *arena_header_line(const arena_config *c);

/* A run's bookkeeping, shared by the local arena and the MPI one (not thread-safe: callers
 * serialise). Opening creates or resumes the results file and makes the records folder. */
typedef struct arena_session arena_session;
arena_session *arena_session_open(const arena_config *c, char *err, size_t errlen);
/* The next game to play, or -1 when every game is handed out or the test has decided. */
long arena_session_next(arena_session *s);
/* Game k finished: its record (JSON text or NULL) written, its line appended and flushed. */
int arena_session_done(arena_session *s, long k, const arena_game *g, const char *record,
                       char *err, size_t errlen);
/* Stop handing out games (a failure elsewhere). */
void arena_session_stop(arena_session *s);
/* Sync and close the results file, add up the games (when all that were needed are there) and
 * free. 0, or -1 with a reason. */
int arena_session_close(arena_session *s, arena_result *r, char *err, size_t errlen);

/* SPRT on game pairs (docs/arena.md): the log-likelihood ratio of elo1 against elo0 from
 * pentanomial counts (pairs in which bot 0 scored 0, 1/2, 1, 3/2, 2 points), by the maximum
 * likelihood distributions whose mean is the score each Elo predicts. Unobserved outcomes count
 * as given (no smoothing); NAN when a hypothesis' score lies outside the observed range. */
double arena_sprt_llr(const double counts[5], double elo0, double elo1);
/* Wald's bounds: log(beta / (1 - alpha)) and log((1 - beta) / alpha). */
void arena_sprt_bounds(double alpha, double beta, double *lo, double *hi);
/* The LLR the run uses: zero counts smoothed to 1e-3 so a few lopsided pairs stay finite. */
double arena_sprt_llr_smoothed(const long counts[5], double elo0, double elo1);

#endif
