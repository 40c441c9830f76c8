/* loadtest.c: `tafel loadtest`: N concurrent two-seat matches of random clients against a
 * server, reporting moves/s, the round trip from an act to the action acknowledging it, errors
 * and the server's memory. A benchmark, bounded by --seconds. With --think each seat waits
 * before it acts, so the load offered is set rather than the server's saturation. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "client/client.h"
#include "tafel/rng.h"

#define LT_USAGE                                                                               \
    "usage: tafel loadtest URL --games N [--seconds S] [--think MS] [--pid PID] [--seed N]\n" \
    "N matches of two random human seats (carcassonne, targi, tafelrunde2 in turn), 2N\n"     \
    "WebSockets playing random legal moves; S (default 60) bounds the whole run. --think: a\n" \
    "seat waits 0.8 to 1.2 times MS ms (seeded; its first move 0 to 1.2 MS, to spread the\n"  \
    "start) after it may move before it acts, offering about N*1000/MS moves/s; 0 (default)\n" \
    "acts at once, measuring saturation. --pid: the server's process, whose memory is\n"      \
    "reported.\n"

#define LT_HTTP_TIMEOUT_MS 10000

static const char *const lt_games[] = {"carcassonne", "targi", "tafelrunde2"};

typedef struct lt_run lt_run;

typedef struct {
    lt_run *run;
    tafel_client *client;
    int id, seat;
    long long next;        /* index of the next action */
    long long sent;        /* index of our act awaiting its action, -1 if none */
    int64_t sent_ns;
    int64_t due_ns;        /* --think: when to act, 0 if no act is scheduled */
    json_t *action;        /* --think: the action to send at due_ns */
    int acted;             /* has sent an act (the first think is spread over the start) */
    int done;              /* over, or the connection failed */
    atomic_int flagged;    /* on the ready ring: set by the reader thread, cleared by us */
} lt_conn;

struct lt_run {
    lt_conn *conns;
    int n;
    /* Ring of connections with news; each is on it at most once, so n slots suffice. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int *ring, head, count;
    tafel_rng rng;
    double *rtt;           /* round trips in ms */
    size_t nrtt, caprtt;
    long long moves, actions, server_errors, conn_errors, http_errors, over;
    long think_ms;
    /* --think: min-heap of scheduled acts by due time; each connection at most once. */
    int *heap, nheap;
};

static int64_t lt_due(const lt_run *run, int i)
{
    return run->conns[run->heap[i]].due_ns;
}

static void lt_heap_swap(lt_run *run, int i, int j)
{
    int t = run->heap[i];
    run->heap[i] = run->heap[j];
    run->heap[j] = t;
}

