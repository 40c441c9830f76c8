/* connect_replay.c: a remote seat's replica of its match (see connect_replay.h): the sent log
 * replayed with stand-ins for the actions the seat was not shown. */
#include "cli/connect_replay.h"

#include <stdlib.h>
#include <string.h>

#include "tafel/rng.h"

/* Entry checks one repair may spend (each applies an action and builds its events): about a
 * second at worst, so a contradiction nothing explains costs one move, not the game. */
#define CR_BUDGET 300000L
#define CR_PASSES 3
/* Fresh draws of the hidden part tried when changing stand-ins did not explain an entry. */
#define CR_DRAWS 20000

struct cr_replica {
    const tafel_game *g;
    int seat;
    size_t n, cap;
    json_t **entry;          /* the log as sent (references held) */
    int32_t *choice;         /* what was applied at each index: the sent id or a stand-in */
    int32_t *saved;          /* choices to go back to when a trial is worse */
    void *init, *state, *next, *base, *keep;
    int32_t *cand, *kcand;   /* candidate lists: a step's, a repair's */
    tafel_chance *outcomes;
    int broken;              /* a contradiction nothing explained */
    int drawn;               /* state came from a fresh draw: the choices no longer lead to it */
    tafel_rng rng;
    long spent, repairs;
};

/* How far a replay got: the first entry it could not show (n: all shown but the view differs,
 * n + 1: everything alike) and how much of that entry it showed alike. */
typedef struct {
    size_t fail;
    long alike;
} cr_fit;

static int cr_better(cr_fit a, cr_fit b)
{
    return a.fail > b.fail || (a.fail == b.fail && a.alike > b.alike);
}

static void *cr_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        abort();
    return p;
}

cr_replica *cr_new(const tafel_game *g, int seat)
{
    cr_replica *r = cr_alloc(sizeof *r);
    size_t sz = g->type->state_size, ml = (size_t)g->type->max_legal;
    r->g = g;
    r->seat = seat;
    r->init = cr_alloc(sz);
    r->state = cr_alloc(sz);
    r->next = cr_alloc(sz);
    r->base = cr_alloc(sz);
    r->keep = cr_alloc(sz);
    r->cand = cr_alloc(ml * sizeof *r->cand);
    r->kcand = cr_alloc(ml * sizeof *r->kcand);
    r->outcomes = cr_alloc(ml * sizeof *r->outcomes);
    g->type->init(g, r->init);
    tafel_rng_seed(&r->rng, 1);
    cr_clear(r);
    return r;
}

void cr_clear(cr_replica *r)
{
    for (size_t i = 0; i < r->n; i++)
        json_decref(r->entry[i]);
    r->n = 0;
    r->broken = r->drawn = 0;
    tafel_state_copy(r->g, r->state, r->init);
}

void cr_free(cr_replica *r)
{
    if (!r)
        return;
    cr_clear(r);
    free(r->entry);
    free(r->choice);
    free(r->saved);
    free(r->init);
    free(r->state);
    free(r->next);
    free(r->base);
    free(r->keep);
    free(r->cand);
    free(r->kcand);
    free(r->outcomes);
    free(r);
}

size_t cr_length(const cr_replica *r)
{
    return r->n;
}

long cr_repairs(const cr_replica *r)
{
    return r->repairs;
}

/* Equal scalars of two JSON values, matched by key and position: how nearly a stand-in shows
 * an entry (a reveal of four cards with three right beats one with two). */
static long cr_alike(const json_t *a, const json_t *b)
{
    if (json_is_object(a) && json_is_object(b)) {
        long s = 0;
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)b, k, v) s += cr_alike(json_object_get(a, k), v);
        return s;
    }
    if (json_is_array(a) && json_is_array(b)) {
        long s = 0;
        for (size_t i = 0; i < json_array_size(a) && i < json_array_size(b); i++)
            s += cr_alike(json_array_get(a, i), json_array_get(b, i));
        return s;
    }
    return a && b && json_equal(a, b);
}

