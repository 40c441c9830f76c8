/* record.h: game records (JSON, see docs/records.md): game string, seats, seed, actions, result. */
#ifndef TAFEL_RECORD_H
#define TAFEL_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

typedef struct tafel_record {
    char game[256];                        /* canonical game string */
    int num_seats;
    char seats[TAFEL_MAX_PLAYERS][128];    /* seat specs: "human", "random", ... */
    uint64_t seed;
    int32_t *actions;                      /* chance outcomes included */
    size_t num_actions, cap;
    int has_result;
    int scores[TAFEL_MAX_PLAYERS];
    double returns[TAFEL_MAX_PLAYERS];
    /* With has_result: the game ended when resigned_seat resigned (tafel_match_resign), not by
     * its rules; scores are the scores at that moment, returns tafel_record_resign_returns'. */
    int resigned;
    int resigned_seat;
} tafel_record;

/* Limits of what a record may hold, refused beyond with a message naming the limit: the bytes of
 * a record file, the nesting depth of its JSON (a record needs 3) and its number of actions (no
 * game of ours comes near: the longest random games have a few thousand). */
#define TAFEL_RECORD_MAX_BYTES (16 * 1024 * 1024)
#define TAFEL_RECORD_MAX_DEPTH 16
#define TAFEL_RECORD_MAX_ACTIONS 200000

void tafel_record_init(tafel_record *r);
void tafel_record_free(tafel_record *r);
void tafel_record_push(tafel_record *r, int32_t action);
/* Serialize (with each action's notation) to a new JSON object. Replays to produce the text;
 * returns NULL with a reason if the record does not replay. */
json_t *tafel_record_to_json(const tafel_record *r, char *err, size_t errlen);
/* Parse JSON into r (r initialised by the caller). -1 with a reason on malformed input. */
int tafel_record_from_json(tafel_record *r, const json_t *root, char *err, size_t errlen);
/* Write atomically: a temporary file in the same folder, flushed to disk (fsync), renamed over
 * path. On any failure (full disk, missing or read-only folder, a record that does not replay)
 * path is left as it was, the temporary file is removed and err holds one line. */
int tafel_record_save(const tafel_record *r, const char *path, char *err, size_t errlen);
/* Read and parse a record file, within the limits above. */
int tafel_record_load(tafel_record *r, const char *path, char *err, size_t errlen);
/* Parse a record from len bytes of JSON text, within the limits above. */
int tafel_record_parse(tafel_record *r, const char *text, size_t len, char *err, size_t errlen);
/* The returns of a game that ends when seat `resigned` resigns, from the scores at that moment:
 * 0 for him, the others with the highest score share 1 (the only rule of a resignation, used
 * by tafel_match_result and to check a record's resigned result). */
void tafel_record_resign_returns(int num_players, const int *scores, int resigned,
                                 double *returns);
/* Replay into state (state_size bytes, caller-provided; g filled from r->game). Checks each
 * action; on failure returns -1, sets *bad_index to the action index and a reason. Also checks
 * the stored result, if any, against the final state: a finished game's scores, or for a
 * resignation that the game was not over, the scores then and the returns it gives. */
int tafel_record_replay(const tafel_record *r, tafel_game *g, void *state, size_t *bad_index,
                        char *err, size_t errlen);

#endif