static void lt_heap_push(lt_run *run, int id)
{
    int i = run->nheap++;
    run->heap[i] = id;
    while (i > 0 && lt_due(run, (i - 1) / 2) > lt_due(run, i)) {
        lt_heap_swap(run, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static int lt_heap_pop(lt_run *run)
{
    int id = run->heap[0];
    run->heap[0] = run->heap[--run->nheap];
    for (int i = 0;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < run->nheap && lt_due(run, l) < lt_due(run, m))
            m = l;
        if (r < run->nheap && lt_due(run, r) < lt_due(run, m))
            m = r;
        if (m == i)
            break;
        lt_heap_swap(run, i, m);
        i = m;
    }
    return id;
}

static void lt_notify(void *arg)
{
    lt_conn *c = arg;
    if (atomic_exchange(&c->flagged, 1))
        return;
    lt_run *run = c->run;
    pthread_mutex_lock(&run->lock);
    run->ring[(run->head + run->count) % run->n] = c->id;
    run->count++;
    pthread_cond_signal(&run->cond);
    pthread_mutex_unlock(&run->lock);
}

static int lt_next_ready(lt_run *run, int64_t timeout_ns)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_sec += (time_t)(timeout_ns / 1000000000);
    ts.tv_nsec += (long)(timeout_ns % 1000000000);
    ts.tv_sec += ts.tv_nsec / 1000000000L;
    ts.tv_nsec %= 1000000000L;
    pthread_mutex_lock(&run->lock);
    if (run->count == 0)
        pthread_cond_timedwait(&run->cond, &run->lock, &ts);
    int id = -1;
    if (run->count > 0) {
        id = run->ring[run->head];
        run->head = (run->head + 1) % run->n;
        run->count--;
    }
    pthread_mutex_unlock(&run->lock);
    return id;
}

static void lt_rtt(lt_run *run, double ms)
{
    if (run->nrtt == run->caprtt) {
        size_t cap = run->caprtt ? run->caprtt * 2 : 4096;
        double *r = realloc(run->rtt, cap * sizeof *r);
        if (!r)
            return;
        run->rtt = r;
        run->caprtt = cap;
    }
    run->rtt[run->nrtt++] = ms;
}

static void lt_send(lt_run *run, lt_conn *c, const json_t *action)
{
    char err[256];
    if (!action || tafel_client_act(c->client, c->next, action, err, sizeof err)) {
        run->conn_errors++;
        c->done = 1;
        return;
    }
    c->sent = c->next;
    c->sent_ns = tafel_client_now_ns();
    c->acted = 1;
}

static void lt_maybe_act(lt_run *run, lt_conn *c, const json_t *msg)
{
    json_t *legal = json_object_get(msg, "legal");
    if (c->sent >= 0)
        return;
    if (!json_is_array(legal) || json_array_size(legal) == 0 ||
        json_integer_value(json_object_get(msg, "to_move")) != c->seat) {
        json_decref(c->action); /* no longer our turn: a scheduled act is dropped */
        c->action = NULL;
        return;
    }
    size_t k = tafel_rng_below(&run->rng, (uint32_t)json_array_size(legal));
    json_t *action = json_object_get(json_array_get(legal, k), "action");
    if (run->think_ms == 0 || !action) {
        lt_send(run, c, action);
        return;
    }
    /* Think: keep the choice from the newest view; a scheduled act keeps its due time. */
    json_incref(action);
    json_decref(c->action);
    c->action = action;
    if (c->due_ns)
        return;
    double f = c->acted ? 0.8 + 0.4 * tafel_rng_double(&run->rng)
                        : 1.2 * tafel_rng_double(&run->rng);
    c->due_ns = tafel_client_now_ns() + (int64_t)((double)run->think_ms * f * 1e6);
    if (c->due_ns == 0)
        c->due_ns = 1;
    lt_heap_push(run, c->id);
}

/* Send the scheduled acts that are due; returns the ns until the next one, or -1 if none. */
static int64_t lt_fire(lt_run *run)
{
    while (run->nheap > 0) {
        int64_t now = tafel_client_now_ns(), due = lt_due(run, 0);
        if (due > now)
            return due - now;
        lt_conn *c = &run->conns[lt_heap_pop(run)];
        c->due_ns = 0;
        if (!c->done && c->sent < 0 && c->action)
            lt_send(run, c, c->action);
        json_decref(c->action);
        c->action = NULL;
    }
    return -1;
}

static void lt_handle(lt_run *run, lt_conn *c, const json_t *msg, int64_t stamp)
{
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        return;
    if (!strcmp(type, "state")) {
        json_t *log = json_object_get(msg, "log");
        json_t *last = json_object_get(json_array_get(log, json_array_size(log) - 1), "index");
        c->next = json_is_integer(last) ? json_integer_value(last) + 1
                                        : json_integer_value(json_object_get(msg, "index"));
        lt_maybe_act(run, c, msg);
    } else if (!strcmp(type, "action")) {
        json_t *entry = json_object_get(msg, "entry");
        long long idx = json_integer_value(json_object_get(entry, "index"));
        c->next = idx + 1;
        run->actions++;
        if (c->sent >= 0 && idx == c->sent) {
            lt_rtt(run, (double)(stamp - c->sent_ns) / 1e6);
            run->moves++;
            c->sent = -1;
        }
        lt_maybe_act(run, c, msg);
    } else if (!strcmp(type, "over")) {
        c->done = 1;
        run->over++;
    } else if (!strcmp(type, "error")) {
        run->server_errors++;
        c->sent = -1; /* refused: nothing is pending; the next state or action says more */
    }
}

static int lt_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double lt_pct(const double *v, size_t n, double p)
{
    if (n == 0)
        return 0;
    size_t k = (size_t)(p * (double)(n - 1) + 0.5);
    return v[k < n ? k : n - 1];
}

/* The server's VmRSS and VmHWM in kB from /proc; 0 if unreadable. */
/* The machine's 1-minute load average ("?" where /proc has none): the figures are only
 * comparable between runs on an equally loaded machine, so the report says how loaded it was. */
static void lt_loadavg(char *out, size_t len)
{
    snprintf(out, len, "?");
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return;
    char buf[64];
    if (fgets(buf, sizeof buf, f))
        snprintf(out, len, "%.*s", (int)strcspn(buf, " "), buf);
    fclose(f);
}

static void lt_memory(long pid, long *rss, long *hwm)
{
    *rss = *hwm = 0;
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "VmRSS:", 6))
            *rss = strtol(line + 6, NULL, 10);
        else if (!strncmp(line, "VmHWM:", 6))
            *hwm = strtol(line + 6, NULL, 10);
    }
    fclose(f);
}

