/* serve.c: `tafel serve`: run the game server until SIGINT or SIGTERM. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "server/server.h"
#include "server/store.h"

static void serve_usage(FILE *out)
{
    fprintf(out, "usage: tafel serve [--port 8080] [--bind 127.0.0.1] [--db FILE] [--threads N]"
                 " [--bot-threads N] [--allow-origin URL,...] [--web DIR]\n"
                 "       [--bot-max-time S] [--bot-max-threads N]  the most a bot seat may think"
                 " a move (default 60 s)\n"
                 "                            and search with (default: this machine's cores)\n"
                 "       [--ping-interval S]  ping a quiet WebSocket every S seconds (default"
                 " 30);\n"
                 "                            one that answers none of 5 pings is closed\n");
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

static int serve_has_index(const char *dir)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/index.html", dir);
    return n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0;
}

/* The browser client's folder when --web is not given: the source tree's web/ seen from the
 * binary in a build tree (build/src/cli/tafel), else an installed share/tafel/web. The binary's
 * own path, not the working directory, so `tafel serve` works from anywhere. */
static int serve_default_web(char *out, size_t outlen)
{
    char exe[3900];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = 0;
    const char *rel[] = {"../../../web", "../share/tafel/web"};
    for (size_t i = 0; i < sizeof rel / sizeof *rel; i++) {
        int k = snprintf(out, outlen, "%s/%s", exe, rel[i]);
        if (k > 0 && (size_t)k < outlen && serve_has_index(out))
            return 0;
    }
    return -1;
}

int cli_serve(int argc, char **argv)
{
    server_options o = {.bind = "127.0.0.1", .port = 8080};
    char dbpath[4096], err[512], webpath[4096];
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
        } else if (!strcmp(a, "--bot-max-time")) {
            int sec = 0;
            bad = serve_int(v, 1, 86400, &sec);
            o.bot_max_time = sec;
        } else if (!strcmp(a, "--bot-max-threads")) {
            bad = serve_int(v, 1, 64, &o.bot_max_threads);
        } else if (!strcmp(a, "--allow-origin")) {
            o.allow_origin = v;
        } else if (!strcmp(a, "--web")) {
            o.web = v;
        } else if (!strcmp(a, "--ping-interval")) {
            int sec = 0;
            bad = serve_int(v, 1, 86400, &sec);
            o.ping_ms = sec * 1000;
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
    if (o.web && !serve_has_index(o.web)) {
        fprintf(stderr, "tafel serve: --web %s: no index.html there\n", o.web);
        return 1;
    }
    if (!o.web && !serve_default_web(webpath, sizeof webpath))
        o.web = webpath;
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
    if (o.web)
        printf("tafel: browser client from %s\n", o.web);
    else
        printf("tafel: no browser client found (give --web DIR); serving the API only\n");
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    printf("tafel: stopping\n");
    fflush(stdout);
    server_stop(s);
    return 0;
}
