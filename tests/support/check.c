/* check.c: random-playout invariant checks shared by every game's tests. */
#include "check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/record.h"

#define CHECK_MAX 4096

void check_load(tafel_game *g, const char *spec)
{
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load(g, spec, err, sizeof err))
        fail_msg("cannot load %s: %s", spec, err);
}

int check_in_ci(void)
{
    const char *ci = getenv("CI");
    return ci && !strcmp(ci, "true");
}

int check_sanitized(void)
{
    const char *s = getenv("TAFEL_SANITIZE");
    return s && *s && strcmp(s, "0");
}

int check_testdata_dir(char *buf, size_t len)
{
    const char *env = getenv("TAFEL_TESTDATA");
    const char *src = getenv("TAFEL_SOURCE_DIR");
    if (env && *env)
        snprintf(buf, len, "%s", env);
    else
        snprintf(buf, len, "%s/../shared/testdata", src && *src ? src : ".");
    FILE *f = fopen(buf, "r");
    if (!f)
        return -1;
    fclose(f);
    return 0;
}

char *check_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    if (len)
        *len = (size_t)n;
    return buf;
}

/* The text drawing of state for viewer in a layout (0: whole; else a terminal size), malloc'd. */
static char *check_render(const tafel_game *g, const void *state, int viewer, int layout)
{
    size_t len = 1 << 16;
    char *buf = malloc(len);
    int n = buf ? g->type->render(g, state, viewer, layout, buf, len) : -1;
    if (n >= 0 && (size_t)n >= len) {
        len = (size_t)n + 1;
        buf = realloc(buf, len);
        n = buf ? g->type->render(g, state, viewer, layout, buf, len) : -1;
    }
    if (n < 0)
        fail_msg("render for viewer %d (layout %d) failed", viewer, layout);
    return buf;
}

static int check_views_equal(const tafel_game *g, const void *a, const void *b, int viewer)
{
    json_t *va = g->type->view_json(g, a, viewer);
    json_t *vb = g->type->view_json(g, b, viewer);
    int eq = json_equal(va, vb);
    json_decref(va);
    json_decref(vb);
    return eq;
}

/* Everything built for viewer from a and b is the same: view, drawings (whole and compact)
 * and observation tensor. Returns NULL, or what differs. */
static const char *check_all_equal(const tafel_game *g, const void *a, const void *b,
                                   int viewer)
{
    const tafel_game_type *t = g->type;
    if (!check_views_equal(g, a, b, viewer))
        return "view";
    int eq;
    static const int layouts[] = {0, TAFEL_RENDER_SIZE(80, 24)};
    for (size_t k = 0; t->render && k < sizeof layouts / sizeof layouts[0]; k++) {
        char *ra = check_render(g, a, viewer, layouts[k]);
        char *rb = check_render(g, b, viewer, layouts[k]);
        eq = !strcmp(ra, rb);
        free(ra);
        free(rb);
        if (!eq)
            return k ? "compact drawing" : "drawing";
    }
    if (t->observation_tensor && viewer >= 0) {
        int shape[4];
        int rank = t->observation_tensor(g, NULL, viewer, NULL, shape);
        size_t n = 1;
        for (int i = 0; i < rank; i++)
            n *= (size_t)shape[i];
        float *ta = calloc(n, sizeof *ta), *tb = calloc(n, sizeof *tb);
        t->observation_tensor(g, a, viewer, ta, shape);
        t->observation_tensor(g, b, viewer, tb, shape);
        eq = !memcmp(ta, tb, n * sizeof *ta);
        free(ta);
        free(tb);
        if (!eq)
            return "observation tensor";
    }
    return NULL;
}

