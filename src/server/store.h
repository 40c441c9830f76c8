/* store.h: the server's SQLite storage: games, their seats, every acknowledged action, results.
 *
 * The database is the server's memory across restarts: a game is its game string, seed, seats
 * and action list, and replaying seed + actions through the engine rebuilds it exactly, so no
 * state is stored. An action counts as acknowledged only once store_append_action has returned
 * 0: that happens after its own transaction committed (WAL, synchronous=FULL), so a crash or
 * SIGKILL at any point loses no acknowledged action.
 *
 * Threads: a store handle belongs to one thread at a time (it holds prepared statements and the
 * last error of its connection). Give each thread (network thread, each bot worker) its own
 * handle on the same file; SQLite's locks serialise the writers and each handle waits up to
 * STORE_BUSY_TIMEOUT_MS for another's transaction instead of failing.
 *
 * Errors: every function that can fail takes err/errlen and writes one line naming what failed
 * and SQLite's reason. It returns STORE_ERROR for trouble with the database (unreadable,
 * corrupt, full, read-only) and STORE_REFUSED when the database is fine but the request breaks
 * a rule (a stale, duplicate or skipped action index, an unknown or finished game); either way
 * nothing was written.
 */
#ifndef TAFEL_SERVER_STORE_H
#define TAFEL_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "server/token.h"
#include "tafel/game.h"

#define STORE_SCHEMA_VERSION 2       /* PRAGMA user_version this build writes and reads */
#define STORE_BUSY_TIMEOUT_MS 5000
#define STORE_GAME_LEN 256           /* buffer sizes, NUL included: longer values are refused */
#define STORE_SPEC_LEN 128
#define STORE_NAME_LEN 64
#define STORE_TIME_LEN 32            /* "2026-11-21T10:15:00.123Z" (UTC) */

enum { STORE_OK = 0, STORE_ERROR = -1, STORE_REFUSED = -2 };

typedef enum {
    STORE_STATUS_OPEN,      /* waiting for players */
    STORE_STATUS_RUNNING,
    STORE_STATUS_FINISHED,  /* has a result */
    STORE_STATUS_ABANDONED, /* ended without a result */
} store_status;

typedef enum { STORE_END_NORMAL, STORE_END_RESIGNED } store_ending;

typedef struct store store;

/* A seat when creating a game: spec is "human" or a bot spec; a human seat must have a token
 * hash (token_hash of its token), a bot seat must not. name may be NULL. */
typedef struct store_seat_def {
    const char *spec;
    const uint8_t *token_hash;
    const char *name;
} store_seat_def;

/* A seat as loaded. */
typedef struct store_seat {
    char spec[STORE_SPEC_LEN];
    char name[STORE_NAME_LEN];   /* "" when none was given */
    int has_token;               /* human seats */
    uint8_t token_hash[TOKEN_HASH_LEN];
} store_seat;

typedef struct store_action {
    int32_t action;
    int player;                  /* the seat, or TAFEL_CHANCE */
    char notation[TAFEL_TEXT_LEN];
} store_action;

typedef struct store_result {
    int num_seats;
    int scores[TAFEL_MAX_PLAYERS];
    double returns[TAFEL_MAX_PLAYERS];
    store_ending ending;
    int resigned_seat;           /* STORE_END_RESIGNED: who resigned; else -1 */
} store_result;

/* A game as loaded for replay. actions[i] is the action with index i. */
typedef struct store_game {
    int64_t id;
    char game[STORE_GAME_LEN];
    uint64_t seed;
    store_status status;
    char created[STORE_TIME_LEN], updated[STORE_TIME_LEN];
    int num_seats;
    store_seat seats[TAFEL_MAX_PLAYERS];
    int num_actions;
    store_action *actions;       /* malloc'd; store_game_free releases it */
    int has_result;              /* finished games */
    store_result result;
} store_game;