static int lt_parse_long(const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || x < lo || x > hi) {
        fprintf(stderr, "tafel loadtest: bad %s '%s' (%ld to %ld)\n", opt, v ? v : "", lo, hi);
        return -1;
    }
    *out = x;
    return 0;
}

/* Create the matches and open and join both seats of each, until the deadline. Returns the
 * number of connections opened. */
static int lt_setup(lt_run *run, const char *url, long games, long long seed, int64_t deadline)
{
    static const char *const seats[2] = {"human", "human"};
    int n = 0;
    char err[256];
    for (long g = 0; g < games && tafel_client_now_ns() < deadline; g++) {
        const char *game = lt_games[g % 3];
        json_t *m = tafel_client_create_match(url, game, seats, 2, seed + g, LT_HTTP_TIMEOUT_MS,
                                              err, sizeof err);
        json_t *id = json_object_get(m, "id");
        if (!m || !id) {
            if (run->http_errors++ == 0)
                fprintf(stderr, "tafel loadtest: creating a %s match: %s\n", game,
                        m ? "no id in the answer" : err);
            json_decref(m);
            continue;
        }
        char match[64];
        if (json_is_integer(id))
            snprintf(match, sizeof match, "%lld", (long long)json_integer_value(id));
        else
            snprintf(match, sizeof match, "%s", json_string_value(id) ? json_string_value(id) : "");
        for (int s = 0; s < 2; s++) {
            json_t *seat = json_array_get(json_object_get(m, "seats"), (size_t)s);
            const char *token = json_string_value(json_object_get(seat, "token"));
            lt_conn *c = &run->conns[n];
            c->seat = s;
            c->sent = -1;
            c->client = tafel_client_connect_notify(url, lt_notify, c, err, sizeof err);
            if (!c->client || !token ||
                tafel_client_join(c->client, match, token, err, sizeof err)) {
                if (run->conn_errors++ == 0)
                    fprintf(stderr, "tafel loadtest: %s\n", token ? err : "no token for a seat");
                c->done = 1;
            }
            n++;
        }
        json_decref(m);
    }
    return n;
}

