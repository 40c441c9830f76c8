/* ws.h: the WebSocket endpoint /ws (docs/protocol.md): Origin check, frames to messages for the
 * hub, size limit, abuse counter. */
#ifndef TAFEL_SERVER_WS_H
#define TAFEL_SERVER_WS_H

#include <pthread.h>

struct mg_context;
typedef struct hub hub;

typedef struct ws_conn ws_conn;

typedef struct ws_options {
    hub *hub;
    const char *allow_origin; /* comma-separated extra Origins, or NULL */
    int ping_ms;              /* keepalive interval (server.h) */
    /* ws.c's own: the open connections and the keepalive thread. */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    ws_conn *conns;
    int stopping;
    pthread_t keepalive;
} ws_options;

/* Register /ws and start the keepalive thread; o must outlive the context. */
void ws_register(struct mg_context *ctx, ws_options *o);
/* Stop the keepalive thread, after the context stopped (every connection closed). */
void ws_stop(ws_options *o);

#endif
