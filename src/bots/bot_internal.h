/* bot_internal.h: what the bot files share: parsed specs, the constructors, value helpers. */
#ifndef TAFEL_BOT_INTERNAL_H
#define TAFEL_BOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/bot.h"

typedef enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS } bot_kind;

#define BOT_CHANCE_STRAT 2 /* chance_nodes of chance=strat */
#define BOT_EXPAND_ALL 1000000 /* expand_plies of expand=all */

/* A parsed bot spec with every option filled in (defaults where not given). */
typedef struct bot_opts {
    bot_kind kind;
    long iters;        /* mcts: iterations per move (0: no limit) */
    double time;       /* mcts: seconds per move (0: no limit) */
    int threads;       /* mcts: root-parallel threads */
    double c;          /* mcts: UCT exploration constant */
    int depth;         /* mcts: playout moves before evaluate() cuts off (-1: to the end) */
    double margin;     /* mcts: weight of the score margin in the value (0..1) */
    double prior;      /* mcts: weight of the one-ply evaluate() bias on root moves */
    double scale;      /* mcts: how many points make a lead count (multiplier of the default) */
    int chance_nodes;  /* mcts: 1 = branch on chance outcomes the bot can see, drawn at random;
                        * BOT_CHANCE_STRAT: the same, each drawn in proportion (stratified) */
    int crn;           /* mcts: common random numbers below the root moves */
    int expand_plies;  /* mcts: a node fewer than this many player moves below the root gets
                        * all its children at once, valued by evaluate() (0: one per visit) */
    long nodes;        /* mcts: tree-node pool per thread (0: from the budget) */
    int samples;       /* greedy: determinizations/chance samples per action */
    unsigned set;      /* BOT_SET_*: options the spec gave (the others may take game defaults) */
} bot_opts;

enum {
    BOT_SET_C = 1,
    BOT_SET_DEPTH = 2,
    BOT_SET_EXPAND = 4,
    BOT_SET_SCALE = 8,
    BOT_SET_CRN = 16,
    BOT_SET_PRIOR = 32,
    BOT_SET_CHANCE = 64,
};

/* Fill the options the spec left open with what plays best in game g (bot_tuning.c). */
void bot_tune(bot_opts *o, const tafel_game *g);

/* Parse "name" or "name(key=value,...)". 0, or -1 with a one-line reason. */
int bot_parse_spec(const char *spec, bot_opts *o, char *err, size_t errlen);
int bot_num_cores(void);

void *bot_random_new(const tafel_game *g, const bot_opts *o, uint64_t seed);
int32_t bot_random_choose(tafel_bot *bot, const void *state);
void bot_random_free(tafel_bot *bot);

void *bot_greedy_new(const tafel_game *g, const bot_opts *o, uint64_t seed);
int32_t bot_greedy_choose(tafel_bot *bot, const void *state);
void bot_greedy_free(tafel_bot *bot);

/* Tree nodes per search thread: the spec's nodes, else from the iteration budget (at most 2^22). */
long bot_mcts_pool_size(const bot_opts *o);
void *bot_mcts_new(const tafel_game *g, const bot_opts *o, uint64_t seed);
int32_t bot_mcts_choose(tafel_bot *bot, const void *state);
void bot_mcts_free(tafel_bot *bot);

/* The bot's own recent decisions: where the rules allow undoing moves (Targi's 1:1 trades), a
 * deterministic bot could cycle forever; it does not choose again what it chose before in the
 * same information state. */
#define BOT_HISTORY 64
typedef struct bot_history {
    uint64_t hash[BOT_HISTORY];
    int32_t action[BOT_HISTORY];
    int n, next;
} bot_history;

int bot_history_banned(const bot_history *h, uint64_t hash, int32_t action);
void bot_history_add(bot_history *h, uint64_t hash, int32_t action);

/* Estimated final scores: evaluate(), or scores() when the game has none. */
void bot_estimate(const tafel_game *g, const void *state, double *out);
/* Value in [0,1] for each player from (estimated) scores: mostly who leads, a little by how much.
 * At a terminal state the game's returns replace the lead part. */
void bot_values(const tafel_game *g, const void *state, int terminal, const bot_opts *o,
                double *out);
/* Sample a chance outcome using a caller buffer of type->max_legal entries (no allocation). */
int32_t bot_sample_chance(const tafel_game *g, const void *state, tafel_chance *buf,
                          tafel_rng *rng);
/* Stratified sampling: of n outcomes c[] already met seen[i] times, the index of the one
 * furthest below its share c[i].prob * total (total: the meetings so far, this one included;
 * ties: the likelier, then the first). Drawn this way each outcome is met in proportion to its
 * probability, without the spread of random draws. */
int bot_stratified_pick(const tafel_chance *c, int n, const double *seen, double total);

#endif
