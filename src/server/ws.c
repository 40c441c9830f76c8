/* ws.c: the WebSocket endpoint /ws: checks the Origin of the upgrade, turns text frames into
 * JSON messages for the hub (refusing oversized ones and other frames), and closes a
 * connection that keeps sending bad messages. */
#include "server/ws.h"

#include <civetweb.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/bigstack.h"
#include "server/hub.h"

#define WS_ABUSE_ERRORS 20   /* errors allowed per WS_ABUSE_WINDOW seconds */
#define WS_ABUSE_WINDOW 60

typedef struct ws_conn {
    hub_conn *hc;
    int errors;
    time_t window_start;
} ws_conn;

/* An Origin is accepted when it is the server's own (the Host the client connected to) or
 * listed in allow (comma-separated). No Origin at all is a program, not a browser page, and
 * cannot be a cross-site request. */
static int ws_origin_ok(const char *origin, const char *host, const char *allow)
{
    if (!origin)
        return 1;
    const char *auth = !strncmp(origin, "http://", 7) ? origin + 7
                     : !strncmp(origin, "https://", 8) ? origin + 8 : NULL;
    if (auth && host) {
        size_t h = strlen(host);
        if (!strcmp(auth, host))
            return 1;
        /* Some clients (civetweb's among them) leave the port out of Host. */
        if (!strchr(host, ':') && !strncmp(auth, host, h) && auth[h] == ':' &&
            strspn(auth + h + 1, "0123456789") == strlen(auth + h + 1))
            return 1;
    }
    size_t n = strlen(origin);
    for (const char *p = allow; p && *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && !strncmp(p, origin, n))
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

static int ws_connect(const struct mg_connection *mc, void *cbdata)
{
    const ws_options *o = cbdata;
    /* Non-zero refuses the upgrade. */
    return !ws_origin_ok(mg_get_header(mc, "Origin"), mg_get_header(mc, "Host"), o->allow_origin);
}

static void ws_ready(struct mg_connection *mc, void *cbdata)
{
    const ws_options *o = cbdata;
    ws_conn *w = calloc(1, sizeof *w);
    if (!w)
        abort();
    w->hc = hub_conn_open(o->hub, mc);
    w->window_start = time(NULL);
    mg_set_user_connection_data(mc, w);
}

/* Count an error; 1 when the connection has had enough and is to be closed. */
static int ws_abuse(ws_conn *w)
{
    time_t now = time(NULL);
    if (now - w->window_start >= WS_ABUSE_WINDOW) {
        w->window_start = now;
        w->errors = 0;
    }
    return ++w->errors > WS_ABUSE_ERRORS;
}

typedef struct ws_call {
    hub *hub;
    hub_conn *hc;
    const json_t *msg;
    int rc;
} ws_call;

static void ws_call_hub(void *p)
{
    ws_call *c = p;
    c->rc = hub_conn_message(c->hub, c->hc, c->msg);
}

static int ws_data(struct mg_connection *mc, int bits, char *data, size_t len, void *cbdata)
{
    const ws_options *o = cbdata;
    ws_conn *w = mg_get_user_connection_data(mc);
    int opcode = bits & 0xf;
    if (!w || opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE || hub_conn_dropped(w->hc))
        return 0;
    if (opcode == MG_WEBSOCKET_OPCODE_PING || opcode == MG_WEBSOCKET_OPCODE_PONG)
        return 1;
    if (len > HUB_MAX_MESSAGE) {
        hub_conn_error(o->hub, w->hc, "too_large", "messages are limited to 64 KiB");
        return 0;
    }
    json_t *msg = NULL;
    if (opcode == MG_WEBSOCKET_OPCODE_TEXT)
        msg = json_loadb(data, len, JSON_REJECT_DUPLICATES, NULL);
    int rc;
    if (!json_is_object(msg)) {
        hub_conn_error(o->hub, w->hc, "bad_json", "a message is one JSON object in a text frame");
        rc = -1;
    } else {
        ws_call call = {o->hub, w->hc, msg, 0};
        bigstack_run(ws_call_hub, &call);
        rc = call.rc;
    }
    json_decref(msg);
    return rc ? !ws_abuse(w) : 1;
}

static void ws_close(const struct mg_connection *mc, void *cbdata)
{
    const ws_options *o = cbdata;
    ws_conn *w = mg_get_user_connection_data(mc);
    if (!w)
        return;
    hub_conn_close(o->hub, w->hc);
    free(w);
}

void ws_register(struct mg_context *ctx, ws_options *o)
{
    mg_set_websocket_handler(ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, o);
}
