/* check_chance.h: checks that a game's sample_chance hook (game.h) picks exactly the outcome of
 * the generic walk over chance_outcomes, for any r, so that seeds replay alike with the hook. */
#ifndef TAFEL_TEST_CHECK_CHANCE_H
#define TAFEL_TEST_CHECK_CHANCE_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

/* The generic walk, written out independently of src/core: the first outcome with r < the sum
 * of the probabilities so far (added in double, in order), else the last. */
int32_t check_chance_walk(const tafel_chance *out, int n, double r);

/* Compare type->sample_chance with the walk at one chance node, for r = 0, the largest double
 * below 1, each cumulative boundary acc_i and the doubles next to it on either side, the middle
 * of each outcome's interval and `randoms` values drawn from rng. Returns the number of r values
 * compared, or -1 with the first disagreement in err ("r=0x1.8p-2: hook 7, walk 8"). */
int check_chance_node(const tafel_game *g, const void *state, tafel_rng *rng, int randoms,
                      char *err, size_t errlen);

/* Play `games` random games (game i seeded with seed + i; chance sampled with
 * tafel_sample_chance, moves uniformly) and run check_chance_node at every chance node with
 * `randoms` random r values each; also that legal_actions lists nothing there and at the end
 * (tafel_random_games tells those nodes by it). Fails the cmocka test (game, step, reason) on a
 * disagreement, or if the game has no sample_chance hook. Returns the number of chance nodes
 * checked. */
long check_sample_chance(const tafel_game *g, uint64_t seed, long games, int randoms);

#endif