/* A line of store_list_games. */
typedef struct store_game_info {
    int64_t id;
    char game[STORE_GAME_LEN];
    store_status status;
    char created[STORE_TIME_LEN], updated[STORE_TIME_LEN];
    int num_actions;
} store_game_info;

/* The default database path: $XDG_DATA_HOME/tafel/tafel.db, or ~/.local/share/tafel/tafel.db
 * when XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore a relative one).
 * Returns 0, or -1 with a message (no HOME, buffer too small). */
int store_default_path(char *buf, size_t len, char *err, size_t errlen);

/* Open the database at path, creating it and its parent directories if needed, and its schema
 * if it is new. Refuses a file that is not a tafel database, one with a newer schema than this
 * build knows, and one it cannot write. Returns the handle or NULL with a message. */
store *store_open(const char *path, char *err, size_t errlen);
void store_close(store *s);

/* Store a new game with num_seats seats and status open or running (a game of bots only runs
 * from the start: one transaction, so it is never listed as open); *id receives its id. */
int store_create_game(store *s, const char *game, uint64_t seed, store_status status,
                      int num_seats, const store_seat_def *seats, int64_t *id, char *err,
                      size_t errlen);

/* Append the action with index `index` to a game that is open or running, in a transaction of
 * its own. Returns STORE_OK only after the COMMIT succeeded. index must be exactly the number
 * of actions already stored: anything else (a resent or stale action, a gap) is STORE_REFUSED
 * by the database's own trigger, so no action can be stored twice. */
int store_append_action(store *s, int64_t game, int index, int32_t action, int player,
                        const char *notation, char *err, size_t errlen);

/* One game's part of a group commit: num_actions actions with indexes first_index, ... */
typedef struct store_append {
    int64_t game;
    int first_index;
    int num_actions;
    const store_action *actions;
    int rc;                      /* out: STORE_OK once committed, else why not (err) */
    char err[256];
} store_append;

/* Group commit: append every item's actions in ONE transaction (one fsync for them all), each
 * item under a savepoint with store_append_action's rules, so that a refused item stores
 * nothing and the others are still stored. Returns STORE_OK when the transaction committed
 * (then items[i].rc tells which items are stored), else STORE_ERROR with every rc set to it
 * and nothing stored. */
int store_append_group(store *s, store_append *items, int n, char *err, size_t errlen);

/* Set an unfinished game's status to open, running or abandoned (finished goes through
 * store_finish_game). STORE_REFUSED for an unknown or finished game. */
int store_set_status(store *s, int64_t game, store_status status, char *err, size_t errlen);

/* Record a game's result and mark it finished, in one transaction. r->num_seats must equal the
 * game's seat count. STORE_REFUSED for an unknown game or one that already has a result. */
int store_finish_game(store *s, int64_t game, const store_result *r, char *err, size_t errlen);

/* The games with a status, oldest first, as a malloc'd array in *out (free() it; NULL when
 * there are none) and its length in *count. */
int store_list_games(store *s, store_status status, store_game_info **out, int *count,
                     char *err, size_t errlen);

/* The ids of the newest games, all of them (status -1) or those with one status, newest first:
 * at most max into ids, how many in *count. Reads only the newest rows, however many games the
 * database holds (the lobby's listing). */
int store_recent_games(store *s, int status, int64_t *ids, int max, int *count, char *err,
                       size_t errlen);

/* Load a whole game (one consistent snapshot). STORE_REFUSED for an unknown id. On success
 * free it with store_game_free. */
int store_load_game(store *s, int64_t id, store_game *out, char *err, size_t errlen);
void store_game_free(store_game *g);

/* The seat a token hash belongs to. Returns 1 and sets *game and *seat, 0 if no seat has it,
 * or STORE_ERROR. The lookup compares hashes of 128-bit secrets, so its timing tells an
 * attacker nothing he could use to forge a token. */
int store_find_token(store *s, const uint8_t hash[TOKEN_HASH_LEN], int64_t *game, int *seat,
                     char *err, size_t errlen);

const char *store_status_name(store_status status);

#endif
