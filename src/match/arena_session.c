/* arena_session.c: a run's bookkeeping, the same for threads and MPI ranks: which game to hand
 * out next, the results file (one JSON line per finished game, appended and flushed at once so a
 * killed run loses only the games in play) and resuming from it, the records folder, the SPRT
 * over the prefix of finished pairs in deal order, and progress. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "match/arena.h"

struct arena_session {
    const arena_config *c;
    long total, limit; /* limit: games the summary needs (fewer once the SPRT decides) */
    arena_game *games;
    unsigned char *have;
    long next, played;
    int stopped;
    FILE *results;
    double last_sync;
    arena_progress prog;
    arena_sprt_result sprt;
    double sprt_lo, sprt_hi;
    long resumed;
};

static double session_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int session_mkdirs(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0755) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    return mkdir(tmp, 0755) && errno != EEXIST ? -1 : 0;
}

static void session_note(const arena_session *s, const char *msg)
{
    if (s->c->note)
        s->c->note(s->c->note_ctx, msg);
}

/* Pairs in deal order, as far as both games of each are in: the test sees the same sequence
 * however many workers finished games in whatever order. */
static void session_sprt(arena_session *s)
{
    const arena_config *c = s->c;
    while (c->sprt && !s->sprt.decision && 2 * s->sprt.pairs + 1 < s->total) {
        long k = 2 * s->sprt.pairs;
        if (!s->have[k] || !s->have[k + 1])
            break;
        double pts = 0;
        for (long i = k; i < k + 2; i++)
            for (int seat = 0; seat < 2; seat++)
                if (s->games[i].bot_at_seat[seat] == 0)
                    pts += s->games[i].returns[seat];
        int bin = (int)lround(pts * 2);
        s->sprt.pentanomial[bin < 0 ? 0 : bin > 4 ? 4 : bin]++;
        s->sprt.pairs++;
        s->sprt.llr = arena_sprt_llr_smoothed(s->sprt.pentanomial, c->sprt_elo0, c->sprt_elo1);
        if (s->sprt.llr >= s->sprt_hi)
            s->sprt.decision = 1;
        else if (s->sprt.llr <= s->sprt_lo)
            s->sprt.decision = -1;
        if (s->sprt.decision)
            s->limit = 2 * s->sprt.pairs;
    }
    s->prog.llr = s->sprt.llr;
    s->prog.sprt_pairs = s->sprt.pairs;
}

static void session_count(arena_session *s, long k, const arena_game *g)
{
    s->games[k] = *g;
    s->have[k] = 1;
    s->prog.done++;
    for (int seat = 0; seat < s->c->num_bots; seat++) {
        int b = g->bot_at_seat[seat];
        s->prog.bot_games[b]++;
        s->prog.bot_wins[b] += g->returns[seat];
    }
    session_sprt(s);
}

/* 1 if two readings of one game's line differ in anything the summary counts. */
static int session_game_differs(const arena_game *a, const arena_game *b, int seats)
{
    if (a->moves != b->moves || a->actions != b->actions || a->has_labels != b->has_labels ||
        strcmp(a->label_kind, b->label_kind))
        return 1;
    for (int p = 0; p < seats; p++)
        if (a->bot_at_seat[p] != b->bot_at_seat[p] || a->scores[p] != b->scores[p] ||
            a->returns[p] != b->returns[p] || strcmp(a->labels[p], b->labels[p]))
            return 1;
    return 0;
}

/* Read a results file back: the header must be this run's; a last line without its newline
 * was cut by a kill and is dropped (the file is cut back to the last whole line). */
