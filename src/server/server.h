/* server.h: the game server as a whole (`tafel serve`): options, start, stop. */
#ifndef TAFEL_SERVER_SERVER_H
#define TAFEL_SERVER_SERVER_H

#include <stddef.h>

typedef struct server_options {
    const char *bind;         /* address to listen on; NULL: 127.0.0.1 */
    int port;                 /* 0: an ephemeral port (see server_port) */
    const char *db;           /* database file */
    int threads;              /* civetweb workers: one per open WebSocket plus HTTP; 0: default */
    int bot_threads;          /* bot workers; 0: default */
    const char *allow_origin; /* extra WebSocket Origins, comma-separated, or NULL */
    const char *web;          /* the browser client's folder (web/) to serve, or NULL */
    int ping_ms;              /* keepalive: ping a quiet WebSocket this often; 0: default */
    int view_at_per_s;        /* view_at requests per second and connection; 0: default */
    int replay_per_s;         /* POST /api/replay per second and client address; 0: default */
    double bot_max_time;      /* seconds a bot seat may think per move; 0: default */
    int bot_max_threads;      /* threads a bot seat may search with; 0: this machine's cores */
    long bot_max_iters;       /* search iterations a bot seat may take a move; 0: default */
} server_options;

#define SERVER_DEFAULT_THREADS 2100
#define SERVER_DEFAULT_BOT_THREADS 2
#define SERVER_DEFAULT_PING_MS 30000
/* A WebSocket quiet for an interval gets a ping each interval; one from which nothing (no pong,
 * no message) arrived for SERVER_PING_TRIES + 1 intervals is closed (ws.c). */
#define SERVER_PING_TRIES 2
/* Past positions are replayed from the start on every request, so a client that asks in a loop
 * makes the server replay games in a loop: view_at gets this many a second per connection (a
 * burst of twice as many at once), POST /api/replay this many per client address (a burst of
 * four times as many). Holding a key down repeats it about 30 times a second; the replay viewer
 * asks once per viewer it shows. */
#define SERVER_VIEW_AT_PER_S 50
/* A bot seat thinks on one of the few bot workers, so one that thinks for hours, searches with
 * more threads than there are cores or allocates gigabytes holds up every other bot: creating a
 * match with such a seat is refused (docs/protocol.md, "Limits"). The node limit is the search's
 * own default (160 MB of address space per thread); the iteration limit is some 30-60 s of a
 * core. */
#define SERVER_BOT_MAX_TIME 60.0
#define SERVER_BOT_MAX_ITERS 10000000L
#define SERVER_BOT_MAX_NODES (1L << 22)
#define SERVER_REPLAY_PER_S 2

typedef struct server server;

/* Open the database, resume its unfinished games, listen. NULL with a one-line reason. */
server *server_start(const server_options *o, char *err, size_t errlen);
/* The port listened on (the real one when 0 was asked for). */
int server_port(const server *s);
/* How many matches are in memory (finished ones leave once nobody holds them). */
int server_live_matches(server *s);
/* Close every connection, finish the bot turns being thought, close the database. */
void server_stop(server *s);

#endif