int cli_loadtest(int argc, char **argv)
{
    const char *url = NULL;
    long games = 0, seconds = 60, pid = 0, seed = 1, think = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(LT_USAGE, stdout);
            return 0;
        } else if (!strcmp(a, "--games")) {
            if (lt_parse_long(a, v, 1, 100000, &games))
                return 2;
            i++;
        } else if (!strcmp(a, "--seconds")) {
            if (lt_parse_long(a, v, 1, 86400, &seconds))
                return 2;
            i++;
        } else if (!strcmp(a, "--think")) {
            if (lt_parse_long(a, v, 0, 3600000, &think))
                return 2;
            i++;
        } else if (!strcmp(a, "--pid")) {
            if (lt_parse_long(a, v, 1, 1L << 30, &pid))
                return 2;
            i++;
        } else if (!strcmp(a, "--seed")) {
            if (lt_parse_long(a, v, 0, 1L << 40, &seed))
                return 2;
            i++;
        } else if (a[0] == '-' || url) {
            fprintf(stderr, "tafel loadtest: unexpected '%s'\n" LT_USAGE, a);
            return 2;
        } else {
            url = a;
        }
    }
    if (!url || !games) {
        fputs(LT_USAGE, stderr);
        return 2;
    }
    tafel_client_url u;
    char err[256];
    if (tafel_client_url_parse(url, &u, err, sizeof err)) {
        fprintf(stderr, "tafel loadtest: %s\n", err);
        return 2;
    }
    int64_t t0 = tafel_client_now_ns();
    int64_t deadline = t0 + (int64_t)seconds * 1000000000;
    lt_run run = {0};
    run.n = (int)(2 * games);
    run.conns = calloc((size_t)run.n, sizeof *run.conns);
    run.ring = calloc((size_t)run.n, sizeof *run.ring);
    run.heap = calloc((size_t)run.n, sizeof *run.heap);
    run.think_ms = think;
    if (!run.conns || !run.ring || !run.heap) {
        fprintf(stderr, "tafel loadtest: out of memory\n");
        return 1;
    }
    for (int i = 0; i < run.n; i++) {
        run.conns[i].id = i;
        run.conns[i].run = &run;
    }
    pthread_mutex_init(&run.lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&run.cond, &attr);
    pthread_condattr_destroy(&attr);
    tafel_rng_seed(&run.rng, (uint64_t)seed);
    int opened = lt_setup(&run, url, games, seed, deadline);
    int64_t t1 = tafel_client_now_ns();
    char load_start[16], load_end[16];
    lt_loadavg(load_start, sizeof load_start);
    printf("loadtest: %ld matches, %d connections opened in %.1f s\n", games, opened,
           (double)(t1 - t0) / 1e9);
    fflush(stdout);
    /* Play until every connection is done or the deadline; each wait is at most 100 ms, or
     * until the next scheduled act. */
    int live = 0;
    for (int i = 0; i < opened; i++)
        live += !run.conns[i].done;
    /* --think: each match offers one move per think time (one seat moves at a time) */
    double offered = think ? (double)live / 2 * 1000.0 / (double)think : 0;
    while (live > 0 && tafel_client_now_ns() < deadline) {
        int64_t wait = lt_fire(&run);
        int id = lt_next_ready(&run, wait >= 0 && wait < 100000000 ? wait : 100000000);
        if (id < 0)
            continue;
        lt_conn *c = &run.conns[id];
        atomic_store(&c->flagged, 0);
        if (c->done)
            continue;
        json_t *msg;
        int64_t stamp;
        while (!c->done && (msg = tafel_client_recv_stamped(c->client, 0, &stamp, err,
                                                            sizeof err))) {
            lt_handle(&run, c, msg, stamp);
            json_decref(msg);
        }
        if (!c->done && strncmp(err, "timeout", 7)) {
            /* closed before the match ended */
            if (run.conn_errors++ == 0)
                fprintf(stderr, "tafel loadtest: seat %d of a match: %s\n", c->seat, err);
            c->done = 1;
        }
        live -= c->done;
    }
    int64_t t2 = tafel_client_now_ns();
    lt_loadavg(load_end, sizeof load_end);
    long rss = 0, hwm = 0;
    if (pid)
        lt_memory(pid, &rss, &hwm);
    for (int i = 0; i < opened; i++) {
        tafel_client_close(run.conns[i].client);
        json_decref(run.conns[i].action);
    }
    double play_s = (double)(t2 - t1) / 1e9;
    qsort(run.rtt, run.nrtt, sizeof *run.rtt, lt_cmp);
    char offer[64] = "";
    if (think)
        snprintf(offer, sizeof offer, ", offered %.0f/s", offered);
    printf("played %.1f s: %lld moves acknowledged (%.0f/s%s), %lld actions seen, %lld of %d "
           "seat connections saw their match end%s\n",
           play_s, run.moves, play_s > 0 ? (double)run.moves / play_s : 0.0, offer, run.actions,
           run.over, opened, live > 0 ? " (stopped by --seconds)" : "");
    printf("round trip act -> action: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu moves)\n",
           lt_pct(run.rtt, run.nrtt, 0.5), lt_pct(run.rtt, run.nrtt, 0.99),
           lt_pct(run.rtt, run.nrtt, 1.0), run.nrtt);
    long long errors = run.server_errors + run.conn_errors + run.http_errors;
    printf("errors: %lld (server error messages %lld, connections %lld, match creation %lld)\n",
           errors, run.server_errors, run.conn_errors, run.http_errors);
    if (pid)
        printf("server memory (pid %ld): VmRSS %ld kB, VmHWM %ld kB\n", pid, rss, hwm);
    printf("machine load average (1 min) when play began %s, when it ended %s\n", load_start,
           load_end);
    pthread_mutex_destroy(&run.lock);
    pthread_cond_destroy(&run.cond);
    free(run.rtt);
    free(run.heap);
    free(run.ring);
    free(run.conns);
    return errors ? 1 : 0;
}
