/* replay.h: positions rebuilt from a game's actions for one viewer: the past position a
 * connection asks for with view_at (docs/protocol.md), and POST /api/replay, an uploaded record
 * replayed through the engine for the browser's replay viewer. */
#ifndef TAFEL_SERVER_REPLAY_H
#define TAFEL_SERVER_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

struct mg_connection;

#define REPLAY_MAX_BODY (256 * 1024) /* bytes of an uploaded record (a full game is ~15 KiB) */
#define REPLAY_ALL (-100)            /* viewer: every seat's view (a finished game's record) */

/* {"type":"view_at","index":k,"view":VIEW,"to_move":P}: the position after actions[0..k) (a
 * match's own actions, applied unchecked), as viewer (-1: a spectator) sees it; the answer to view_at. Built
 * from viewer's view_json of the replayed state only. */
json_t *replay_view_at(const tafel_game *g, const int32_t *actions, size_t k, int viewer);

/* POST /api/replay: read the body (a record, docs/records.md), replay it through the engine and
 * answer every position for the viewer named by the query (viewer=public|all|SEAT). Sets
 * *status (200, or 400/413 with a one-line {"error"}). */
json_t *replay_http(struct mg_connection *mc, int *status);

#endif
