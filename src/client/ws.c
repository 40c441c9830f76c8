/* ws.c: one WebSocket connection to a tafel server; civetweb's reader thread parses each server
 * message and queues it, the owner sends and reads with timed waits. */
#include <civetweb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "client/client.h"
#include "client/client_impl.h"

/* A reader that falls this far behind has lost the game anyway. */
#define WS_QUEUE_MAX 100000

struct tafel_client {
    struct mg_connection *conn;
    tafel_client_queue *queue;
    tafel_client_notify notify;
    void *notify_arg;
    /* Only civetweb's reader thread touches the frame buffer: a message may come in fragments. */
    char *buf;
    size_t len, cap;
    int in_message;
};

static pthread_once_t ws_once = PTHREAD_ONCE_INIT;

static void ws_init_library(void)
{
    mg_init_library(0);
}

void client_init_civetweb(void)
{
    pthread_once(&ws_once, ws_init_library);
}

static void ws_notify(tafel_client *c)
{
    if (c->notify)
        c->notify(c->notify_arg);
}

static int ws_fail(tafel_client *c, const char *reason)
{
    tafel_client_queue_close(c->queue, reason);
    ws_notify(c);
    return 0; /* tells civetweb to close the connection */
}

static int ws_append(tafel_client *c, const char *data, size_t n)
{
    if (c->len + n > TAFEL_CLIENT_MAX_MESSAGE)
        return -1;
    if (c->len + n + 1 > c->cap) {
        size_t cap = c->cap ? c->cap : 4096;
        while (cap < c->len + n + 1)
            cap *= 2;
        char *b = realloc(c->buf, cap);
        if (!b)
            return -1;
        c->buf = b;
        c->cap = cap;
    }
    memcpy(c->buf + c->len, data, n);
    c->len += n;
    return 0;
}

int client_ws_frame(tafel_client *c, int bits, const char *data, size_t n)
{
    int opcode = bits & 0x0f;
    switch (opcode) {
    case MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE:
        return ws_fail(c, "the server closed the connection");
    case MG_WEBSOCKET_OPCODE_PING:
    case MG_WEBSOCKET_OPCODE_PONG:
        return 1;
    case MG_WEBSOCKET_OPCODE_TEXT:
    case MG_WEBSOCKET_OPCODE_BINARY:
        c->len = 0;
        c->in_message = 1;
        break;
    case MG_WEBSOCKET_OPCODE_CONTINUATION:
        if (!c->in_message)
            return ws_fail(c, "protocol error: the server sent a continuation without a start");
        break;
    default:
        return ws_fail(c, "protocol error: unknown WebSocket opcode from the server");
    }
    if (ws_append(c, data, n))
        return ws_fail(c, "protocol error: server message too large");
    if (!(bits & 0x80))
        return 1;
    c->in_message = 0;
    json_error_t jerr;
    json_t *msg = json_loadb(c->buf, c->len, JSON_REJECT_DUPLICATES, &jerr);
    if (!msg || !json_is_object(msg)) {
        json_decref(msg);
        char reason[300];
        snprintf(reason, sizeof reason, "protocol error: the server sent %s",
                 msg ? "a JSON value that is not an object" : "a message that is not JSON");
        return ws_fail(c, reason);
    }
    if (tafel_client_queue_push(c->queue, msg, tafel_client_now_ns()))
        return ws_fail(c, NULL);
    ws_notify(c);
    return 1;
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t n, void *arg)
{
    /* Answer the server's keepalive ping (RFC 6455: a pong with its data); civetweb's client
     * does not. A server closes a connection that answers nothing. */
    if ((bits & 0x0f) == MG_WEBSOCKET_OPCODE_PING)
        mg_websocket_client_write(conn, MG_WEBSOCKET_OPCODE_PONG, data, n);
    return client_ws_frame(arg, bits, data, n);
}

static void ws_closed(const struct mg_connection *conn, void *arg)
{
    (void)conn;
    tafel_client *c = arg;
    tafel_client_queue_close(c->queue, "the connection was closed");
    ws_notify(c);
}

tafel_client *client_new_detached(void)
{
    tafel_client *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->queue = tafel_client_queue_new(WS_QUEUE_MAX);
    if (!c->queue) {
        free(c);
        return NULL;
    }
    return c;
}

/* civetweb's client writes a frame's header and payload separately and offers no way to set
 * TCP_NODELAY, so Nagle's algorithm would hold each payload back until the server's delayed
 * ACK (40 ms a move). Set it on every socket of ours connected to the server's port. */
static void client_nodelay(int port)
{
    long max = sysconf(_SC_OPEN_MAX);
    for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++) {
        struct sockaddr_storage peer;
        socklen_t len = sizeof peer;
        if (getpeername(fd, (struct sockaddr *)&peer, &len))
            continue;
        int p = peer.ss_family == AF_INET ? ntohs(((struct sockaddr_in *)&peer)->sin_port)
              : peer.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&peer)->sin6_port)
              : -1;
        int one = 1;
        if (p == port)
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
}

tafel_client *tafel_client_connect_notify(const char *url, tafel_client_notify fn, void *arg,
                                          char *err, size_t errlen)
{
    tafel_client_url u;
    if (tafel_client_url_parse(url, &u, err, errlen))
        return NULL;
    client_init_civetweb();
    /* http(s):// names the server; its WebSocket lives at /ws. A ws:// URL gives the path. */
    int ws_scheme = !strncasecmp(url, "ws", 2);
    const char *path = ws_scheme ? u.path : "/ws";
    tafel_client *c = client_new_detached();
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->notify = fn;
    c->notify_arg = arg;
    char ebuf[256] = "";
    c->conn = mg_connect_websocket_client(u.host, u.port, u.tls, ebuf, sizeof ebuf, path,
                                          NULL, ws_data, ws_closed, c);
    if (!c->conn) {
        snprintf(err, errlen, "cannot open a WebSocket to %s:%d%s: %s", u.host, u.port, path,
                 ebuf[0] ? ebuf : "connection failed");
        tafel_client_queue_free(c->queue);
        free(c);
        return NULL;
    }
    client_nodelay(u.port);
    return c;
}