static void check_deep(const tafel_game *g, const void *state, tafel_rng *rng, long game,
                       long step)
{
    const tafel_game_type *t = g->type;
    size_t sz = t->state_size;
    unsigned char *copy = malloc(sz), *before = malloc(sz);
    int32_t legal[CHECK_MAX];
    char err[TAFEL_ERR_LEN], text[TAFEL_TEXT_LEN];
    memcpy(before, state, sz);
    int p = t->current_player(g, state);
    int n = t->legal_actions(g, state, legal);
    for (int i = 0; i < n; i++) {
        memcpy(copy, state, sz);
        if (tafel_apply(g, copy, legal[i], err, sizeof err))
            fail_msg("game %ld step %ld: legal action %d refused: %s", game, step, legal[i], err);
        t->action_to_text(g, state, legal[i], text, sizeof text);
        int32_t back;
        if (t->text_to_action(g, state, text, &back, err, sizeof err) || back != legal[i])
            fail_msg("game %ld step %ld: action %d -> '%s' does not parse back (%s)", game,
                     step, legal[i], text, err);
    }
    /* A sample of ids that are not legal must be refused and leave the state as it was. */
    for (int k = 0; k < 8 && p >= 0; k++) {
        int32_t a = (int32_t)tafel_rng_below(rng, (uint32_t)t->num_actions + 4) - 2;
        int is_legal = 0;
        for (int i = 0; i < n; i++)
            is_legal |= legal[i] == a;
        if (is_legal)
            continue;
        memcpy(copy, state, sz);
        if (tafel_apply(g, copy, a, err, sizeof err) == 0)
            fail_msg("game %ld step %ld: illegal action %d accepted", game, step, a);
        if (memcmp(copy, state, sz))
            fail_msg("game %ld step %ld: refused action %d changed the state", game, step, a);
    }
    for (int viewer = -1; viewer < g->num_players; viewer++) {
        memcpy(copy, state, sz);
        uint64_t h = t->info_hash(g, state, viewer);
        t->resample(g, copy, viewer, rng);
        if (t->info_hash(g, copy, viewer) != h)
            fail_msg("game %ld step %ld: resample for player %d changed his info hash", game,
                     step, viewer);
        /* the drawing and tensor (dearer) for one viewer a state, in turn */
        const char *diff = viewer == (int)(step % (g->num_players + 1)) - 1
                               ? check_all_equal(g, state, copy, viewer)
                           : check_views_equal(g, state, copy, viewer) ? NULL
                                                                        : "view";
        if (diff)
            fail_msg("game %ld step %ld: resample for player %d changed his %s", game, step,
                     viewer, diff);
        if (t->current_player(g, copy) != p)
            fail_msg("game %ld step %ld: resample changed the player to move", game, step);
    }
    if (memcmp(before, state, sz))
        fail_msg("game %ld step %ld: checks changed the state", game, step);
    free(copy);
    free(before);
}

/* Every event is an object with a one-line "type" and "text". */
static void check_events_form(const json_t *ev, long game, long step, int viewer)
{
    if (!json_is_array(ev))
        fail_msg("game %ld step %ld: events for viewer %d are not an array", game, step, viewer);
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        const char *text = json_string_value(json_object_get(e, "text"));
        if (!json_is_object(e) || !type || !*type || !text || !*text || strchr(text, '\n'))
            fail_msg("game %ld step %ld: event %zu for viewer %d lacks a one-line type or text",
                     game, step, i, viewer);
    }
}

/* Pick an action of `state` that viewer is told the same way as the hidden one (`text`, not
 * seen): -1 if there is none. */
static int32_t check_same_hidden(const tafel_game *g, const void *state, int viewer,
                                 const char *text, tafel_rng *rng)
{
    const tafel_game_type *t = g->type;
    int32_t ids[CHECK_MAX], match[CHECK_MAX];
    tafel_chance ch[CHECK_MAX];
    int n, m = 0;
    if (t->current_player(g, state) == TAFEL_CHANCE) {
        n = t->chance_outcomes(g, state, ch);
        for (int i = 0; i < n; i++)
            ids[i] = ch[i].action;
    } else {
        n = t->legal_actions(g, state, ids);
    }
    for (int i = 0; i < n; i++) {
        char other[TAFEL_TEXT_LEN];
        if (!tafel_action_seen(g, state, ids[i], viewer, other, sizeof other) &&
            !strcmp(other, text))
            match[m++] = ids[i];
    }
    return m ? match[tafel_rng_below(rng, (uint32_t)m)] : -1;
}

/* An action told to viewer as itself must not tell apart positions he cannot: no other action
 * here (a sample of them) may lead to another position that looks the same to him. */
static void check_id_implied(const tafel_game *g, const void *state, int32_t a,
                             const void *after, int viewer, tafel_rng *rng, long game,
                             long step)
{
    const tafel_game_type *t = g->type;
    int32_t ids[CHECK_MAX];
    tafel_chance ch[CHECK_MAX];
    int n;
    if (t->current_player(g, state) == TAFEL_CHANCE) {
        n = t->chance_outcomes(g, state, ch);
        for (int i = 0; i < n; i++)
            ids[i] = ch[i].action;
    } else {
        n = t->legal_actions(g, state, ids);
    }
    unsigned char *alt = malloc(t->state_size);
    /* A player's info hash tells cheaply which positions he can tell apart; a spectator has only
     * the view, which is dearer: fewer samples. */
    uint64_t h = viewer >= 0 ? t->info_hash(g, after, viewer) : 0;
    for (int k = 0; k < (viewer >= 0 ? 24 : 6) && n > 1; k++) {
        int i = (int)tafel_rng_below(rng, (uint32_t)n);
        int32_t b = ids[i];
        ids[i] = ids[--n];
        if (b == a) {
            k--;
            continue;
        }
        memcpy(alt, state, t->state_size);
        t->apply(g, alt, b);
        if (viewer >= 0 && t->info_hash(g, alt, viewer) != h)
            continue;
        if (memcmp(alt, after, t->state_size) && check_views_equal(g, after, alt, viewer)) {
            char text[TAFEL_TEXT_LEN];
            t->action_to_text(g, state, a, text, sizeof text);
            fail_msg("game %ld step %ld: viewer %d is told '%s' as itself, though action %d "
                     "leads to a position he cannot tell apart", game, step, viewer, text, b);
        }
    }
    free(alt);
}

