/* flat.c: the flat entry point (include/tafel/flat.h): handles, arrays and JSON strings over
 * the game API, with every argument checked, for callers that cannot be trusted to (bindings). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/flat.h"
#include "tafel/record.h"

/* States are pointer-free and memcpy'd; the alignment matches tafel_random_games' buffer. */
#define FLAT_ALIGN 64

const char *tafel_flat_version(void)
{
    return TAFEL_VERSION_STRING;
}

void tafel_flat_free_string(char *s)
{
    free(s);
}

static char *flat_dump(json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    return s;
}

/* flat_dump for a call that reports its errors in err: a NULL (no memory) says so there, so
 * that the caller never shows an earlier call's message. */
static char *flat_dump_err(json_t *j, const char *what, char *err, size_t errlen)
{
    char *s = flat_dump(j);
    if (!s)
        snprintf(err, errlen, "%s: out of memory", what);
    return s;
}

static json_t *flat_param_value(const tafel_param_def *p, int v)
{
    switch (p->kind) {
    case TAFEL_PARAM_BOOL:
        return json_boolean(v);
    case TAFEL_PARAM_ENUM:
        return json_string(p->choices[v]);
    case TAFEL_PARAM_INT:
        break;
    }
    return json_integer(v);
}

char *tafel_flat_games_json(void)
{
    static const char *const kinds[] = {"int", "bool", "enum"};
    json_t *arr = json_array();
    for (const tafel_game_type *const *t = tafel_game_types(); *t; t++) {
        json_t *params = json_array();
        for (int i = 0; i < (*t)->num_params; i++) {
            const tafel_param_def *p = &(*t)->params[i];
            json_t *jp = json_pack("{s:s,s:s,s:o,s:s}", "name", p->name, "kind", kinds[p->kind],
                                   "default", flat_param_value(p, p->def), "help",
                                   p->help ? p->help : "");
            if (p->kind == TAFEL_PARAM_INT) {
                json_object_set_new(jp, "min", json_integer(p->min));
                json_object_set_new(jp, "max", json_integer(p->max));
            }
            if (p->kind == TAFEL_PARAM_ENUM) {
                json_t *ch = json_array();
                for (int c = 0; p->choices[c]; c++)
                    json_array_append_new(ch, json_string(p->choices[c]));
                json_object_set_new(jp, "choices", ch);
            }
            json_array_append_new(params, jp);
        }
        json_array_append_new(arr, json_pack("{s:s,s:s,s:i,s:i,s:i,s:o}", "name", (*t)->name,
                                             "long_name", (*t)->long_name, "min_players",
                                             (*t)->min_players, "max_players",
                                             (*t)->max_players, "default_players",
                                             (*t)->default_players, "params", params));
    }
    return flat_dump(arr);
}

tafel_game *tafel_flat_game_new(const char *spec, char *err, size_t errlen)
{
    if (!spec) {
        snprintf(err, errlen, "no game string");
        return NULL;
    }
    tafel_game *g = malloc(sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (tafel_game_load(g, spec, err, errlen)) {
        free(g);
        return NULL;
    }
    return g;
}

void tafel_flat_game_free(tafel_game *g)
{
    free(g);
}

int tafel_flat_observation_shape(const tafel_game *g, int *shape)
{
    for (int i = 0; i < 4; i++)
        shape[i] = 0;
    if (!g->type->observation_tensor)
        return 0;
    return g->type->observation_tensor(g, NULL, 0, NULL, shape);
}

char *tafel_flat_game_json(const tafel_game *g)
{
    char str[512];
    tafel_game_to_string(g, str, sizeof str);
    json_t *params = json_object();
    json_object_set_new(params, "players", json_integer(g->num_players));
    for (int i = 0; i < g->type->num_params; i++)
        json_object_set_new(params, g->type->params[i].name,
                            flat_param_value(&g->type->params[i], g->params[i]));
    int shape[4];
    int rank = tafel_flat_observation_shape(g, shape);
    json_t *jshape = json_null();
    if (rank > 0) {
        jshape = json_array();
        for (int i = 0; i < rank; i++)
            json_array_append_new(jshape, json_integer(shape[i]));
    }
    return flat_dump(json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:o,s:o}", "name", g->type->name,
                               "long_name", g->type->long_name, "string", str, "num_players",
                               g->num_players, "num_actions", (int)g->type->num_actions,
                               "max_legal", g->type->max_legal, "params", params,
                               "observation_shape", jshape));
}

int tafel_flat_num_players(const tafel_game *g)
{
    return g->num_players;
}

int tafel_flat_num_actions(const tafel_game *g)
{
    return (int)g->type->num_actions;
}

int tafel_flat_max_legal(const tafel_game *g)
{
    return g->type->max_legal;
}

