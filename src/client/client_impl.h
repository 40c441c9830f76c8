/* client_impl.h: what the client's files share, and hooks for its tests. */
#ifndef TAFEL_CLIENT_IMPL_H
#define TAFEL_CLIENT_IMPL_H

#include "client/client.h"

/* mg_init_library, once per process. */
void client_init_civetweb(void);
/* "http://host:port" (brackets around an IPv6 host), the Origin the server calls its own. */
void client_origin(const tafel_client_url *u, char *buf, size_t len);
/* A match id as JSON: a number when it is one. */
json_t *client_match_id(const char *match);
/* "server error CODE: TEXT" from an error message. */
void client_error_text(const json_t *msg, char *buf, size_t len);

/* For tests: a client with no connection, fed frames as civetweb's reader would. */
tafel_client *client_new_detached(void);
/* One WebSocket frame (bits: FIN and opcode); 1 to keep reading, 0 to close. */
int client_ws_frame(tafel_client *c, int bits, const char *data, size_t n);
tafel_client_queue *client_queue(tafel_client *c);

#endif
