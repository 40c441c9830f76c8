/* hub.h: the live matches of a server: a tafel_match per game with its seats, tokens and
 * WebSocket connections; creating, joining, acting, resigning; and every message a connection
 * receives, built for its seat only.
 *
 * Locking: each match has its own mutex, held from validating an action through storing it to
 * queueing every connection's message about it, so messages keep the order of the store; the
 * list of matches and the store handle have short-held locks of their own (hub.c). Actions of
 * all matches waiting are stored in one transaction (group commit, led by the first of them), and
 * each is told to anyone only after the transaction holding it committed. Bots think outside
 * every lock on a snapshot (hub_bot_begin / hub_bot_end), so a long search blocks nobody.
 * Messages are written to the socket by the connection's own writer thread, so a client that
 * stops reading delays nobody else.
 *
 * Memory: unfinished matches stay loaded; a finished one leaves memory once its last
 * connection has left, and is loaded again from the store when asked for.
 */
#ifndef TAFEL_SERVER_HUB_H
#define TAFEL_SERVER_HUB_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/bot.h"

typedef struct json_t json_t;
struct mg_connection;

#define HUB_PROTOCOL 1
#define HUB_MAX_MESSAGE (64 * 1024) /* bytes of one client message or HTTP body */

typedef struct hub hub;
typedef struct hub_conn hub_conn;
typedef struct bots bots;

/* Open the store at db_path, reload every unfinished game from it (replaying seed + actions)
 * and start bot_threads bot workers, which resume the bots to move. NULL with a reason. */
hub *hub_new(const char *db_path, int bot_threads, char *err, size_t errlen);
/* Stops the bot workers first; the connections must be gone (the web server stopped). */
void hub_free(hub *h);
/* view_at requests allowed per second and connection (a burst of twice as many), beyond which
 * each is refused with code too_many; set before connections open. hub_new sets
 * SERVER_VIEW_AT_PER_S. */
void hub_set_view_at_limit(hub *h, int per_s);
/* The most a bot seat of a new match may cost (tafel_bot_cost_of): a spec beyond any part is
 * refused with a 400 naming it. Set before connections open; hub_new allows anything. */
void hub_set_bot_limits(hub *h, tafel_bot_cost max);

/* HTTP routes (docs/protocol.md): each returns a new JSON object and sets *status.
 * host: the request's Host header, for invite links (NULL: "localhost"). */
json_t *hub_http_games(void);
json_t *hub_http_create(hub *h, const json_t *req, const char *host, int *status);
json_t *hub_http_list(hub *h, const char *status_filter, int *status);
json_t *hub_http_match(hub *h, int64_t id, int *status);
json_t *hub_http_record(hub *h, int64_t id, int *status);

/* WebSocket connections. hub_conn_message handles one client message (a parsed JSON object)
 * and answers it; it returns 0, or -1 when it answered with an error (which ws.c counts). */
hub_conn *hub_conn_open(hub *h, struct mg_connection *mc);
int hub_conn_message(hub *h, hub_conn *c, const json_t *msg);
/* Send {"type":"error"} to this connection (ws.c's own refusals: bad_json, too_large). */
void hub_conn_error(hub *h, hub_conn *c, const char *code, const char *text);
void hub_conn_close(hub *h, hub_conn *c);
/* Queue a WebSocket ping (keepalive, ws.c), in order with the connection's messages. */
void hub_conn_ping(hub_conn *c);
/* 1 when the connection fell too far behind (or its socket failed) and gets nothing more:
 * ws.c then closes it. */
int hub_conn_dropped(hub_conn *c);

/* The number of matches in memory (tests of eviction). */
int hub_live_count(hub *h);

/* Bot turns, for the worker pool (bots.c). begin: when match id has a bot to move that nobody
 * is running, mark it busy and return its bot, a copy of the state (free() it), the action
 * index and seat; else NULL. end: apply the bot's choice (refused as stale if the match moved
 * on, e.g. by a resignation) and clear the mark. */
tafel_bot *hub_bot_begin(hub *h, int64_t id, void **state, size_t *index, int *seat);
void hub_bot_end(hub *h, int64_t id, size_t index, int seat, int32_t action);

#endif
