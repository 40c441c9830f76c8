/* serve.c: `tafel serve`: run the game server until SIGINT or SIGTERM. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "server/server.h"
#include "server/store.h"

static void serve_usage(FILE *out)
{
    fprintf(out, "usage: tafel serve [--port 8080] [--bind 127.0.0.1] [--db FILE] [--threads N]"
                 " [--bot-threads N] [--allow-origin URL,...]\n");
}

static int serve_int(const char *s, int min, int max, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < min || v > max)
        return -1;
    *out = (int)v;
    return 0;
}

int cli_serve(int argc, char **argv)
{
    server_options o = {.bind = "127.0.0.1", .port = 8080};
    char dbpath[4096], err[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            serve_usage(stdout);
            return 0;
        } else if (!v) {
            bad = 1;
        } else if (!strcmp(a, "--port")) {
            bad = serve_int(v, 0, 65535, &o.port);
        } else if (!strcmp(a, "--bind")) {
            o.bind = v;
        } else if (!strcmp(a, "--db")) {
            o.db = v;
        } else if (!strcmp(a, "--threads")) {
            bad = serve_int(v, 4, 100000, &o.threads);
        } else if (!strcmp(a, "--bot-threads")) {
            bad = serve_int(v, 1, 64, &o.bot_threads);
        } else if (!strcmp(a, "--allow-origin")) {
            o.allow_origin = v;
        } else {
            bad = 1;
        }
        if (bad) {
            fprintf(stderr, "tafel serve: bad option or value: %s%s%s\n", a, v ? " " : "",
                    v ? v : "");
            serve_usage(stderr);
            return 2;
        }
        i++;
    }
    if (!o.db) {
        if (store_default_path(dbpath, sizeof dbpath, err, sizeof err)) {
            fprintf(stderr, "tafel serve: %s\n", err);
            return 1;
        }
        o.db = dbpath;
    }
    /* Block the stop signals before any thread starts, so that every thread inherits the mask
     * and only sigwait below receives them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    server *s = server_start(&o, err, sizeof err);
    if (!s) {
        fprintf(stderr, "tafel serve: %s\n", err);
        return 1;
    }
    const char *host = strcmp(o.bind, "0.0.0.0") ? o.bind : "127.0.0.1";
    printf(strchr(host, ':') ? "tafel: serving on http://[%s]:%d/\n"
                             : "tafel: serving on http://%s:%d/\n",
           host, server_port(s));
    printf("tafel: database %s\n", o.db);
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    printf("tafel: stopping\n");
    fflush(stdout);
    server_stop(s);
    return 0;
}
