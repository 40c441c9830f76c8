/* arena.c: playing the arena's games as matches (in parallel threads when asked, bookkept by an
 * arena_session) and adding up the results. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/arena.h"
#include "tafel/bot.h"
#include "tafel/match.h"
#include "tafel/record.h"

#define ARENA_MAX_ACTIONS 200000L

typedef struct {
    const arena_config *c;
    arena_session *session;
    pthread_mutex_t mu;
    int failed;
    char err[TAFEL_ERR_LEN];
} arena_shared;

int arena_check_specs(const arena_config *c, char *err, size_t errlen)
{
    if (c->num_bots != c->game->num_players) {
        snprintf(err, errlen, "%d seats given for a %d-player game", c->num_bots,
                 c->game->num_players);
        return -1;
    }
    for (int i = 0; i < c->num_bots; i++) {
        if (tafel_bot_is_human(c->specs[i])) {
            snprintf(err, errlen, "seat %d: the arena needs bots, not 'human'", i);
            return -1;
        }
        char e[TAFEL_ERR_LEN];
        if (tafel_bot_check(c->specs[i], e, sizeof e)) {
            snprintf(err, errlen, "seat %d: %s", i, e);
            return -1;
        }
    }
    return 0;
}

long arena_total(const arena_config *c)
{
    return (c->games + c->num_bots - 1) / c->num_bots * c->num_bots;
}

int arena_play(const arena_config *c, long k, arena_game *out, char **record, char *err,
               size_t errlen)
{
    const tafel_game *g = c->game;
    int np = c->num_bots, rot = (int)(k % np);
    uint64_t deal_seed = tafel_rng_mix(c->seed, (uint64_t)(k / np));
    const char *seats[TAFEL_MAX_PLAYERS];
    uint64_t bot_seeds[TAFEL_MAX_PLAYERS];
    for (int s = 0; s < np; s++) {
        int b = (s + rot) % np;
        out->bot_at_seat[s] = b;
        seats[s] = c->specs[b];
        bot_seeds[s] = tafel_rng_mix(tafel_rng_mix(c->seed ^ 0x5eed, (uint64_t)k), (uint64_t)s);
    }
    if (record)
        *record = NULL;
    tafel_match *m = tafel_match_new_game(g, seats, deal_seed, bot_seeds, err, errlen);
    if (!m)
        return -1;
    int rc = 0;
    out->moves = out->actions = 0;
    for (;;) {
        int p = tafel_match_to_move(m);
        if (p == TAFEL_TERMINAL)
            break;
        if (p == TAFEL_CHANCE) {
            tafel_match_sample_chance(m);
        } else {
            int32_t a = tafel_match_bot_choose(m);
            char why[TAFEL_ERR_LEN];
            if (tafel_match_apply(m, tafel_match_num_actions(m), p, a, why, sizeof why)) {
                snprintf(err, errlen, "game %ld: bot '%s' at seat %d chose illegal action %d",
                         k, tafel_match_seat(m, p), p, a);
                rc = -1;
                goto done;
            }
            out->moves++;
        }
        if (++out->actions > ARENA_MAX_ACTIONS) {
            snprintf(err, errlen, "game %ld: no end after %ld actions", k, ARENA_MAX_ACTIONS);
            rc = -1;
            goto done;
        }
    }
    tafel_match_result(m, out->scores, out->returns);
    const char *kind = arena_labels(g, tafel_match_state(m), out->labels);
    out->has_labels = kind != NULL;
    snprintf(out->label_kind, sizeof out->label_kind, "%s", kind ? kind : "");
    if (c->records_dir && record) {
        /* The text tafel_record_save writes, so that a record that travelled (MPI) is the
         * same file. */
        json_t *j = tafel_record_to_json(tafel_match_record(m), err, errlen);
        *record = j ? json_dumps(j, JSON_INDENT(1) | JSON_COMPACT) : NULL;
        json_decref(j);
        if (!*record)
            rc = -1;
    }
done:
    tafel_match_free(m);
    return rc;
}

static void *arena_worker(void *arg)
{
    arena_shared *sh = arg;
    for (;;) {
        pthread_mutex_lock(&sh->mu);
        long k = sh->failed ? -1 : arena_session_next(sh->session);
        pthread_mutex_unlock(&sh->mu);
        if (k < 0)
            break;
        char err[TAFEL_ERR_LEN], *record = NULL;
        arena_game gm;
        int rc = arena_play(sh->c, k, &gm, &record, err, sizeof err);
        pthread_mutex_lock(&sh->mu);
        if (!rc && !sh->failed)
            rc = arena_session_done(sh->session, k, &gm, record, err, sizeof err);
        if (rc && !sh->failed) {
            sh->failed = 1;
            arena_session_stop(sh->session);
            snprintf(sh->err, sizeof sh->err, "%s", err);
        }
        pthread_mutex_unlock(&sh->mu);
        free(record);
    }
    return NULL;
}

