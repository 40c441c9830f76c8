/* arena_mpi.c: the arena on MPI ranks. Rank 0 owns the run (arena_session: results file,
 * records, SPRT, progress) and hands out game indices one at a time as ranks ask (games differ
 * in length, so a static split would leave ranks idle); each finished game comes back as its
 * results line and its record text, so no shared file system is needed. Rank 0 plays too, on a
 * thread, while its main thread serves requests. Waits poll with short sleeps rather than
 * blocking in MPI, whose blocking calls spin and would take a core from the players. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mpi/arena_mpi.h"

enum { TAG_READY = 1, TAG_RESULT, TAG_ERROR, TAG_GAME };

typedef struct {
    const arena_config *c;
    arena_session *s;
    pthread_mutex_t mu;
    int failed;
    char err[TAFEL_ERR_LEN];
} mpi_shared;

int mpi_arena_gate(void *ctx, int status)
{
    mpi_arena *m = ctx;
    int root = status;
    MPI_Bcast(&root, 1, MPI_INT, 0, MPI_COMM_WORLD);
    /* Every rank parses the same arguments; only rank 0 checks files, so only it can refuse
     * what the others accepted. The reverse would be a bug. */
    if (m->rank && status && !root)
        MPI_Abort(MPI_COMM_WORLD, 2);
    return root;
}

/* Sleep a little longer each time nothing came (20 us up to 1 ms). A rank whose launcher was
 * killed would otherwise go on playing until MPI noticed, for seconds; rank 0's results file
 * holds every finished game already, so stopping at once loses nothing --resume needs. */
static void mpi_nap(const mpi_arena *m, long *us)
{
    if (m->launcher && (long)getppid() != m->launcher) {
        fprintf(stderr, "tafel-mpi: rank %d: the launcher is gone; stopping (finish the run "
                        "with --resume)\n", m->rank);
        _exit(3);
    }
    struct timespec ts = {0, *us * 1000};
    nanosleep(&ts, NULL);
    if (*us < 1000)
        *us *= 2;
}

static void mpi_fail(mpi_shared *sh, const char *msg)
{
    if (!sh->failed) {
        sh->failed = 1;
        snprintf(sh->err, sizeof sh->err, "%s", msg);
    }
    arena_session_stop(sh->s);
}

static void *mpi_local_player(void *arg)
{
    mpi_shared *sh = arg;
    for (;;) {
        pthread_mutex_lock(&sh->mu);
        long k = sh->failed ? -1 : arena_session_next(sh->s);
        pthread_mutex_unlock(&sh->mu);
        if (k < 0)
            return NULL;
        arena_game g;
        char err[TAFEL_ERR_LEN], *record = NULL;
        int rc = arena_play(sh->c, k, &g, &record, err, sizeof err);
        pthread_mutex_lock(&sh->mu);
        if (!rc && !sh->failed)
            rc = arena_session_done(sh->s, k, &g, record, err, sizeof err);
        if (rc)
            mpi_fail(sh, err);
        pthread_mutex_unlock(&sh->mu);
        free(record);
    }
}

/* A result from another rank: "LINE\nRECORD" (RECORD empty without --records). */
static void mpi_take_result(mpi_shared *sh, int from, char *msg)
{
    char *nl = strchr(msg, '\n');
    char err[TAFEL_ERR_LEN];
    long k;
    arena_game g;
    if (nl)
        *nl = 0;
    if (!nl || arena_game_parse(msg, sh->c->num_bots, &k, &g, err, sizeof err)) {
        char why[64];
        snprintf(why, sizeof why, "rank %d sent a bad result", from);
        mpi_fail(sh, why);
        return;
    }
    if (arena_session_done(sh->s, k, &g, nl[1] ? nl + 1 : NULL, err, sizeof err))
        mpi_fail(sh, err);
}