static int cr_possible(cr_replica *r, const void *s, int32_t *out)
{
    const tafel_game_type *t = r->g->type;
    if (t->current_player(r->g, s) != TAFEL_CHANCE)
        return t->legal_actions(r->g, s, out);
    int n = t->chance_outcomes(r->g, s, r->outcomes), k = 0;
    for (int i = 0; i < n; i++)
        if (r->outcomes[i].prob > 0)
            out[k++] = r->outcomes[i].action;
    return k;
}

/* Whether action a at `before` shows the seat exactly what entry e says (its player, text,
 * events, and whether its id is shown): then `after` holds the position it leads to. *alike
 * (when not NULL) gets how much of it came out the same. */
static int cr_shows(cr_replica *r, const json_t *e, const void *before, int32_t a, void *after,
                    long *alike)
{
    const tafel_game *g = r->g;
    r->spent++;
    if (alike)
        *alike = 0;
    if (g->type->current_player(g, before) != json_integer_value(json_object_get(e, "player")) ||
        !tafel_is_legal(g, before, a))
        return 0;
    char text[TAFEL_TEXT_LEN];
    int known = tafel_action_seen(g, before, a, r->seat, text, sizeof text);
    const char *want = json_string_value(json_object_get(e, "text"));
    int same = want && !strcmp(text, want) && known == (json_object_get(e, "action") != NULL);
    if (!same && !alike)
        return 0;
    tafel_state_copy(g, after, before);
    g->type->apply(g, after, a);
    json_t *ev = tafel_events_json(g, before, a, after, r->seat);
    const json_t *sent = json_object_get(e, "events");
    if (alike)
        *alike = 1 + same + (sent ? cr_alike(ev, sent) : 0);
    same = same && (sent ? json_equal(ev, sent) : json_array_size(ev) == 0);
    json_decref(ev);
    return same;
}

/* Entry i at `before` into `after`: the sent action, else the current stand-in, else the first
 * other possible action that shows the same (which becomes the stand-in). On failure, *alike
 * gets the best likeness of any of them. */
static int cr_step(cr_replica *r, size_t i, const void *before, void *after, long *alike)
{
    const json_t *e = r->entry[i];
    long best = 0, got = 0;
    int hidden = !json_is_integer(json_object_get(e, "action"));
    if (r->choice[i] >= 0 && cr_shows(r, e, before, r->choice[i], after, alike ? &got : NULL))
        return 1;
    if (alike)
        best = got;
    if (hidden) {
        int n = cr_possible(r, before, r->cand);
        for (int k = 0; k < n; k++) {
            if (r->cand[k] == r->choice[i])
                continue;
            if (cr_shows(r, e, before, r->cand[k], after, alike ? &got : NULL)) {
                r->choice[i] = r->cand[k];
                return 1;
            }
            best = alike && got > best ? got : best;
        }
    }
    if (alike)
        *alike = best;
    return 0;
}

/* Replay entries [from, n) from `start` (the position before `from`) into r->state and check
 * the view (NULL: not checked). */
static cr_fit cr_run(cr_replica *r, const void *start, size_t from, const json_t *view)
{
    tafel_state_copy(r->g, r->state, start);
    for (size_t i = from; i < r->n; i++) {
        long alike = 0;
        if (!cr_step(r, i, r->state, r->next, &alike))
            return (cr_fit){i, alike};
        tafel_state_copy(r->g, r->state, r->next);
    }
    if (view) {
        json_t *mine = r->g->type->view_json(r->g, r->state, r->seat);
        int same = json_equal(mine, view);
        long alike = same ? 0 : cr_alike(mine, view);
        json_decref(mine);
        if (!same)
            return (cr_fit){r->n, alike};
    }
    return (cr_fit){r->n + 1, 0};
}

/* Change stand-ins, latest first, one at a time, keeping each change that lets the replay show
 * more of what was sent, until it shows everything (and the view) alike. */