static void *flat_alloc(const tafel_game *g)
{
    size_t n = (g->type->state_size + FLAT_ALIGN - 1) / FLAT_ALIGN * FLAT_ALIGN;
    return aligned_alloc(FLAT_ALIGN, n);
}

void *tafel_flat_state_new(const tafel_game *g)
{
    void *s = flat_alloc(g);
    if (s)
        g->type->init(g, s);
    return s;
}

void *tafel_flat_state_clone(const tafel_game *g, const void *state)
{
    void *s = flat_alloc(g);
    if (s)
        tafel_state_copy(g, s, state);
    return s;
}

void tafel_flat_state_free(void *state)
{
    free(state);
}

int tafel_flat_state_equal(const tafel_game *g, const void *a, const void *b)
{
    return !memcmp(a, b, g->type->state_size);
}

int tafel_flat_current_player(const tafel_game *g, const void *state)
{
    return g->type->current_player(g, state);
}

int tafel_flat_legal_actions(const tafel_game *g, const void *state, int32_t *out)
{
    return g->type->legal_actions(g, state, out);
}

int tafel_flat_chance_outcomes(const tafel_game *g, const void *state, int32_t *actions,
                               double *probs)
{
    if (g->type->current_player(g, state) != TAFEL_CHANCE)
        return 0;
    /* The games write tafel_chance pairs; the binding wants two plain arrays. */
    tafel_chance out[g->type->max_legal];
    int n = g->type->chance_outcomes(g, state, out);
    for (int i = 0; i < n; i++) {
        actions[i] = out[i].action;
        probs[i] = out[i].prob;
    }
    return n;
}

int tafel_flat_apply(const tafel_game *g, void *state, int32_t action, char *err, size_t errlen)
{
    if (tafel_apply(g, state, action, err, errlen))
        return TAFEL_FLAT_REFUSED;
    return g->type->current_player(g, state);
}

int32_t tafel_flat_sample_chance(const tafel_game *g, const void *state, uint64_t seed,
                                 char *err, size_t errlen)
{
    if (g->type->current_player(g, state) != TAFEL_CHANCE) {
        snprintf(err, errlen, "not a chance node");
        return -1;
    }
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    return tafel_sample_chance(g, state, &rng);
}

int tafel_flat_action_to_string(const tafel_game *g, const void *state, int32_t action,
                                char *buf, size_t len, char *err, size_t errlen)
{
    /* Notation is defined for what can happen here: other ids may index the games' tables
     * out of bounds. */
    if (!tafel_is_legal(g, state, action)) {
        snprintf(err, errlen, "action %d is not legal here", action);
        return -1;
    }
    return g->type->action_to_text(g, state, action, buf, len);
}

int tafel_flat_string_to_action(const tafel_game *g, const void *state, const char *text,
                                int32_t *action, char *err, size_t errlen)
{
    if (tafel_is_terminal(g, state)) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    return tafel_text_to_action(g, state, text, action, err, errlen);
}

void tafel_flat_returns(const tafel_game *g, const void *state, double *out)
{
    g->type->returns(g, state, out);
}

void tafel_flat_scores(const tafel_game *g, const void *state, int *out)
{
    g->type->scores(g, state, out);
}

static int flat_check_viewer(const tafel_game *g, int viewer, int spectator_ok, char *err,
                             size_t errlen)
{
    if ((viewer == -1 && spectator_ok) || (viewer >= 0 && viewer < g->num_players))
        return 0;
    snprintf(err, errlen, "player %d is not %s0 to %d", viewer, spectator_ok ? "-1 or " : "",
             g->num_players - 1);
    return -1;
}

char *tafel_flat_view_json(const tafel_game *g, const void *state, int viewer, char *err,
                           size_t errlen)
{
    if (flat_check_viewer(g, viewer, 1, err, errlen))
        return NULL;
    return flat_dump_err(g->type->view_json(g, state, viewer), "view", err, errlen);
}

char *tafel_flat_render(const tafel_game *g, const void *state, int viewer, char *err,
                        size_t errlen)
{
    if (flat_check_viewer(g, viewer, 1, err, errlen))
        return NULL;
    if (!g->type->render)
        return flat_dump_err(g->type->view_json(g, state, viewer), "render", err, errlen);
    size_t len = 1 << 16;
    for (;;) {
        char *buf = malloc(len);
        if (!buf) {
            snprintf(err, errlen, "render: out of memory");
            return NULL;
        }
        int n = g->type->render(g, state, viewer, 0, buf, len);
        if (n >= 0 && (size_t)n < len)
            return buf;
        free(buf);
        if (n < 0) {
            snprintf(err, errlen, "render: the game could not draw this state");
            return NULL;
        }
        len = (size_t)n + 1;
    }
}

