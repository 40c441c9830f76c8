/* ws.h: the WebSocket endpoint /ws (docs/protocol.md): Origin check, frames to messages for the
 * hub, size limit, abuse counter. */
#ifndef TAFEL_SERVER_WS_H
#define TAFEL_SERVER_WS_H

struct mg_context;
typedef struct hub hub;

typedef struct ws_options {
    hub *hub;
    const char *allow_origin; /* comma-separated extra Origins, or NULL */
} ws_options;

/* o must outlive the context. */
void ws_register(struct mg_context *ctx, ws_options *o);

#endif
