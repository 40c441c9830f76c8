/* srv_client.h: test helpers for the server: an in-process server on a temporary database,
 * HTTP requests, and a WebSocket client whose received messages queue up for the test. */
#ifndef TAFEL_TESTS_SRV_CLIENT_H
#define TAFEL_TESTS_SRV_CLIENT_H

#include <jansson.h>
#include <stdint.h>

#include "server/server.h"

typedef struct tc_server {
    server *s;
    int port;
    char db[256];
} tc_server;

/* Start a server on 127.0.0.1, an ephemeral port and db (a fresh temporary file when db is
 * NULL or empty). Fails the test on error. */
void tc_start(tc_server *t, const char *db);
/* The same with a keepalive ping interval (server_options.ping_ms). */
void tc_start_ping(tc_server *t, const char *db, int ping_ms);
/* The same with extra's ping_ms, view_at_per_s and replay_per_s (0: the defaults). */
void tc_start_opts(tc_server *t, const char *db, const server_options *extra);
void tc_stop(tc_server *t);
/* Remove the database files. */
void tc_remove_db(const char *db);

/* An HTTP request; returns the status and the parsed body in *out (may be NULL). */
int tc_http(int port, const char *method, const char *path, const char *body, json_t **out);
/* The same with the Host header's value given. */
int tc_http_host(int port, const char *host, const char *method, const char *path,
                 const char *body, json_t **out);
/* POST /api/matches; returns the answer (fails the test unless 201). */
json_t *tc_create(int port, const char *game, const char *seats_json, long long seed);
/* The token of a seat in tc_create's answer (NULL for a bot seat). */
const char *tc_token(const json_t *created, int seat);

typedef struct tc_ws tc_ws;
/* Connect to /ws with an Origin header (NULL: none). NULL when refused. */
tc_ws *tc_ws_open(int port, const char *origin);
void tc_ws_send(tc_ws *w, const char *text);
void tc_ws_sendj(tc_ws *w, json_t *msg); /* steals msg */
/* The next message, or NULL after timeout_ms. Caller owns it. */
json_t *tc_ws_next(tc_ws *w, int timeout_ms);
/* Skip to the next message of this type (fails the test after timeout_ms). */
json_t *tc_ws_wait(tc_ws *w, const char *type, int timeout_ms);
int tc_ws_closed(tc_ws *w);
void tc_ws_close(tc_ws *w);
/* join; returns the "state" message (after checking "joined"). token NULL: spectator. */
json_t *tc_join(tc_ws *w, long long match, const char *token);

/* A raw socket upgraded to a WebSocket that sends one join (token: a seat's) and nothing else:
 * it answers no ping and sends no close frame. Returns the socket (close() it). */
int tc_raw_join(int port, long long id, const char *token);

#endif
