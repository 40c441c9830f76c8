/* match.h: one game being played: a loaded game, its seats (human or bot spec), the state, the
 * chance rng, the action log and record, and turn flow. Terminal play, the arena and the server
 * all drive games through it, so none of them holds a copy of the play loop.
 *
 * Turn flow: tafel_match_to_move() says who acts. At TAFEL_CHANCE call
 * tafel_match_sample_chance(); at a bot's seat tafel_match_bot_choose() (or choose on a snapshot
 * in another thread, see tafel_match_bot()); at a human's seat the caller gets the action from
 * the person. Every action goes through tafel_match_apply(), which checks index, turn and
 * legality, and tells the observer.
 *
 * Chance: the match's rng (seeded with the seed) advances by exactly one draw per chance node,
 * whether the outcome was sampled by the match or applied from outside (a record). So a match
 * reloaded from a record continues with the same future draws as one never interrupted.
 *
 * Resignation: tafel_match_resign() ends the game for everyone. The resigning seat's return is
 * 0; the other seats with the highest current score (the game's scores()) share 1. The record
 * keeps the actions and gets that result marked as a resignation (docs/records.md: "resigned"
 * in its result); tafel_match_result() and tafel_match_resigned() report it too.
 *
 * A match is not thread-safe: its owner serialises calls. It touches a seat's bot only in
 * tafel_match_bot_choose() and tafel_match_free(). */
#ifndef TAFEL_MATCH_H
#define TAFEL_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/bot.h"
#include "tafel/game.h"
#include "tafel/record.h"

typedef struct tafel_match tafel_match;

/* Called after every applied action, chance included, in order: index is the action's position
 * in the log (0, 1, ...), player who acted (TAFEL_CHANCE for chance), before/after the states
 * around it (valid during the call only). */
typedef void (*tafel_match_observer)(void *ctx, const tafel_match *m, size_t index, int player,
                                     int32_t action, const void *before, const void *after);

/* A match of the game string `game` with num_seats seats ("human" or a bot spec). Unless the
 * game string names players=, the seats fix the number of players. Chance is drawn from seed;
 * seat p's bot is seeded with tafel_rng_mix(seed, p + 1). NULL with a one-line reason on a bad
 * game string, a bad seat spec ("seat 1: unknown bot 'foo'") or a wrong seat count. */
tafel_match *tafel_match_new(const char *game, const char *const *seats, int num_seats,
                             uint64_t seed, char *err, size_t errlen);
/* Same for a loaded game (g->num_players seats). bot_seeds: seat p's bot seed, or NULL for the
 * default above. */
tafel_match *tafel_match_new_game(const tafel_game *g, const char *const *seats, uint64_t seed,
                                  const uint64_t *bot_seeds, char *err, size_t errlen);
/* Replay a record (its game, seats, seed and actions, each checked like tafel_match_apply; a
 * record without seats gets "human" everywhere). A stored result must match the replay; a
 * resigned one resigns that seat after the last action (the match is then over).
 * NULL with "action 12: ..." or another one-line reason. */
tafel_match *tafel_match_from_record(const tafel_record *r, char *err, size_t errlen);
void tafel_match_free(tafel_match *m);

void tafel_match_set_observer(tafel_match *m, tafel_match_observer fn, void *ctx);

const tafel_game *tafel_match_game(const tafel_match *m);
/* The current state (valid until the next apply; copy it with tafel_state_copy). */
const void *tafel_match_state(const tafel_match *m);
uint64_t tafel_match_seed(const tafel_match *m);
int tafel_match_num_seats(const tafel_match *m);
/* Seat p's spec ("human", "mcts(iters=500)", ...). */
const char *tafel_match_seat(const tafel_match *m, int p);
/* Seat p's bot, NULL for a human seat. To choose without holding the match (a server's worker
 * thread): copy tafel_match_state(), call bot->choose(bot, copy) while nobody else uses this
 * bot, then tafel_match_apply() with the index of the snapshot; if the match moved on
 * meanwhile, the stale index is refused. */
tafel_bot *tafel_match_bot(const tafel_match *m, int p);

/* The player to act, TAFEL_CHANCE, or TAFEL_TERMINAL (game over or resigned). */
int tafel_match_to_move(const tafel_match *m);
/* 1 when the player to act is a bot. */
int tafel_match_bot_to_move(const tafel_match *m);
int tafel_match_is_over(const tafel_match *m);
/* Index of the next action = number of actions applied so far. */
size_t tafel_match_num_actions(const tafel_match *m);

/* At a chance node: sample an outcome from the match's rng and apply it. Returns the action, or
 * -1 when the match is not at a chance node. */
int32_t tafel_match_sample_chance(tafel_match *m);
/* The bot to move chooses on the match's state (not applied). -1 when no bot is to move. */
int32_t tafel_match_bot_choose(tafel_match *m);
/* Apply `action` for `player` (a seat, or TAFEL_CHANCE for a chance outcome chosen outside)
 * as action number `index`. Refused with -1, a one-line reason and nothing changed when the
 * index is not tafel_match_num_actions(), the game is over, it is not player's turn or the
 * action is illegal. */
int tafel_match_apply(tafel_match *m, size_t index, int player, int32_t action, char *err,
                      size_t errlen);

/* Seat p resigns (see the top of this file). -1 with a reason when p is no seat or the game is
 * already over. */
int tafel_match_resign(tafel_match *m, int p, char *err, size_t errlen);
/* The seat that resigned, or -1. */
int tafel_match_resigned(const tafel_match *m);
/* When the game is over: scores and returns (either may be NULL) and 0; else -1. */
int tafel_match_result(const tafel_match *m, int *scores, double *returns);
/* The record so far: game, seats, seed, actions, and the result once the game has ended (by
 * its rules or a resignation). Valid until the next call that changes the match. */
const tafel_record *tafel_match_record(const tafel_match *m);

#endif
