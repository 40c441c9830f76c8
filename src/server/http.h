/* http.h: the HTTP JSON routes under /api/ (docs/protocol.md). */
#ifndef TAFEL_SERVER_HTTP_H
#define TAFEL_SERVER_HTTP_H

struct mg_context;
typedef struct hub hub;
typedef struct rl_table rl_table;

typedef struct http_routes {
    hub *hub;
    rl_table *replay_limit;    /* POST /api/replay per client address */
    int replay_per_s;          /* its rate, for the error message */
} http_routes;

/* The routes answer from r, which must outlive the context. */
void http_register(struct mg_context *ctx, http_routes *r);

#endif
