/* flat.h: a flat entry point to libtafel for foreign-function callers (the Python package).
 *
 * Everything is an opaque handle, a number, an array the caller owns, or a JSON string; no
 * struct layout and no function pointer crosses the boundary. Every call checks its input
 * (player numbers, action ids, lengths) so that no input from a binding can crash the library:
 * a refusal returns -1 (or NULL) with a one-line reason in err (TAFEL_ERR_LEN bytes suffice)
 * and changes nothing. Strings returned as `char *` are the caller's: free them with
 * tafel_flat_free_string().
 *
 * States are allocated here (aligned, state_size bytes) and freed with tafel_flat_state_free().
 * The caller keeps a state together with the game it was made for; a state is valid for that
 * game only. Nothing here is thread-safe across calls on the same state or bot. */
#ifndef TAFEL_FLAT_H
#define TAFEL_FLAT_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/bot.h"
#include "tafel/game.h"

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *tafel_flat_version(void);
void tafel_flat_free_string(char *s);

/* Every registered game with its parameters as `tafel list` shows them, a JSON array:
 * [{"name", "long_name", "min_players", "max_players", "default_players",
 *   "params": [{"name", "kind": "int"|"bool"|"enum", "default", "min", "max", "choices",
 *   "help"}]}]. Defaults of enums are choice names, of bools true/false. */
char *tafel_flat_games_json(void);

/* Load a game string. NULL with the reason on an unknown game, parameter or value. */
tafel_game *tafel_flat_game_new(const char *spec, char *err, size_t errlen);
void tafel_flat_game_free(tafel_game *g);
/* The loaded game as JSON: {"name", "long_name", "string" (canonical), "num_players",
 * "num_actions", "max_legal", "params": {name: value}, "observation_shape": [..] or null}. */
char *tafel_flat_game_json(const tafel_game *g);
int tafel_flat_num_players(const tafel_game *g);
int tafel_flat_num_actions(const tafel_game *g);
/* Upper bound of the counts of legal_actions and chance_outcomes: size their arrays with it. */
int tafel_flat_max_legal(const tafel_game *g);

/* A new initial state, a copy, free. NULL only when memory is exhausted. */
void *tafel_flat_state_new(const tafel_game *g);
void *tafel_flat_state_clone(const tafel_game *g, const void *state);
void tafel_flat_state_free(void *state);
/* 1 when the two states are equal byte for byte (states are compared with memcmp). */
int tafel_flat_state_equal(const tafel_game *g, const void *a, const void *b);

/* Player to act, TAFEL_CHANCE or TAFEL_TERMINAL. */
int tafel_flat_current_player(const tafel_game *g, const void *state);
/* Legal player actions, ascending, into out (room for max_legal); the count. */
int tafel_flat_legal_actions(const tafel_game *g, const void *state, int32_t *out);
/* Chance outcomes into actions and probs (room for max_legal each); the count. */
int tafel_flat_chance_outcomes(const tafel_game *g, const void *state, int32_t *actions,
                               double *probs);
/* Apply a legal action or possible chance outcome; returns the new current_player. An illegal
 * action (or any at the end) returns TAFEL_FLAT_REFUSED with the reason, state unchanged. */
#define TAFEL_FLAT_REFUSED (-3)
int tafel_flat_apply(const tafel_game *g, void *state, int32_t action, char *err, size_t errlen);
/* Sample a chance outcome with a generator seeded by seed (-1 with a reason if not at chance). */
int32_t tafel_flat_sample_chance(const tafel_game *g, const void *state, uint64_t seed,
                                 char *err, size_t errlen);
/* Notation of a legal action (or possible chance outcome) here into buf; its length, or -1
 * with the reason for any other id. */
int tafel_flat_action_to_string(const tafel_game *g, const void *state, int32_t action,
                                char *buf, size_t len, char *err, size_t errlen);
/* Parse notation; 0 and *action when it names a legal action here, else -1 with the reason. */
int tafel_flat_string_to_action(const tafel_game *g, const void *state, const char *text,
                                int32_t *action, char *err, size_t errlen);
/* Returns (1 for a sole winner, shared wins split, all 0 before the end) and scores, one per
 * player. */
void tafel_flat_returns(const tafel_game *g, const void *state, double *out);
void tafel_flat_scores(const tafel_game *g, const void *state, int *out);

/* What viewer (0..players-1, or -1 for a spectator) may see: the game's view_json as a compact
 * JSON string with sorted keys. NULL with the reason on a bad viewer. */
char *tafel_flat_view_json(const tafel_game *g, const void *state, int viewer, char *err,
                           size_t errlen);
/* The game's drawing for viewer without colours (the view's JSON when the game has none). */
char *tafel_flat_render(const tafel_game *g, const void *state, int viewer, char *err,
                        size_t errlen);
/* The game's information-state hash for viewer (0 with the reason on a bad viewer). */
uint64_t tafel_flat_info_hash(const tafel_game *g, const void *state, int viewer, char *err,
                              size_t errlen);
/* Reassign what viewer cannot see, at random from seed; 0, or -1 with the reason. */
int tafel_flat_resample(const tafel_game *g, void *state, int viewer, uint64_t seed, char *err,
                        size_t errlen);

/* The observation tensor's shape: its rank (0 when the game has no tensor), dims in shape[4]. */
int tafel_flat_observation_shape(const tafel_game *g, int *shape);
/* The tensor for player (0..players-1) into out, `len` floats; the number of floats written, or
 * -1 with the reason (no tensor for this game, bad player, len too small). */
long tafel_flat_observation_tensor(const tafel_game *g, const void *state, int player,
                                   float *out, size_t len, char *err, size_t errlen);

/* tafel_random_games: uniformly random games, game i seeded first_seed + i; total actions. */
long long tafel_flat_random_games(const tafel_game *g, uint64_t first_seed, long games);

/* A bot (a spec from bot.h) for seat `player`, seeded with seed. NULL with the reason. The bot
 * keeps a pointer to g: free it before the game. */
tafel_bot *tafel_flat_bot_new(const tafel_game *g, const char *spec, int player, uint64_t seed,
                              char *err, size_t errlen);
void tafel_flat_bot_free(tafel_bot *bot);
/* The bot's choice in state (not applied): -1 with the reason when it is not the bot's turn. */
int32_t tafel_flat_bot_choose(tafel_bot *bot, const void *state, char *err, size_t errlen);

/* Records (docs/records.md) as JSON strings. Load a file and check that it replays: the
 * record's JSON (with each action's notation), NULL with the reason. */
char *tafel_flat_record_load(const char *path, char *err, size_t errlen);
/* Write a record given as JSON (at least "game" and "actions"; "seats", "seed" optional) to
 * path, checked by replaying it; a finished game gets its result. 0, or -1 with the reason. */
int tafel_flat_record_save(const char *json, const char *path, char *err, size_t errlen);
/* The same check without a file: the complete record's JSON, or NULL with the reason. */
char *tafel_flat_record_normalize(const char *json, char *err, size_t errlen);

#endif
