/* static.h: the browser client's static files (web/) next to the API. */
#ifndef TAFEL_SERVER_STATIC_H
#define TAFEL_SERVER_STATIC_H

struct mg_context;

/* Serve DIR's index.html for the page paths of the client (/match/ID, the invite links). The
 * files themselves come from civetweb's document_root, which server.c sets to DIR. */
void static_register(struct mg_context *ctx, const char *dir);

#endif
