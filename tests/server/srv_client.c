/* srv_client.c: test helpers for the server (see srv_client.h), on civetweb's client. */
#include "srv_client.h"

#include <arpa/inet.h>
#include <civetweb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

void tc_start(tc_server *t, const char *db)
{
    tc_start_ping(t, db, 0);
}

void tc_start_ping(tc_server *t, const char *db, int ping_ms)
{
    tc_start_opts(t, db, &(server_options){.ping_ms = ping_ms});
}

void tc_start_opts(tc_server *t, const char *db, const server_options *extra)
{
    if (db && *db) {
        snprintf(t->db, sizeof t->db, "%s", db);
    } else {
        /* tmpfs when there is one: every stored action is an fsync, which is slow on disk. */
        snprintf(t->db, sizeof t->db, "%s/tafel-srvtest-XXXXXX",
                 access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm");
        int fd = mkstemp(t->db);
        assert_true(fd >= 0);
        close(fd);
        unlink(t->db);
    }
    server_options o = {.bind = "127.0.0.1", .port = 0, .db = t->db, .threads = 32,
                        .bot_threads = 2, .ping_ms = extra->ping_ms,
                        .view_at_per_s = extra->view_at_per_s,
                        .replay_per_s = extra->replay_per_s,
                        .bot_max_time = extra->bot_max_time,
                        .bot_max_threads = extra->bot_max_threads,
                        .bot_max_iters = extra->bot_max_iters};
    char err[512];
    t->s = server_start(&o, err, sizeof err);
    if (!t->s)
        fail_msg("server_start: %s", err);
    t->port = server_port(t->s);
    assert_true(t->port > 0);
}

void tc_stop(tc_server *t)
{
    server_stop(t->s);
    t->s = NULL;
}

void tc_remove_db(const char *db)
{
    char p[300];
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", db);
    unlink(p);
}

int tc_http(int port, const char *method, const char *path, const char *body, json_t **out)
{
    char host[32];
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    return tc_http_host(port, host, method, path, body, out);
}

int tc_http_host(int port, const char *host, const char *method, const char *path,
                 const char *body, json_t **out)
{
    char ebuf[256];
    struct mg_connection *c =
        mg_download("127.0.0.1", port, 0, ebuf, sizeof ebuf,
                    "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %zu\r\n"
                    "Connection: close\r\n\r\n%s",
                    method, path, host, body ? strlen(body) : 0, body ? body : "");
    if (!c)
        fail_msg("mg_download: %s", ebuf);
    int status = mg_get_response_info(c)->status_code;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    int n;
    while ((n = mg_read(c, buf + len, cap - len)) > 0) {
        len += (size_t)n;
        if (len == cap)
            buf = realloc(buf, cap *= 2);
    }
    mg_close_connection(c);
    json_error_t je;
    json_t *j = json_loadb(buf, len, 0, &je);
    free(buf);
    if (!j)
        fail_msg("HTTP %s %s: %d with a body that is not JSON", method, path, status);
    if (out)
        *out = j;
    else
        json_decref(j);
    return status;
}

json_t *tc_create(int port, const char *game, const char *seats_json, long long seed)
{
    char body[1024];
    snprintf(body, sizeof body, "{\"game\": \"%s\", \"seats\": %s, \"seed\": %lld}", game,
             seats_json, seed);
    json_t *out;
    int status = tc_http(port, "POST", "/api/matches", body, &out);
    if (status != 201)
        fail_msg("create %s: %d %s", game, status,
                 json_string_value(json_object_get(out, "error")));
    return out;
}

/* ---- WebSocket client ---- */

typedef struct tc_msg {
    json_t *j;
    struct tc_msg *next;
} tc_msg;

struct tc_ws {
    struct mg_connection *c;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    tc_msg *head, *tail;
    int closed;
};

static int tc_ws_data(struct mg_connection *c, int bits, char *data, size_t len, void *ud)
{
    tc_ws *w = ud;
    if ((bits & 0xf) == MG_WEBSOCKET_OPCODE_PING) /* keepalive: a client must answer */
        mg_websocket_client_write(c, MG_WEBSOCKET_OPCODE_PONG, data, len);
    if ((bits & 0xf) != MG_WEBSOCKET_OPCODE_TEXT)
        return 1;
    json_t *j = json_loadb(data, len, 0, NULL);
    if (!j)
        return 1;
    tc_msg *m = calloc(1, sizeof *m);
    m->j = j;
    pthread_mutex_lock(&w->mu);
    if (w->tail)
        w->tail->next = m;
    else
        w->head = m;
    w->tail = m;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return 1;
}

static void tc_ws_gone(const struct mg_connection *c, void *ud)
{
    (void)c;
    tc_ws *w = ud;
    pthread_mutex_lock(&w->mu);
    w->closed = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

/* civetweb's client writes a frame's header and payload separately and offers no way to set
 * TCP_NODELAY, so Nagle's algorithm holds each payload back until the server's delayed ACK (40
 * ms a move). Set it on every socket of ours connected to the server's port. */
static void tc_nodelay(int port)
{
    for (int fd = 3; fd < 1024; fd++) {
        struct sockaddr_in peer;
        socklen_t len = sizeof peer;
        if (getpeername(fd, (struct sockaddr *)&peer, &len) || peer.sin_family != AF_INET ||
            ntohs(peer.sin_port) != port)
            continue;
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
}

tc_ws *tc_ws_open(int port, const char *origin)
{
    tc_ws *w = calloc(1, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    char ebuf[256];
    w->c = mg_connect_websocket_client("127.0.0.1", port, 0, ebuf, sizeof ebuf, "/ws", origin,
                                       tc_ws_data, tc_ws_gone, w);
    if (!w->c) {
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        free(w);
        return NULL;
    }
    tc_nodelay(port);
    return w;
}

void tc_ws_send(tc_ws *w, const char *text)
{
    mg_websocket_client_write(w->c, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
}

void tc_ws_sendj(tc_ws *w, json_t *msg)
{
    char *t = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    tc_ws_send(w, t);
    free(t);
}

json_t *tc_ws_next(tc_ws *w, int timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->mu);
    while (!w->head && !w->closed)
        if (pthread_cond_timedwait(&w->cv, &w->mu, &until))
            break;
    json_t *j = NULL;
    if (w->head) {
        tc_msg *m = w->head;
        w->head = m->next;
        if (!w->head)
            w->tail = NULL;
        j = m->j;
        free(m);
    }
    pthread_mutex_unlock(&w->mu);
    return j;
}

json_t *tc_ws_wait(tc_ws *w, const char *type, int timeout_ms)
{
    for (int waited = 0; waited < timeout_ms; waited += 100) {
        json_t *j = tc_ws_next(w, 100);
        if (!j)
            continue;
        if (!strcmp(json_string_value(json_object_get(j, "type")), type))
            return j;
        json_decref(j);
    }
    fail_msg("no '%s' message within %d ms", type, timeout_ms);
    return NULL;
}

int tc_ws_closed(tc_ws *w)
{
    pthread_mutex_lock(&w->mu);
    int c = w->closed;
    pthread_mutex_unlock(&w->mu);
    return c;
}

void tc_ws_close(tc_ws *w)
{
    if (!w)
        return;
    /* Closing by a close frame lets civetweb's reader thread end at once; mg_close_connection
     * alone waits out its 2 s poll. */
    mg_websocket_client_write(w->c, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
    for (int i = 0; i < 200 && !tc_ws_closed(w); i++)
        nanosleep(&(struct timespec){0, 10000000L}, NULL);
    mg_close_connection(w->c);
    while (w->head) {
        tc_msg *m = w->head;
        w->head = m->next;
        json_decref(m->j);
        free(m);
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

json_t *tc_join(tc_ws *w, long long match, const char *token)
{
    json_t *msg = json_pack("{s:s, s:i, s:I}", "type", "join", "protocol", 1, "match",
                            (json_int_t)match);
    if (token)
        json_object_set_new(msg, "token", json_string(token));
    tc_ws_sendj(w, msg);
    json_t *j = tc_ws_next(w, 5000);
    if (!j || strcmp(json_string_value(json_object_get(j, "type")), "joined"))
        fail_msg("join %lld: %s", match, j ? json_dumps(j, 0) : "no answer");
    json_decref(j);
    return tc_ws_wait(w, "state", 5000);
}

/* ---- A raw WebSocket client: no close frame, no pong ---- */

static void tc_raw_send_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        ssize_t k = send(fd, p, len, MSG_NOSIGNAL);
        assert_true(k > 0);
        p += k;
        len -= (size_t)k;
    }
}

/* Connect, upgrade and send one text message (masked, as a client must). */
int tc_raw_join(int port, long long id, const char *token)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct timeval tv = {.tv_sec = 3};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n", port);
    tc_raw_send_all(fd, req, (size_t)n);
    /* Read the answer up to its blank line, a byte at a time (no frame bytes taken). */
    char resp[1024];
    size_t got = 0;
    while (got < sizeof resp - 1 &&
           (got < 4 || memcmp(resp + got - 4, "\r\n\r\n", 4))) {
        ssize_t k = recv(fd, resp + got, 1, 0);
        assert_true(k == 1);
        got++;
    }
    resp[got] = 0;
    assert_non_null(strstr(resp, " 101 "));
    char text[256];
    size_t len = (size_t)snprintf(text, sizeof text,
                                  "{\"type\":\"join\",\"protocol\":1,\"match\":%lld,"
                                  "\"token\":\"%s\"}", id, token);
    assert_true(len < 126);
    unsigned char frame[8 + sizeof text];
    const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    frame[0] = 0x81; /* FIN, text */
    frame[1] = (unsigned char)(0x80 | len);
    memcpy(frame + 2, mask, 4);
    for (size_t i = 0; i < len; i++)
        frame[6 + i] = (unsigned char)text[i] ^ mask[i % 4];
    tc_raw_send_all(fd, frame, 6 + len);
    return fd;
}

const char *tc_token(const json_t *created, int seat)
{
    const json_t *s = json_array_get(json_object_get(created, "seats"), (size_t)seat);
    return json_string_value(json_object_get(s, "token"));
}