tafel_client *tafel_client_connect(const char *url, char *err, size_t errlen)
{
    return tafel_client_connect_notify(url, NULL, NULL, err, errlen);
}

void tafel_client_close(tafel_client *c)
{
    if (!c)
        return;
    if (c->conn) {
        /* A close frame makes the server close its end, which ends civetweb's reader at once
         * instead of at its next read timeout. */
        mg_websocket_client_write(c->conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "\x03\xe8", 2);
        mg_close_connection(c->conn);
    }
    tafel_client_queue_free(c->queue);
    free(c->buf);
    free(c);
}

int tafel_client_send(tafel_client *c, const json_t *msg, char *err, size_t errlen)
{
    char reason[256];
    tafel_client_queue_reason(c->queue, reason, sizeof reason);
    if (reason[0]) {
        snprintf(err, errlen, "%s", reason);
        return -1;
    }
    char *s = json_dumps(msg, JSON_COMPACT);
    if (!s) {
        snprintf(err, errlen, "cannot encode the message");
        return -1;
    }
    size_t n = strlen(s);
    int r = c->conn ? mg_websocket_client_write(c->conn, MG_WEBSOCKET_OPCODE_TEXT, s, n) : -1;
    free(s);
    if (r <= 0) {
        snprintf(err, errlen, "cannot send to the server: the connection is closed");
        return -1;
    }
    return 0;
}

static int ws_send_new(tafel_client *c, json_t *msg, char *err, size_t errlen)
{
    if (!msg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int r = tafel_client_send(c, msg, err, errlen);
    json_decref(msg);
    return r;
}

json_t *client_match_id(const char *match)
{
    char *end;
    long long id = strtoll(match, &end, 10);
    if (*match && !*end)
        return json_integer(id);
    return json_string(match);
}

int tafel_client_join(tafel_client *c, const char *match, const char *token, char *err,
                      size_t errlen)
{
    json_t *msg = json_pack("{s:s, s:i, s:o}", "type", "join", "protocol",
                            TAFEL_CLIENT_PROTOCOL, "match", client_match_id(match));
    if (msg && token && *token)
        json_object_set_new(msg, "token", json_string(token));
    return ws_send_new(c, msg, err, errlen);
}

int tafel_client_act(tafel_client *c, long long index, const json_t *action, char *err,
                     size_t errlen)
{
    json_t *msg = json_pack("{s:s, s:I, s:O}", "type", "act", "index", (json_int_t)index,
                            "action", (json_t *)action);
    return ws_send_new(c, msg, err, errlen);
}

int tafel_client_act_text(tafel_client *c, long long index, const char *text, char *err,
                          size_t errlen)
{
    json_t *msg = json_pack("{s:s, s:I, s:s}", "type", "act", "index", (json_int_t)index, "text",
                            text);
    return ws_send_new(c, msg, err, errlen);
}

int tafel_client_resign(tafel_client *c, char *err, size_t errlen)
{
    return ws_send_new(c, json_pack("{s:s}", "type", "resign"), err, errlen);
}

int tafel_client_ping(tafel_client *c, long long id, char *err, size_t errlen)
{
    return ws_send_new(c, json_pack("{s:s, s:I}", "type", "ping", "id", (json_int_t)id), err,
                       errlen);
}

json_t *tafel_client_recv_stamped(tafel_client *c, int timeout_ms, int64_t *stamp_ns, char *err,
                                  size_t errlen)
{
    int status;
    json_t *msg = tafel_client_queue_pop(c->queue, timeout_ms, &status, stamp_ns);
    if (msg)
        return msg;
    if (status == TAFEL_CLIENT_TIMEOUT)
        snprintf(err, errlen, "timeout: no message from the server in %d ms", timeout_ms);
    else
        tafel_client_queue_reason(c->queue, err, errlen);
    return NULL;
}

json_t *tafel_client_recv(tafel_client *c, int timeout_ms, char *err, size_t errlen)
{
    return tafel_client_recv_stamped(c, timeout_ms, NULL, err, errlen);
}

json_t *tafel_client_expect(tafel_client *c, const char *type, int timeout_ms, char *err,
                            size_t errlen)
{
    int64_t deadline = tafel_client_now_ns() + (int64_t)timeout_ms * 1000000;
    for (int skipped = 0; skipped < 10000; skipped++) {
        int64_t left = (deadline - tafel_client_now_ns()) / 1000000;
        json_t *msg = tafel_client_recv(c, left > 0 ? (int)left : 0, err, errlen);
        if (!msg) {
            if (!strncmp(err, "timeout", 7))
                snprintf(err, errlen, "timeout: no '%s' from the server in %d ms", type,
                         timeout_ms);
            return NULL;
        }
        const char *t = json_string_value(json_object_get(msg, "type"));
        if (t && !strcmp(t, type))
            return msg;
        if (t && !strcmp(t, "error")) {
            client_error_text(msg, err, errlen);
            json_decref(msg);
            return NULL;
        }
        json_decref(msg);
    }
    snprintf(err, errlen, "no '%s' among 10000 messages from the server", type);
    return NULL;
}

tafel_client_queue *client_queue(tafel_client *c)
{
    return c->queue;
}
