/* server.c: the server as a whole: the hub (matches, store, bots) behind civetweb's context,
 * which serves the HTTP routes (http.c) and WebSockets (ws.c) on its worker threads. */
#include "server/server.h"

#include <civetweb.h>
#include <netdb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <unistd.h>

#include "server/http.h"
#include "server/hub.h"
#include "server/ratelimit.h"
#include "server/static.h"
#include "server/ws.h"

struct server {
    struct mg_context *ctx;
    hub *hub;
    ws_options ws;
    http_routes routes;
    int port;
    char bind[64];             /* the address listened on, for server_nudge */
    atomic_int stopped;
    char allow_origin[512];
    char web[4096];
};

/* civetweb prints its own errors through this; keep them on stderr with our prefix. */
static int server_log(const struct mg_connection *mc, const char *message)
{
    (void)mc;
    fprintf(stderr, "tafel: %s\n", message);
    return 1;
}

server *server_start(const server_options *o, char *err, size_t errlen)
{
    server *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->hub = hub_new(o->db, o->bot_threads > 0 ? o->bot_threads : SERVER_DEFAULT_BOT_THREADS,
                     err, errlen);
    if (!s->hub) {
        free(s);
        return NULL;
    }
    char ports[128], threads[16];
    const char *bind = o->bind ? o->bind : "127.0.0.1";
    snprintf(s->bind, sizeof s->bind, "%s", bind);
    /* An IPv6 address needs brackets before the port. */
    snprintf(ports, sizeof ports, strchr(bind, ':') ? "[%s]:%d" : "%s:%d", bind, o->port);
    snprintf(threads, sizeof threads, "%d", o->threads > 0 ? o->threads : SERVER_DEFAULT_THREADS);
    /* civetweb holds a worker thread per open WebSocket, so num_threads bounds the number of
     * players and spectators online at once. civetweb's own WebSocket timeout and ping/pong
     * (1.15) closed neither a silent peer nor anything else in our tests, so the keepalive is
     * ws.c's; the timeout stays long. tcp_nodelay: a move is one small write, which Nagle's
     * algorithm would hold back for the peer's delayed ACK. */
    const char *opts[] = {"listening_ports", ports, "num_threads", threads,
                          "websocket_timeout_ms", "86400000", "request_timeout_ms", "30000",
                          "enable_keep_alive", "yes", "tcp_nodelay", "1", NULL, NULL, NULL,
                          NULL, NULL, NULL, NULL};
    if (o->web) {
        /* The browser client: plain files with civetweb's content types, no listing of
         * folders, revalidated on every load so an updated client is never mixed with a stale
         * module. */
        snprintf(s->web, sizeof s->web, "%s", o->web);
        size_t k = 12;
        opts[k++] = "document_root";
        opts[k++] = s->web;
        opts[k++] = "enable_directory_listing";
        opts[k++] = "no";
        opts[k++] = "static_file_max_age";
        opts[k++] = "0";
    }
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = server_log;
    mg_init_library(0);
    s->ctx = mg_start(&cb, s, opts);
    if (!s->ctx) {
        snprintf(err, errlen, "cannot listen on %s (in use, or not an address here)", ports);
        hub_free(s->hub);
        mg_exit_library();
        free(s);
        return NULL;
    }
    struct mg_server_port sp[4];
    int n = mg_get_server_ports(s->ctx, 4, sp);
    s->port = n > 0 ? sp[0].port : o->port;
    if (o->allow_origin)
        snprintf(s->allow_origin, sizeof s->allow_origin, "%s", o->allow_origin);
    s->ws = (ws_options){.hub = s->hub, .allow_origin = s->allow_origin,
                         .ping_ms = o->ping_ms > 0 ? o->ping_ms : SERVER_DEFAULT_PING_MS};
    int replay_per_s = o->replay_per_s > 0 ? o->replay_per_s : SERVER_REPLAY_PER_S;
    s->routes = (http_routes){.hub = s->hub, .replay_per_s = replay_per_s,
                              .replay_limit = rl_table_new(replay_per_s, 4.0 * replay_per_s)};
    hub_set_view_at_limit(s->hub, o->view_at_per_s > 0 ? o->view_at_per_s
                                                         : SERVER_VIEW_AT_PER_S);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    hub_set_bot_limits(s->hub, (tafel_bot_cost){
        .threads = o->bot_max_threads > 0 ? o->bot_max_threads : cores > 0 ? (int)cores : 1,
        .time = o->bot_max_time > 0 ? o->bot_max_time : SERVER_BOT_MAX_TIME,
        .iters = o->bot_max_iters > 0 ? o->bot_max_iters : SERVER_BOT_MAX_ITERS,
        .nodes = SERVER_BOT_MAX_NODES});
    http_register(s->ctx, &s->routes);
    ws_register(s->ctx, &s->ws);
    if (o->web)
        static_register(s->ctx, s->web);
    return s;
}

int server_port(const server *s)
{
    return s->port;
}

int server_live_matches(server *s)
{
    return hub_live_count(s->hub);
}

/* civetweb's listening thread sees the stop only when its poll returns, which without traffic
 * takes up to its 2 s timeout: connections of our own wake it at once. */
static void *server_nudge(void *p)
{
    server *s = p;
    char port[16];
    snprintf(port, sizeof port, "%d", s->port);
    const char *host = !strcmp(s->bind, "0.0.0.0") ? "127.0.0.1"
                       : !strcmp(s->bind, "::")    ? "::1"
                                                   : s->bind;
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai = NULL;
    if (getaddrinfo(host, port, &hints, &ai) || !ai)
        return NULL;
    for (int i = 0; i < 150 && !atomic_load(&s->stopped); i++) {
        int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd >= 0) {
            connect(fd, ai->ai_addr, ai->ai_addrlen);
            close(fd);
        }
        nanosleep(&(struct timespec){.tv_nsec = 20 * 1000000L}, NULL);
    }
    freeaddrinfo(ai);
    return NULL;
}

void server_stop(server *s)
{
    if (!s)
        return;
    pthread_t nudge;
    int nudging = pthread_create(&nudge, NULL, server_nudge, s) == 0;
    mg_stop(s->ctx); /* closes every WebSocket through ws.c's close handler */
    atomic_store(&s->stopped, 1);
    if (nudging)
        pthread_join(nudge, NULL);
    ws_stop(&s->ws);
    rl_table_free(s->routes.replay_limit);
    hub_free(s->hub);
    mg_exit_library();
    free(s);
}
