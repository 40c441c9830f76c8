/* connect_replay.h: a remote seat's own copy of its match, so that `tafel connect` can run any
 * bot, search bots included.
 *
 * The seat is sent its log: each action with its id where the seat may see it, and for the rest
 * (another player's draw, a card laid face down) only the text and events the seat is shown. The
 * replica replays that log through the engine with a stand-in for each unseen action, chosen so
 * that everything the seat was shown comes out the same: each entry's player, text and events,
 * the sent actions' legality, and the view. Such a state differs from the real one only in what
 * the seat cannot see, and bots resample exactly that part, so they choose as they would on the
 * server. When a later entry contradicts the stand-ins (cards laid face down turn up as others),
 * the replica changes stand-ins, latest first, keeping each change that shows more of what was
 * sent alike (one more revealed card right), until everything is. */
#ifndef TAFEL_CLI_CONNECT_REPLAY_H
#define TAFEL_CLI_CONNECT_REPLAY_H

#include <jansson.h>
#include <stdint.h>

#include "tafel/game.h"

typedef struct cr_replica cr_replica;

cr_replica *cr_new(const tafel_game *g, int seat);
void cr_free(cr_replica *r);
/* Forget the log (a "state" message sends it whole again). */
void cr_clear(cr_replica *r);
/* Follow the next log entry as sent ({"index", "player", "text", "events", "action"?}): 0, or
 * -1 when nothing the replica tried shows it alike (it then stays unusable until cr_clear). */
int cr_push(cr_replica *r, const json_t *entry);
/* The replayed state after the last entry, if its view for the seat equals `view` (the view
 * sent with the position; NULL: not checked); NULL when the replica cannot match it. */
const void *cr_state(cr_replica *r, const json_t *view);
/* Entries followed; contradictions repaired. */
size_t cr_length(const cr_replica *r);
long cr_repairs(const cr_replica *r);

#endif