/* What each viewer is told of action a (tafel_action_seen, tafel_events_json) is well formed and
 * depends only on what he may see: in a resampled state he cannot tell from this one, an action
 * told to him the same way that leads to a position he cannot tell apart either must come with
 * the same text and events. The player to move sees his own move. */
static void check_told(const tafel_game *g, const void *state, int32_t a, tafel_rng *rng,
                       long game, long step)
{
    const tafel_game_type *t = g->type;
    size_t sz = t->state_size;
    unsigned char *after = malloc(sz), *other = malloc(sz), *other_after = malloc(sz);
    memcpy(after, state, sz);
    t->apply(g, after, a);
    int p = t->current_player(g, state);
    for (int viewer = -1; viewer < g->num_players; viewer++) {
        char text[TAFEL_TEXT_LEN], text2[TAFEL_TEXT_LEN];
        int seen = tafel_action_seen(g, state, a, viewer, text, sizeof text);
        if (!*text || strchr(text, '\n'))
            fail_msg("game %ld step %ld: action %d told to viewer %d as '%s'", game, step, a,
                     viewer, text);
        /* p is TAFEL_CHANCE (-1, a spectator's number too) at a chance node: nobody's move. */
        if (p >= 0 && viewer == p && !seen)
            fail_msg("game %ld step %ld: player %d is not shown his own move", game, step, p);
        if (seen && !(p >= 0 && viewer == p))
            check_id_implied(g, state, a, after, viewer, rng, game, step);
        json_t *ev = tafel_events_json(g, state, a, after, viewer);
        check_events_form(ev, game, step, viewer);
        /* A spectator sees no more than any player: resample for one of them. */
        int as = viewer >= 0 ? viewer : (int)tafel_rng_below(rng, (uint32_t)g->num_players);
        memcpy(other, state, sz);
        t->resample(g, other, as, rng);
        int32_t a2 = seen ? (tafel_is_legal(g, other, a) ? a : -1)
                          : check_same_hidden(g, other, viewer, text, rng);
        if (a2 >= 0) {
            memcpy(other_after, other, sz);
            t->apply(g, other_after, a2);
            if (check_views_equal(g, after, other_after, viewer)) {
                int seen2 = tafel_action_seen(g, other, a2, viewer, text2, sizeof text2);
                if (seen2 != seen || strcmp(text, text2))
                    fail_msg("game %ld step %ld: viewer %d is told '%s' or '%s' of positions "
                             "he cannot tell apart", game, step, viewer, text, text2);
                json_t *ev2 = tafel_events_json(g, other, a2, other_after, viewer);
                if (!json_equal(ev, ev2)) {
                    char *s1 = json_dumps(ev, JSON_COMPACT), *s2 = json_dumps(ev2, JSON_COMPACT);
                    fail_msg("game %ld step %ld: events for viewer %d depend on what he cannot "
                             "see: %s against %s", game, step, viewer, s1, s2);
                }
                json_decref(ev2);
            }
        }
        json_decref(ev);
    }
    free(after);
    free(other);
    free(other_after);
}

void check_one_step(const tafel_game *g, const void *state, int32_t a, tafel_rng *rng,
                    long game, long step)
{
    check_deep(g, state, rng, game, step);
    if (g->type->action_seen)
        check_told(g, state, a, rng, game, step);
}

