/* bot.h: players that choose actions through the game API only (never reading hidden state).
 *
 * Specs: "random", "greedy", "greedy(samples=8)", "mcts", "mcts(iters=5000)", "mcts(time=1s)",
 * "mcts(time=500ms,threads=2,c=0.7)", and "human" for a person at the terminal.
 * mcts options: iters, time (1s, 500ms), threads (N or all; default all cores), c (UCT
 * exploration), depth (random playout moves before evaluate() scores the position; end = play
 * out to the end), expand (one: a new node gets one child per visit; all: all its children at
 * once, each valued by evaluate(); N: all at once within N player moves of the root), prior
 * (weight of a one-ply evaluate() bias on the root moves), crn (1: the k-th visit of every root
 * move meets the same chance outcomes), scale (multiplier of the points that make a lead
 * count), margin (0..1, weight of the score margin in the value of a finished game), chance
 * (tree: branch on chance outcomes the bot can see; strat: the same, but each outcome met in
 * proportion to its probability instead of drawn at random; open: do not branch), nodes (tree
 * pool per thread).
 * Options left out take defaults tuned per game (src/bots/bot_tuning.c). Without iters or
 * time, mcts thinks 1 s per move.
 * greedy option: samples (determinizations per move). */
#ifndef TAFEL_BOT_H
#define TAFEL_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

typedef struct tafel_bot tafel_bot;

struct tafel_bot {
    const tafel_game *game;
    int player;               /* the seat this bot plays */
    char spec[128];           /* the spec it was made from, e.g. "mcts(iters=5000)" */
    /* Choose a legal action for state, where current_player(state) == player. */
    int32_t (*choose)(tafel_bot *bot, const void *state);
    void (*destroy)(tafel_bot *bot);
    void *impl;
    long long iterations;     /* search iterations so far (mcts; all threads), for statistics */
    long long last_nodes;     /* tree nodes the last choice created (mcts; all threads) */
};

/* 1 if spec names a human seat ("human"). */
int tafel_bot_is_human(const char *spec);
/* Check a bot spec without creating a bot: 0, or -1 with a one-line reason (unknown bot,
 * unknown option, bad value). "human" is valid. */
int tafel_bot_check(const char *spec, char *err, size_t errlen);
/* Number of threads a bot of this spec uses while choosing (1 for random and greedy); 0 for
 * "human" or a bad spec. */
int tafel_bot_threads(const char *spec);
/* What a bot of a spec may cost while it chooses one move: a server refuses seats beyond its
 * limits with it. */
typedef struct tafel_bot_cost {
    int threads;              /* threads searching at once */
    double time;              /* seconds per move (0: no time limit) */
    long iters;               /* search iterations per move, all threads (0: no limit) */
    long nodes;               /* tree nodes each thread may allocate */
} tafel_bot_cost;
/* The cost of a spec: 0, or -1 for "human" or a bad spec. random and greedy: one thread, no
 * search. */
int tafel_bot_cost_of(const char *spec, tafel_bot_cost *out);
/* Create a bot for seat `player` (not for "human"). NULL with a reason on a bad spec. The same
 * spec, seed and sequence of states give the same choices (for mcts: with an iteration budget;
 * a time budget depends on the machine). */
tafel_bot *tafel_bot_new(const char *spec, const tafel_game *g, int player, uint64_t seed,
                         char *err, size_t errlen);
void tafel_bot_free(tafel_bot *bot);

#endif