static int session_resume(arena_session *s, char *err, size_t errlen)
{
    const arena_config *c = s->c;
    FILE *f = fopen(c->results, "r+");
    if (!f) {
        snprintf(err, errlen, "cannot resume %s: %s", c->results, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0, good_end = 0;
    int rc = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n' && lineno == 1) {
            snprintf(err, errlen, "%s has no whole first line: start the run again without "
                     "--resume", c->results);
            rc = -1;
            break;
        }
        if (line[n - 1] != '\n') {
            char msg[600];
            snprintf(msg, sizeof msg, "%s: ignoring a truncated last line (line %ld: the run "
                     "was killed while writing it)", c->results, lineno);
            session_note(s, msg);
            break;
        }
        line[n - 1] = 0;
        if (lineno == 1) {
            json_error_t je;
            json_t *have = json_loads(line, 0, &je);
            char *want_s = arena_header_line(c);
            json_t *want = json_loads(want_s, 0, &je);
            free(want_s);
            const char *key = NULL, *k;
            json_t *v;
            json_object_foreach(want, k, v)
                if (!key && !json_equal(v, json_object_get(have, k)))
                    key = k;
            /* and nothing more: a key only the file has (an --sprt this run lacks) */
            json_object_foreach(have, k, v)
                if (!key && !json_object_get(want, k))
                    key = k;
            if (!have || key) {
                snprintf(err, errlen, "%s is not a results file of this run (%s differs)",
                         c->results, have ? key : "its first line");
                rc = -1;
            }
            json_decref(have);
            json_decref(want);
            if (rc)
                break;
        } else {
            long k = 0;
            arena_game g;
            char why[TAFEL_ERR_LEN];
            const char *bad = NULL;
            if (arena_game_parse(line, c->num_bots, &k, &g, why, sizeof why))
                bad = why;
            else if (k >= s->total)
                bad = "game index out of range";
            for (int seat = 0; !bad && seat < c->num_bots; seat++)
                if (g.bot_at_seat[seat] != (int)((seat + k % c->num_bots) % c->num_bots))
                    bad = "its bots are not that game's seating";
            if (!bad && s->have[k] && session_game_differs(&s->games[k], &g, c->num_bots))
                bad = "the game is there twice, with different results";
            if (bad) {
                snprintf(err, errlen, "%s line %ld: %s", c->results, lineno, bad);
                rc = -1;
                break;
            }
            if (!s->have[k]) { /* a copy of a line already read changes nothing */
                session_count(s, k, &g);
                s->resumed++;
            }
        }
        good_end = ftell(f);
    }
    free(line);
    if (!rc && lineno == 0) {
        snprintf(err, errlen, "%s is empty: nothing to resume", c->results);
        rc = -1;
    }
    if (!rc && ftruncate(fileno(f), good_end)) {
        snprintf(err, errlen, "cannot cut %s back: %s", c->results, strerror(errno));
        rc = -1;
    }
    fclose(f);
    return rc;
}

arena_session *arena_session_open(const arena_config *c, char *err, size_t errlen)
{
    if (arena_check_specs(c, err, errlen))
        return NULL;
    if (c->games < 1) {
        snprintf(err, errlen, "the arena needs at least one game");
        return NULL;
    }
    if (c->sprt && (c->num_bots != 2 || !(c->sprt_elo0 < c->sprt_elo1) ||
                    !(c->sprt_alpha > 0 && c->sprt_alpha < 0.5) ||
                    !(c->sprt_beta > 0 && c->sprt_beta < 0.5))) {
        snprintf(err, errlen, "the SPRT needs two bots, ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5");
        return NULL;
    }
    if (c->records_dir && (session_mkdirs(c->records_dir) || access(c->records_dir, W_OK))) {
        snprintf(err, errlen, "cannot write records to %s: %s", c->records_dir,
                 strerror(errno));
        return NULL;
    }
    arena_session *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->c = c;
    s->total = s->limit = arena_total(c);
    s->games = calloc((size_t)s->total, sizeof *s->games);
    s->have = calloc((size_t)s->total, 1);
    if (!s->games || !s->have) {
        snprintf(err, errlen, "no memory for the results of %ld games (%zu bytes each)",
                 s->total, sizeof *s->games);
        goto fail;
    }
    s->prog.total = s->total;
    s->prog.sprt = c->sprt;
    if (c->sprt) {
        arena_sprt_bounds(c->sprt_alpha, c->sprt_beta, &s->sprt_lo, &s->sprt_hi);
        s->prog.llr_lo = s->sprt.lo = s->sprt_lo;
        s->prog.llr_hi = s->sprt.hi = s->sprt_hi;
    }
    if (c->results) {
        struct stat st;
        if (!c->resume && !stat(c->results, &st) && st.st_size > 0) {
            snprintf(err, errlen, "%s exists: continue it with --resume %s, or remove it",
                     c->results, c->results);
            goto fail;
        }
        if (c->resume && session_resume(s, err, errlen))
            goto fail;
        s->results = fopen(c->results, c->resume ? "a" : "w");
        if (!s->results) {
            snprintf(err, errlen, "cannot write %s: %s", c->results, strerror(errno));
            goto fail;
        }
        if (!c->resume) {
            char *h = arena_header_line(c);
            fprintf(s->results, "%s\n", h);
            free(h);
            if (fflush(s->results) || fsync(fileno(s->results))) {
                snprintf(err, errlen, "cannot write %s: %s", c->results, strerror(errno));
                goto fail;
            }
        }
        if (c->resume) {
            char msg[600];
            snprintf(msg, sizeof msg, "resuming %s: %ld of %ld games already played",
                     c->results, s->resumed, s->total);
            session_note(s, msg);
        }
    }
    s->last_sync = session_now();
    return s;
fail:
    if (s->results)
        fclose(s->results);
    free(s->games);
    free(s->have);
    free(s);
    return NULL;
}