long long check_random_games(const tafel_game *g, const check_opts *o)
{
    const tafel_game_type *t = g->type;
    void *state = malloc(t->state_size);
    int32_t legal[CHECK_MAX];
    tafel_chance chance[CHECK_MAX];
    char err[TAFEL_ERR_LEN];
    long long total = 0;
    int deep_every = o->deep_every > 0 ? o->deep_every : 1;
    assert_true(t->max_legal <= CHECK_MAX);
    for (long gi = 0; gi < o->games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, o->seed + (uint64_t)gi);
        tafel_record rec;
        tafel_record_init(&rec);
        tafel_game_to_string(g, rec.game, sizeof rec.game);
        t->init(g, state);
        long step = 0;
        for (;; step++) {
            if (o->invariant && o->invariant(g, state, err, sizeof err))
                fail_msg("game %ld step %ld: %s", gi, step, err);
            int p = t->current_player(g, state);
            if (p == TAFEL_TERMINAL)
                break;
            if (p != TAFEL_CHANCE && (p < 0 || p >= g->num_players))
                fail_msg("game %ld step %ld: bad current player %d", gi, step, p);
            if (step % deep_every == 0)
                check_deep(g, state, &rng, gi, step);
            int32_t a;
            if (p == TAFEL_CHANCE) {
                int n = t->chance_outcomes(g, state, chance);
                if (n <= 0 || n > t->max_legal)
                    fail_msg("game %ld step %ld: %d chance outcomes", gi, step, n);
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    if (i && chance[i].action <= chance[i - 1].action)
                        fail_msg("game %ld step %ld: chance outcomes not sorted", gi, step);
                    if (chance[i].prob <= 0)
                        fail_msg("game %ld step %ld: chance outcome with p <= 0", gi, step);
                    sum += chance[i].prob;
                }
                if (sum < 1 - 1e-9 || sum > 1 + 1e-9)
                    fail_msg("game %ld step %ld: chance probabilities sum to %g", gi, step, sum);
                a = tafel_sample_chance(g, state, &rng);
            } else {
                int n = t->legal_actions(g, state, legal);
                if (n <= 0 || n > t->max_legal)
                    fail_msg("game %ld step %ld: %d legal actions", gi, step, n);
                for (int i = 1; i < n; i++)
                    if (legal[i] <= legal[i - 1])
                        fail_msg("game %ld step %ld: legal actions not sorted/unique", gi, step);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            if (a < 0 || a >= t->num_actions)
                fail_msg("game %ld step %ld: action %d out of range", gi, step, a);
            /* Until a game says what each viewer sees, every action counts as public. */
            if (step % deep_every == 0 && t->action_seen) {
                /* Its own stream, so the games play as they did before this check. */
                tafel_rng told;
                tafel_rng_seed(&told, tafel_rng_mix(o->seed + (uint64_t)gi, (uint64_t)step));
                check_told(g, state, a, &told, gi, step);
            }
            t->apply(g, state, a);
            tafel_record_push(&rec, a);
            total++;
            if (step > 100000)
                fail_msg("game %ld: no end after %ld actions", gi, step);
        }
        double ret[TAFEL_MAX_PLAYERS], sum = 0;
        t->returns(g, state, ret);
        for (int i = 0; i < g->num_players; i++) {
            if (ret[i] < 0 || ret[i] > 1)
                fail_msg("game %ld: return %g out of [0,1]", gi, ret[i]);
            sum += ret[i];
        }
        if (sum < 1 - 1e-9 || sum > 1 + 1e-9)
            fail_msg("game %ld: returns sum to %g", gi, sum);
        if (o->records) {
            json_t *j = tafel_record_to_json(&rec, err, sizeof err);
            if (!j)
                fail_msg("game %ld: record does not serialize: %s", gi, err);
            char *s = json_dumps(j, 0);
            json_decref(j);
            json_error_t jerr;
            json_t *back = json_loads(s, 0, &jerr);
            free(s);
            tafel_record r2;
            tafel_record_init(&r2);
            if (!back || tafel_record_from_json(&r2, back, err, sizeof err))
                fail_msg("game %ld: record does not parse back: %s", gi, err);
            json_decref(back);
            tafel_game g2;
            void *s2 = malloc(t->state_size);
            size_t bad;
            if (tafel_record_replay(&r2, &g2, s2, &bad, err, sizeof err))
                fail_msg("game %ld: record does not replay: %s", gi, err);
            if (r2.num_actions != rec.num_actions || memcmp(s2, state, t->state_size))
                fail_msg("game %ld: replayed record ends in another state", gi);
            free(s2);
            tafel_record_free(&r2);
        }
        tafel_record_free(&rec);
    }
    free(state);
    return total;
}

void *check_random_record(const char *spec, uint64_t seed, tafel_game *g, tafel_record *r)
{
    check_load(g, spec);
    tafel_record_init(r);
    tafel_game_to_string(g, r->game, sizeof r->game);
    void *s = malloc(g->type->state_size);
    int32_t *legal = malloc((size_t)g->type->max_legal * sizeof *legal);
    assert_true(s && legal);
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    g->type->init(g, s);
    while (!tafel_is_terminal(g, s)) {
        int32_t a;
        if (g->type->current_player(g, s) == TAFEL_CHANCE) {
            a = tafel_sample_chance(g, s, &rng);
        } else {
            int n = g->type->legal_actions(g, s, legal);
            a = legal[tafel_rng_below(&rng, (uint32_t)n)];
        }
        g->type->apply(g, s, a);
        tafel_record_push(r, a);
    }
    free(legal);
    return s;
}
