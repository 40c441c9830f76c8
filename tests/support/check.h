/* check.h: shared test support: random-playout invariant checks for any game, and test data. */
#ifndef TAFEL_TEST_CHECK_H
#define TAFEL_TEST_CHECK_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tafel/game.h"

/* A game-specific invariant: return 0, or -1 with a reason (e.g. "24 chests expected, 23"). */
typedef int (*check_invariant_fn)(const tafel_game *g, const void *state, char *err,
                                  size_t errlen);

typedef struct check_opts {
    long games;                  /* number of seeded random games */
    uint64_t seed;               /* game i uses seed + i */
    int deep_every;              /* every k-th state: resample/view/hash/refusal/text checks (1 = all) */
    int records;                 /* also round-trip each game's record */
    check_invariant_fn invariant;/* optional, checked after every action */
} check_opts;

/* Play o->games random games, checking after every action: the invariant; legal actions sorted,
 * unique and applying; chance probabilities summing to 1; returns and scores sane at the end; and
 * on every deep_every-th state: every legal action applies (tafel_apply), a sample of other ids is
 * refused leaving the state unchanged, action text round-trips, and resample for each player keeps
 * that player's view_json and info_hash; what each viewer is told of the action played
 * (tafel_action_seen, tafel_events_json) is well formed and the same in every position he cannot
 * tell apart (for games that define action_seen). Fails the cmocka test with the game, step
 * and reason. Returns the total number of actions played (a fingerprint). */
long long check_random_games(const tafel_game *g, const check_opts *o);

/* The per-step checks of check_random_games for one position and the action a about to be
 * played from it (legal or a chance outcome): the deep checks and what each viewer is told.
 * For the fuzz harnesses (tests/fuzz/), which choose the actions themselves. */
void check_one_step(const tafel_game *g, const void *state, int32_t a, tafel_rng *rng,
                    long game, long step);

/* Load a game by string, failing the test on error. */
void check_load(tafel_game *g, const char *spec);

/* The test data folder ($TAFEL_TESTDATA, else ../shared/testdata from the source tree).
 * Returns 0 and fills buf, or -1 if missing. */
int check_testdata_dir(char *buf, size_t len);
/* 1 under CI (CI=true): missing test data must fail instead of skip. */
int check_in_ci(void);
/* Whole file as a NUL-terminated string (caller frees); fails the test if it cannot be read.
 * len may be NULL. */
char *check_read_file(const char *path, size_t *len);
/* A whole random game of spec from seed, its actions pushed into r (initialised here, with the
 * game string); g receives the game. Returns the final state (caller frees); no result set. */
struct tafel_record;
void *check_random_record(const char *spec, uint64_t seed, tafel_game *g, struct tafel_record *r);
/* 1 in the sanitizer build (TAFEL_SANITIZE set): tests may scale down heavy loops. */
int check_sanitized(void);

#endif