uint64_t tafel_flat_info_hash(const tafel_game *g, const void *state, int viewer, char *err,
                              size_t errlen)
{
    if (flat_check_viewer(g, viewer, 1, err, errlen))
        return 0;
    return g->type->info_hash(g, state, viewer);
}

int tafel_flat_resample(const tafel_game *g, void *state, int viewer, uint64_t seed, char *err,
                        size_t errlen)
{
    if (flat_check_viewer(g, viewer, 1, err, errlen))
        return -1;
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    g->type->resample(g, state, viewer, &rng);
    return 0;
}

long tafel_flat_observation_tensor(const tafel_game *g, const void *state, int player,
                                   float *out, size_t len, char *err, size_t errlen)
{
    int shape[4];
    int rank = tafel_flat_observation_shape(g, shape);
    if (rank <= 0) {
        snprintf(err, errlen, "%s has no observation tensor", g->type->name);
        return -1;
    }
    if (flat_check_viewer(g, player, 0, err, errlen))
        return -1;
    size_t n = 1;
    for (int i = 0; i < rank; i++)
        n *= (size_t)shape[i];
    if (len < n) {
        snprintf(err, errlen, "the tensor needs %zu floats, got room for %zu", n, len);
        return -1;
    }
    g->type->observation_tensor(g, state, player, out, shape);
    return (long)n;
}

long long tafel_flat_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    return games > 0 ? tafel_random_games(g, first_seed, games) : 0;
}

tafel_bot *tafel_flat_bot_new(const tafel_game *g, const char *spec, int player, uint64_t seed,
                              char *err, size_t errlen)
{
    if (flat_check_viewer(g, player, 0, err, errlen))
        return NULL;
    if (!spec || tafel_bot_is_human(spec)) {
        snprintf(err, errlen, "a bot needs a bot spec, not '%s'", spec ? spec : "");
        return NULL;
    }
    return tafel_bot_new(spec, g, player, seed, err, errlen);
}

void tafel_flat_bot_free(tafel_bot *bot)
{
    if (bot)
        tafel_bot_free(bot);
}

int32_t tafel_flat_bot_choose(tafel_bot *bot, const void *state, char *err, size_t errlen)
{
    int p = bot->game->type->current_player(bot->game, state);
    if (p != bot->player) {
        if (p == TAFEL_TERMINAL)
            snprintf(err, errlen, "the game is over");
        else if (p == TAFEL_CHANCE)
            snprintf(err, errlen, "a chance node, not player %d's turn", bot->player);
        else
            snprintf(err, errlen, "it is player %d's turn, not player %d's", p, bot->player);
        return -1;
    }
    return bot->choose(bot, state);
}

/* Replay a parsed record (checking every action and any stored result) and serialise it again.
 * Records are read by the core's parser only, so its limits (size, nesting, actions) hold here. */
static json_t *flat_record_replayed(const tafel_record *r, char *err, size_t errlen)
{
    tafel_game g;
    char why[TAFEL_ERR_LEN];
    /* Load the game first: replay needs a state of its size. */
    if (tafel_game_load(&g, r->game, why, sizeof why)) {
        snprintf(err, errlen, "record: %s", why);
        return NULL;
    }
    json_t *out = NULL;
    void *state = flat_alloc(&g);
    size_t bad;
    if (!state)
        snprintf(err, errlen, "record: out of memory");
    else if (!tafel_record_replay(r, &g, state, &bad, err, errlen))
        out = tafel_record_to_json(r, err, errlen);
    free(state);
    return out;
}

char *tafel_flat_record_load(const char *path, char *err, size_t errlen)
{
    tafel_record r;
    tafel_record_init(&r);
    json_t *out = tafel_record_load(&r, path, err, errlen) ? NULL
                                                           : flat_record_replayed(&r, err, errlen);
    tafel_record_free(&r);
    return out ? flat_dump_err(out, "record", err, errlen) : NULL;
}

static json_t *flat_record_parse(const char *json, char *err, size_t errlen)
{
    tafel_record r;
    tafel_record_init(&r);
    json_t *out = tafel_record_parse(&r, json, strlen(json), err, errlen)
                      ? NULL
                      : flat_record_replayed(&r, err, errlen);
    tafel_record_free(&r);
    return out;
}

char *tafel_flat_record_normalize(const char *json, char *err, size_t errlen)
{
    json_t *out = flat_record_parse(json, err, errlen);
    return out ? flat_dump_err(out, "record", err, errlen) : NULL;
}

int tafel_flat_record_save(const char *json, const char *path, char *err, size_t errlen)
{
    json_t *root = flat_record_parse(json, err, errlen);
    if (!root)
        return -1;
    tafel_record r;
    tafel_record_init(&r);
    int rc = tafel_record_from_json(&r, root, err, errlen);
    json_decref(root);
    if (!rc)
        rc = tafel_record_save(&r, path, err, errlen);
    tafel_record_free(&r);
    return rc;
}