/* Bradley-Terry ratings by minorization-maximization, with one virtual draw per pair so that
 * a perfect score still gives a finite rating. */
static void arena_elo(arena_result *r, int n)
{
    double gam[TAFEL_MAX_PLAYERS], w[TAFEL_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        gam[i] = 1;
        w[i] = 0;
        for (int j = 0; j < n; j++)
            if (j != i)
                w[i] += r->pair_points[i][j] + 0.5;
    }
    for (int it = 0; it < 2000; it++) {
        double ng[TAFEL_MAX_PLAYERS], logsum = 0;
        for (int i = 0; i < n; i++) {
            double d = 0;
            for (int j = 0; j < n; j++)
                if (j != i)
                    d += (r->pair_games[i][j] + 1.0) / (gam[i] + gam[j]);
            ng[i] = d > 0 ? w[i] / d : 1;
        }
        for (int i = 0; i < n; i++)
            logsum += log(ng[i]);
        for (int i = 0; i < n; i++)
            gam[i] = ng[i] / exp(logsum / n);
    }
    for (int i = 0; i < n; i++)
        r->bots[i].elo = 400 * log10(gam[i]);
}

static void arena_add_label(arena_result *r, const char *label, double win)
{
    int i;
    for (i = 0; i < r->num_labels; i++)
        if (!strcmp(r->labels[i].label, label))
            break;
    if (i == r->num_labels) {
        if (r->num_labels == ARENA_MAX_LABELS)
            return;
        r->num_labels++;
        snprintf(r->labels[i].label, sizeof r->labels[i].label, "%s", label);
    }
    r->labels[i].games++;
    r->labels[i].wins += win;
}

/* Games in index order, so that the sums are the same however the games were played. */
void arena_tally(const arena_config *c, const arena_game *games, long n, arena_result *r)
{
    int np = c->num_bots;
    for (long k = 0; k < n; k++) {
        const arena_game *gm = &games[k];
        r->games++;
        r->moves_sum += gm->moves;
        r->actions_sum += gm->actions;
        for (int s = 0; s < np; s++) {
            int b = gm->bot_at_seat[s];
            arena_bot_stats *bs = &r->bots[b];
            bs->games++;
            bs->wins += gm->returns[s];
            bs->outright += gm->returns[s] >= 1;
            bs->score_sum += gm->scores[s];
            r->seats[s].games++;
            r->seats[s].wins += gm->returns[s];
            r->seats[s].score_sum += gm->scores[s];
            for (int s2 = 0; s2 < np; s2++) {
                if (s2 == s)
                    continue;
                int b2 = gm->bot_at_seat[s2];
                double d = gm->returns[s] - gm->returns[s2];
                r->pair_points[b][b2] += d > 1e-9 ? 1 : d < -1e-9 ? 0 : 0.5;
                r->pair_games[b][b2]++;
            }
            if (gm->has_labels) {
                snprintf(r->label_kind, sizeof r->label_kind, "%s", gm->label_kind);
                arena_add_label(r, gm->labels[s], gm->returns[s]);
            }
        }
    }
    arena_elo(r, np);
}

int arena_run(const arena_config *c, arena_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    arena_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.c = c;
    sh.session = arena_session_open(c, err, errlen);
    if (!sh.session)
        return -1;
    pthread_mutex_init(&sh.mu, NULL);
    int workers = c->workers < 1 ? 1 : c->workers > 64 ? 64 : c->workers;
    pthread_t tid[64];
    int started[64] = {0};
    for (int i = 1; i < workers; i++)
        started[i] = pthread_create(&tid[i], NULL, arena_worker, &sh) == 0;
    arena_worker(&sh);
    for (int i = 1; i < workers; i++)
        if (started[i])
            pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&sh.mu);
    int rc = arena_session_close(sh.session, r, err, errlen);
    if (sh.failed) {
        snprintf(err, errlen, "%s", sh.err);
        rc = -1;
    }
    return rc;
}

double arena_elo_of_rate(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return 400 * log10(p / (1 - p));
}

int arena_elo_difference(const arena_config *c, const arena_result *r, double e[3])
{
    const arena_bot_stats *b = &r->bots[0];
    if (c->num_bots != 2 || !b->games)
        return 0;
    double lo, hi;
    arena_wilson(b->wins, b->games, &lo, &hi);
    e[0] = arena_elo_of_rate(b->wins / (double)b->games);
    e[1] = arena_elo_of_rate(lo);
    e[2] = arena_elo_of_rate(hi);
    return 1;
}

void arena_wilson(double wins, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = wins / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    *lo = p <= 0 ? 0 : fmax(0, centre - half);
    *hi = p >= 1 ? 1 : fmin(1, centre + half);
}