static int mpi_root(mpi_arena *m, const arena_config *c, arena_result *r, char *err,
                    size_t errlen)
{
    mpi_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.c = c;
    sh.s = arena_session_open(c, err, errlen);
    if (!sh.s) {
        /* The others are waiting for work: tell them there is none. */
        for (int i = 1; i < m->size; i++) {
            long none = -1;
            MPI_Send(&none, 1, MPI_LONG, i, TAG_GAME, MPI_COMM_WORLD);
        }
        return -1;
    }
    pthread_mutex_init(&sh.mu, NULL);
    pthread_t player;
    int started = pthread_create(&player, NULL, mpi_local_player, &sh) == 0;
    if (!started)
        mpi_local_player(&sh);
    int active = m->size - 1;
    long nap = 20;
    char *buf = NULL;
    int cap = 0;
    while (active > 0) {
        int flag;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            mpi_nap(m, &nap);
            continue;
        }
        nap = 20;
        int n;
        MPI_Get_count(&st, MPI_CHAR, &n);
        if (n + 1 > cap) {
            cap = n + 1;
            buf = realloc(buf, (size_t)cap);
            if (!buf)
                abort();
        }
        MPI_Recv(buf, n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        buf[n] = 0;
        pthread_mutex_lock(&sh.mu);
        if (st.MPI_TAG == TAG_RESULT && !sh.failed)
            mpi_take_result(&sh, st.MPI_SOURCE, buf);
        else if (st.MPI_TAG == TAG_ERROR)
            mpi_fail(&sh, buf);
        long k = sh.failed ? -1 : arena_session_next(sh.s);
        pthread_mutex_unlock(&sh.mu);
        MPI_Send(&k, 1, MPI_LONG, st.MPI_SOURCE, TAG_GAME, MPI_COMM_WORLD);
        if (k < 0)
            active--;
    }
    free(buf);
    if (started)
        pthread_join(player, NULL);
    pthread_mutex_destroy(&sh.mu);
    int rc = arena_session_close(sh.s, r, err, errlen);
    if (sh.failed) {
        snprintf(err, errlen, "%s", sh.err);
        rc = -1;
    }
    return rc;
}

/* Wait for a request to complete, napping (MPI's blocking calls spin). */
static void mpi_wait(const mpi_arena *m, MPI_Request *req)
{
    long nap = 20;
    for (int done = 0;;) {
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        mpi_nap(m, &nap);
    }
}

static int mpi_worker(const mpi_arena *m, const arena_config *c, char *err, size_t errlen)
{
    int tag = TAG_READY;
    char *msg = NULL;
    size_t len = 0;
    for (;;) {
        MPI_Request req;
        MPI_Isend(msg ? msg : "", (int)len, MPI_CHAR, 0, tag, MPI_COMM_WORLD, &req);
        mpi_wait(m, &req);
        free(msg);
        msg = NULL;
        long k;
        MPI_Irecv(&k, 1, MPI_LONG, 0, TAG_GAME, MPI_COMM_WORLD, &req);
        mpi_wait(m, &req);
        if (k < 0)
            return 0;
        arena_game g;
        char *record = NULL;
        if (arena_play(c, k, &g, &record, err, errlen)) {
            tag = TAG_ERROR;
            msg = strdup(err);
        } else {
            tag = TAG_RESULT;
            char *line = arena_game_line(k, &g, c->num_bots);
            size_t a = strlen(line), b = record ? strlen(record) : 0;
            msg = malloc(a + b + 2);
            if (!msg)
                abort();
            memcpy(msg, line, a);
            msg[a] = '\n';
            memcpy(msg + a + 1, record ? record : "", b + 1);
            free(line);
        }
        free(record);
        len = strlen(msg);
        if (len > (size_t)1 << 30) {
            snprintf(err, errlen, "game %ld: a record over 1 GiB", k);
            return -1;
        }
    }
}

int mpi_arena_run(void *ctx, const arena_config *c, arena_result *r, char *err, size_t errlen)
{
    mpi_arena *m = ctx;
    if (m->rank == 0)
        return mpi_root(m, c, r, err, errlen);
    return mpi_worker(m, c, err, errlen) ? -1 : 1;
}