long arena_session_next(arena_session *s)
{
    if (s->stopped || s->sprt.decision)
        return -1;
    while (s->next < s->limit && s->have[s->next])
        s->next++;
    return s->next < s->limit ? s->next++ : -1;
}

void arena_session_stop(arena_session *s)
{
    s->stopped = 1;
}

static int session_write_record(const char *dir, long k, const char *text, char *err,
                                size_t errlen)
{
    char path[4600], tmp[4700];
    snprintf(path, sizeof path, "%s/game-%05ld.json", dir, k);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    int ok = f && fputs(text, f) >= 0;
    ok = f && !fclose(f) && ok;
    if (!ok || rename(tmp, path)) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int arena_session_done(arena_session *s, long k, const arena_game *g, const char *record,
                       char *err, size_t errlen)
{
    const arena_config *c = s->c;
    if (k < 0 || k >= s->total || s->have[k]) {
        /* Each index is handed out once: anything else is a bug that would play games twice. */
        snprintf(err, errlen, "game %ld finished twice or out of range", k);
        return -1;
    }
    /* The record first: a game whose line is in the results file has its record. */
    if (c->records_dir && record && session_write_record(c->records_dir, k, record, err, errlen))
        return -1;
    if (s->results) {
        char *line = arena_game_line(k, g, c->num_bots);
        int bad = fprintf(s->results, "%s\n", line) < 0 || fflush(s->results);
        free(line);
        /* Flushed at once (a killed process loses nothing written); synced to the disk at
         * most once a second, so a crash of the machine loses about a second of games. */
        double now = session_now();
        if (!bad && now - s->last_sync >= 1) {
            bad = fdatasync(fileno(s->results)) != 0;
            s->last_sync = now;
        }
        if (bad) {
            snprintf(err, errlen, "cannot write %s: %s", c->results, strerror(errno));
            return -1;
        }
    }
    s->played++;
    s->prog.played = s->played;
    session_count(s, k, g);
    if (c->progress)
        c->progress(c->progress_ctx, &s->prog);
    return 0;
}

int arena_session_close(arena_session *s, arena_result *r, char *err, size_t errlen)
{
    int rc = 0;
    memset(r, 0, sizeof *r);
    if (s->results) {
        if (fflush(s->results) || fdatasync(fileno(s->results))) {
            snprintf(err, errlen, "cannot write %s: %s", s->c->results, strerror(errno));
            rc = -1;
        }
        if (fclose(s->results) && !rc) {
            snprintf(err, errlen, "cannot write %s: %s", s->c->results, strerror(errno));
            rc = -1;
        }
    }
    for (long k = 0; !rc && k < s->limit; k++)
        if (!s->have[k]) {
            snprintf(err, errlen, "the run stopped before game %ld was played", k);
            rc = -1;
        }
    if (!rc) {
        arena_tally(s->c, s->games, s->limit, r);
        r->resumed = s->resumed;
        r->played = s->played;
        r->sprt = s->sprt;
    }
    free(s->games);
    free(s->have);
    free(s);
    return rc;
}
