/* bots.h: the worker pool that runs server-side bots: a few threads take match ids from a
 * queue and play one bot turn each (hub_bot_begin, choose on the snapshot, hub_bot_end), so
 * search never runs on a network thread and one slow bot holds up only its own match. */
#ifndef TAFEL_SERVER_BOTS_H
#define TAFEL_SERVER_BOTS_H

#include <stdint.h>

typedef struct hub hub;
typedef struct bots bots;

bots *bots_start(hub *h, int threads);
/* Ask for a bot turn in match id (a duplicate request is harmless: begin finds nothing). */
void bots_request(bots *b, int64_t id);
/* Finish the turns being thought, drop the queue, join the threads. */
void bots_stop(bots *b);

#endif
