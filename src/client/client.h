/* client.h: a client of the tafel game protocol (docs/protocol.md): URL and invite parsing, the
 * lobby's HTTP JSON API, and one WebSocket connection whose server messages arrive, parsed, in a
 * thread-safe queue read with a timed wait. Built on civetweb's client; every wait is bounded. */
#ifndef TAFEL_CLIENT_H
#define TAFEL_CLIENT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define TAFEL_CLIENT_PROTOCOL 1
/* Largest server message we accept: a state message carries the whole log, so this is far above
 * the 64 KiB the server accepts from clients. */
#define TAFEL_CLIENT_MAX_MESSAGE (16u << 20)

/* A server address, possibly an invite link that also names a match and a seat token. */
typedef struct {
    int tls;            /* https:// or wss:// */
    char host[256];     /* without the brackets of an IPv6 literal */
    int port;           /* given, or 80/443 by scheme */
    char path[1024];    /* path and query as given; "/" if none */
    char match[64];     /* from ?match=ID, or a numeric last path segment; "" if none */
    char token[96];     /* from token=HEX in the query or the fragment; "" if none */
} tafel_client_url;

/* Parse http://, https://, ws:// or wss:// URLs. 0, or -1 with a one-line reason. */
int tafel_client_url_parse(const char *url, tafel_client_url *out, char *err, size_t errlen);

/* ---- the message queue (exposed for tests and for programs that multiplex) ---- */

typedef struct tafel_client_queue tafel_client_queue;

enum { TAFEL_CLIENT_OK = 0, TAFEL_CLIENT_TIMEOUT = 1, TAFEL_CLIENT_CLOSED = 2 };

/* A queue of at most max messages; more closes it (a reader that far behind has lost track). */
tafel_client_queue *tafel_client_queue_new(size_t max);
void tafel_client_queue_free(tafel_client_queue *q);
/* Take ownership of msg, stamped with the monotonic time in ns. -1 (msg freed) if closed. */
int tafel_client_queue_push(tafel_client_queue *q, json_t *msg, int64_t stamp_ns);
/* No more pushes; readers get what is queued, then TAFEL_CLIENT_CLOSED with this reason (the
 * first reason given wins). */
void tafel_client_queue_close(tafel_client_queue *q, const char *reason);
/* Wait up to timeout_ms (0: do not wait) for the oldest message. Returns it (the caller owns it;
 * *status = TAFEL_CLIENT_OK, *stamp_ns its push time if not NULL), or NULL with *status
 * TIMEOUT or CLOSED. */
json_t *tafel_client_queue_pop(tafel_client_queue *q, int timeout_ms, int *status,
                               int64_t *stamp_ns);
size_t tafel_client_queue_length(tafel_client_queue *q);
/* The close reason ("" while open). */
void tafel_client_queue_reason(tafel_client_queue *q, char *buf, size_t len);

/* Monotonic clock in nanoseconds. */
int64_t tafel_client_now_ns(void);

/* ---- a WebSocket connection ---- */

typedef struct tafel_client tafel_client;

/* Called on civetweb's reader thread after a message was queued or the connection closed; it
 * must not block (e.g. flag the connection for a worker). */
typedef void (*tafel_client_notify)(void *arg);

/* Connect to the server's /ws (or the path of a ws:// URL). No Origin is sent: that header is
 * how browsers name the page behind a request, and a program has none (civetweb's Host header
 * also lacks the port, so a made-up Origin would not even match it). The handshake is bounded
 * by civetweb's own request timeout. NULL with a reason on failure. */
tafel_client *tafel_client_connect(const char *url, char *err, size_t errlen);
tafel_client *tafel_client_connect_notify(const char *url, tafel_client_notify fn, void *arg,
                                          char *err, size_t errlen);
/* Close the connection and free everything (queued messages included). */
void tafel_client_close(tafel_client *c);

/* Send one message (borrowed). 0, or -1 with a reason (connection closed, write failed). */
int tafel_client_send(tafel_client *c, const json_t *msg, char *err, size_t errlen);
/* join: match as given (sent as a number when it is one); token NULL or "" to watch. */
int tafel_client_join(tafel_client *c, const char *match, const char *token, char *err,
                      size_t errlen);
/* act with the action's JSON value (borrowed) as the index-th action. */
int tafel_client_act(tafel_client *c, long long index, const json_t *action, char *err,
                     size_t errlen);
int tafel_client_act_text(tafel_client *c, long long index, const char *text, char *err,
                          size_t errlen);
int tafel_client_resign(tafel_client *c, char *err, size_t errlen);
int tafel_client_ping(tafel_client *c, long long id, char *err, size_t errlen);

/* The next server message within timeout_ms, or NULL with "timeout ..." or the close reason. */
json_t *tafel_client_recv(tafel_client *c, int timeout_ms, char *err, size_t errlen);
/* The same with the time the message arrived (tafel_client_now_ns clock). */
json_t *tafel_client_recv_stamped(tafel_client *c, int timeout_ms, int64_t *stamp_ns, char *err,
                                  size_t errlen);
/* Wait for a message of this type, skipping others (at most 10000); an "error" message stops
 * the wait with its text. */
json_t *tafel_client_expect(tafel_client *c, const char *type, int timeout_ms, char *err,
                            size_t errlen);

/* ---- the HTTP JSON API ---- */

/* One request to the server of url: method "GET" or "POST", path such as "/api/matches", body
 * NULL or a JSON value (borrowed). Returns the HTTP status and *answer (the parsed JSON body, or
 * NULL when the body was not JSON), or -1 with a reason (connection, timeout). */
int tafel_client_http(const char *url, const char *method, const char *path, const json_t *body,
                      int timeout_ms, json_t **answer, char *err, size_t errlen);
/* POST /api/matches; NULL (with the server's error) unless 201. seed < 0: none. */
json_t *tafel_client_create_match(const char *url, const char *game, const char *const *seats,
                                  int nseats, long long seed, int timeout_ms, char *err,
                                  size_t errlen);
/* GET /api/matches?status=STATUS (status NULL: all) -> the answer object; NULL with a reason. */
json_t *tafel_client_list_matches(const char *url, const char *status, int timeout_ms, char *err,
                                  size_t errlen);
/* GET /api/matches/ID/record -> the record; NULL with the server's reason (403 before the end). */
json_t *tafel_client_fetch_record(const char *url, const char *match, int timeout_ms, char *err,
                                  size_t errlen);

#endif
