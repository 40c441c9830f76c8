/* http.h: the HTTP JSON routes under /api/ (docs/protocol.md). */
#ifndef TAFEL_SERVER_HTTP_H
#define TAFEL_SERVER_HTTP_H

struct mg_context;
typedef struct hub hub;

void http_register(struct mg_context *ctx, hub *h);

#endif
