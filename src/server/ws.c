/* ws.c: the WebSocket endpoint /ws: checks the Origin of the upgrade, turns text frames into
 * JSON messages for the hub (refusing oversized ones and other frames), closes a connection
 * that keeps sending bad messages, and keeps connections alive: a quiet one is pinged, one whose
 * peer sends nothing at all (not even a pong) is closed, so that its seat shows disconnected
 * instead of waiting for TCP to give up on a peer that vanished without a FIN. */
#include "server/ws.h"

#include <arpa/inet.h>
#include <civetweb.h>
#include <dirent.h>
#include <jansson.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "server/bigstack.h"
#include "server/hub.h"
#include "server/server.h"

#define WS_ABUSE_ERRORS 20   /* errors allowed per WS_ABUSE_WINDOW seconds */
#define WS_ABUSE_WINDOW 60

struct ws_conn {
    hub_conn *hc;
    int errors;
    time_t window_start;
    struct mg_connection *mc;
    atomic_llong last_rx_ms;   /* when the peer's last frame (any kind) arrived */
    int shut;                  /* the keepalive shut its socket down (under ws_options.mu) */
    ws_conn *prev, *next;      /* in ws_options.conns (under its mu) */
};

static long long ws_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Shut down the socket under a dead connection, so that civetweb's thread reading it returns
 * and closes the connection as if the peer had (ws_close, presence). civetweb 1.15 offers no
 * way to close a server connection from another thread, nor its descriptor; the descriptor
 * is found by the peer's address and port, which identify the TCP connection. shutdown()
 * leaves the descriptor open, so civetweb's own close still owns it. */
static void ws_shutdown(struct mg_connection *mc)
{
    const struct mg_request_info *ri = mg_get_request_info(mc);
    if (!ri)
        return;
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        int fd = atoi(e->d_name);
        if (fd <= 2 || fd == dirfd(d))
            continue;
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        if (getpeername(fd, (struct sockaddr *)&ss, &len))
            continue;
        char addr[INET6_ADDRSTRLEN] = "";
        int port;
        if (ss.ss_family == AF_INET) {
            const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
            inet_ntop(AF_INET, &a->sin_addr, addr, sizeof addr);
            port = ntohs(a->sin_port);
        } else if (ss.ss_family == AF_INET6) {
            const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
            inet_ntop(AF_INET6, &a->sin6_addr, addr, sizeof addr);
            port = ntohs(a->sin6_port);
        } else {
            continue;
        }
        if (port == ri->remote_port && !strcmp(addr, ri->remote_addr)) {
            shutdown(fd, SHUT_RDWR);
            break;
        }
    }
    closedir(d);
}

/* Every quarter interval: ping the connections quiet for an interval, shut down those quiet
 * for SERVER_PING_TRIES + 1 intervals. */
static void *ws_keepalive(void *p)
{
    ws_options *o = p;
    long long step = o->ping_ms / 4 > 10 ? o->ping_ms / 4 : 10;
    long long dead = (long long)(SERVER_PING_TRIES + 1) * o->ping_ms;
    pthread_mutex_lock(&o->mu);
    while (!o->stopping) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_sec += (time_t)(step / 1000);
        ts.tv_nsec += (long)(step % 1000) * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&o->cv, &o->mu, &ts);
        long long now = ws_now_ms();
        /* Under mu: ws_close unlinks a connection before freeing it. */
        for (ws_conn *w = o->conns; w && !o->stopping; w = w->next) {
            long long quiet = now - atomic_load(&w->last_rx_ms);
            if (quiet >= dead && !w->shut) {
                w->shut = 1;
                ws_shutdown(w->mc);
            } else if (quiet >= o->ping_ms && !w->shut) {
                hub_conn_ping(w->hc);
            }
        }
    }
    pthread_mutex_unlock(&o->mu);
    return NULL;
}

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
    ws_options *o = cbdata;
    ws_conn *w = calloc(1, sizeof *w);
    if (!w)
        abort();
    w->hc = hub_conn_open(o->hub, mc);
    w->window_start = time(NULL);
    w->mc = mc;
    atomic_store(&w->last_rx_ms, ws_now_ms());
    mg_set_user_connection_data(mc, w);
    pthread_mutex_lock(&o->mu);
    w->next = o->conns;
    if (w->next)
        w->next->prev = w;
    o->conns = w;
    pthread_mutex_unlock(&o->mu);
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
    if (w)
        atomic_store(&w->last_rx_ms, ws_now_ms());
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
    ws_options *o = cbdata;
    ws_conn *w = mg_get_user_connection_data(mc);
    if (!w)
        return;
    pthread_mutex_lock(&o->mu);
    if (w->prev)
        w->prev->next = w->next;
    else
        o->conns = w->next;
    if (w->next)
        w->next->prev = w->prev;
    pthread_mutex_unlock(&o->mu);
    hub_conn_close(o->hub, w->hc);
    free(w);
}

void ws_register(struct mg_context *ctx, ws_options *o)
{
    pthread_mutex_init(&o->mu, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&o->cv, &attr);
    pthread_condattr_destroy(&attr);
    if (o->ping_ms <= 0)
        o->ping_ms = SERVER_DEFAULT_PING_MS;
    if (pthread_create(&o->keepalive, NULL, ws_keepalive, o))
        abort();
    mg_set_websocket_handler(ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, o);
}

void ws_stop(ws_options *o)
{
    pthread_mutex_lock(&o->mu);
    o->stopping = 1;
    pthread_cond_signal(&o->cv);
    pthread_mutex_unlock(&o->mu);
    pthread_join(o->keepalive, NULL);
    pthread_mutex_destroy(&o->mu);
    pthread_cond_destroy(&o->cv);
}