static int cr_repair(cr_replica *r, const json_t *view)
{
    r->repairs++;
    r->spent = 0;
    cr_fit best = cr_run(r, r->init, 0, view);
    for (int pass = 0; pass < CR_PASSES && best.fail <= r->n; pass++) {
        int improved = 0;
        size_t top = best.fail < r->n ? best.fail : r->n - 1;
        for (size_t k = top + 1; k-- > 0 && best.fail <= r->n && r->spent <= CR_BUDGET;) {
            if (json_is_integer(json_object_get(r->entry[k], "action")))
                continue;
            /* base: the position before k with the choices as they are */
            tafel_state_copy(r->g, r->base, r->init);
            int ok = 1;
            for (size_t i = 0; i < k && ok; i++) {
                ok = cr_step(r, i, r->base, r->next, NULL);
                tafel_state_copy(r->g, r->base, r->next);
            }
            if (!ok)
                continue;
            int n = cr_possible(r, r->base, r->kcand);
            memcpy(r->saved, r->choice, r->n * sizeof *r->choice);
            for (int c = 0; c < n && r->spent <= CR_BUDGET; c++) {
                if (r->kcand[c] == r->saved[k] ||
                    !cr_shows(r, r->entry[k], r->base, r->kcand[c], r->next, NULL))
                    continue;
                r->choice[k] = r->kcand[c];
                cr_fit fit = cr_run(r, r->next, k + 1, view); /* next: the position after k */
                if (cr_better(fit, best)) {
                    best = fit;
                    improved = 1;
                    memcpy(r->saved, r->choice, r->n * sizeof *r->choice);
                    if (best.fail > r->n)
                        break;
                } else {
                    memcpy(r->choice, r->saved, r->n * sizeof *r->choice);
                }
            }
            memcpy(r->choice, r->saved, r->n * sizeof *r->choice);
        }
        if (!improved)
            break;
    }
    if (best.fail <= r->n) {
        r->broken = 1;
        return -1;
    }
    cr_run(r, r->init, 0, NULL); /* state: the position the kept choices lead to */
    return 0;
}

/* The last resort for entry i: draw what the seat cannot see afresh with the game's resample
 * (which keeps the seat's view) until the entry fits. The state then no longer follows from the
 * choices, so later contradictions go this way too. */
static int cr_draw(cr_replica *r, size_t i)
{
    for (int t = 0; t < CR_DRAWS && r->g->type->resample; t++) {
        tafel_state_copy(r->g, r->base, r->state);
        r->g->type->resample(r->g, r->base, r->seat, &r->rng);
        if (cr_step(r, i, r->base, r->next, NULL)) {
            tafel_state_copy(r->g, r->state, r->next);
            r->drawn = 1;
            return 0;
        }
    }
    r->broken = 1;
    return -1;
}

int cr_push(cr_replica *r, const json_t *entry)
{
    if (r->broken)
        return -1;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        r->entry = realloc(r->entry, r->cap * sizeof *r->entry);
        r->choice = realloc(r->choice, r->cap * sizeof *r->choice);
        r->saved = realloc(r->saved, r->cap * sizeof *r->saved);
        if (!r->entry || !r->choice || !r->saved)
            abort();
    }
    json_t *id = json_object_get(entry, "action");
    size_t i = r->n++;
    r->entry[i] = json_incref((json_t *)entry);
    r->choice[i] = json_is_integer(id) ? (int32_t)json_integer_value(id) : -1;
    if (cr_step(r, i, r->state, r->next, NULL)) {
        tafel_state_copy(r->g, r->state, r->next);
        return 0;
    }
    if (!r->drawn) {
        tafel_state_copy(r->g, r->keep, r->state);
        if (cr_repair(r, NULL) == 0)
            return 0;
        r->broken = 0;
        tafel_state_copy(r->g, r->state, r->keep);
    }
    return cr_draw(r, i);
}

const void *cr_state(cr_replica *r, const json_t *view)
{
    if (r->broken)
        return NULL;
    if (view) {
        json_t *mine = r->g->type->view_json(r->g, r->state, r->seat);
        int same = json_equal(mine, view);
        json_decref(mine);
        if (!same && (r->drawn || cr_repair(r, view)))
            return NULL;
    }
    return r->state;
}
