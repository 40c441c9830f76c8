/* game.c: loading games from strings, parameters, and the checked API calls. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/game.h"

static int game_bool_value(const char *v)
{
    if (!strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "1") || !strcmp(v, "yes"))
        return 1;
    if (!strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "0") || !strcmp(v, "no"))
        return 0;
    return -1;
}

static int game_parse_int(const char *v, int *out)
{
    char *end;
    if (!*v)
        return -1;
    long x = strtol(v, &end, 10);
    if (*end || x < -1000000000L || x > 1000000000L)
        return -1;
    *out = (int)x;
    return 0;
}

static int game_set_param(tafel_game *g, const char *key, const char *val, char *err,
                          size_t errlen)
{
    const tafel_game_type *t = g->type;
    if (!strcmp(key, "players")) {
        int n;
        if (game_parse_int(val, &n) || n < t->min_players || n > t->max_players) {
            snprintf(err, errlen, "%s: players=%s is out of range (%d to %d)", t->name, val,
                     t->min_players, t->max_players);
            return -1;
        }
        g->num_players = n;
        return 0;
    }
    for (int i = 0; i < t->num_params; i++) {
        const tafel_param_def *p = &t->params[i];
        if (strcmp(key, p->name))
            continue;
        switch (p->kind) {
        case TAFEL_PARAM_INT: {
            int n;
            if (game_parse_int(val, &n) || n < p->min || n > p->max) {
                snprintf(err, errlen, "%s: %s=%s is not an integer from %d to %d", t->name, key,
                         val, p->min, p->max);
                return -1;
            }
            g->params[i] = n;
            return 0;
        }
        case TAFEL_PARAM_BOOL: {
            int b = game_bool_value(val);
            if (b < 0) {
                snprintf(err, errlen, "%s: %s=%s is not a boolean (true or false)", t->name, key,
                         val);
                return -1;
            }
            g->params[i] = b;
            return 0;
        }
        case TAFEL_PARAM_ENUM:
            for (int c = 0; p->choices[c]; c++) {
                if (!strcmp(val, p->choices[c])) {
                    g->params[i] = c;
                    return 0;
                }
            }
            {
                char list[160] = "";
                for (int c = 0; p->choices[c]; c++) {
                    size_t l = strlen(list);
                    snprintf(list + l, sizeof list - l, "%s%s", c ? ", " : "", p->choices[c]);
                }
                snprintf(err, errlen, "%s: %s=%s is not one of: %s", t->name, key, val, list);
            }
            return -1;
        }
    }
    /* An old name takes only its old values: anything else would give it a meaning it never
     * had. */
    char olds[160] = "";
    for (int i = 0; i < t->num_aliases; i++) {
        const tafel_param_alias *a = &t->aliases[i];
        if (strcmp(key, a->name))
            continue;
        if (!strcmp(val, a->value))
            return game_set_param(g, a->param, a->choice, err, errlen);
        size_t l = strlen(olds);
        snprintf(olds + l, sizeof olds - l, "%s%s", l ? ", " : "", a->value);
    }
    if (*olds) {
        snprintf(err, errlen, "%s: %s=%s is not one of: %s", t->name, key, val, olds);
        return -1;
    }
    snprintf(err, errlen, "%s: unknown parameter '%s' (see: tafel list)", t->name, key);
    return -1;
}

static void game_trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    size_t i = 0;
    while (s[i] && isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

int tafel_game_load_type(tafel_game *g, const tafel_game_type *type, const char *params,
                         char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->type = type;
    if (!type->init) {
        snprintf(err, errlen, "game '%s' is not implemented yet", type->name);
        return -1;
    }
    g->num_players = type->default_players;
    for (int i = 0; i < type->num_params; i++)
        g->params[i] = type->params[i].def;
    char buf[512];
    if (!params)
        params = "";
    if (strlen(params) >= sizeof buf) {
        snprintf(err, errlen, "%s: parameter list too long", type->name);
        return -1;
    }
    strcpy(buf, params);
    char *save = NULL;
    /* Each parameter once: with two values, which one the user meant is a guess. An old name
     * counts as the parameter it stands for. */
    const char *seen_key[64], *seen_as[64], *seen_val[64];
    int nseen = 0;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        game_trim(item);
        if (!*item)
            continue;
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errlen, "%s: parameter '%s' needs a value (name=value)", type->name,
                     item);
            return -1;
        }
        *eq = 0;
        char *key = item, *val = eq + 1;
        game_trim(key);
        game_trim(val);
        const char *param = key;
        for (int i = 0; i < type->num_aliases; i++)
            if (!strcmp(key, type->aliases[i].name))
                param = type->aliases[i].param;
        for (int i = 0; i < nseen; i++)
            if (!strcmp(seen_key[i], param)) {
                snprintf(err, errlen, "%s: parameter '%s' is given twice (%s=%s, then %s=%s)",
                         type->name, param, seen_as[i], seen_val[i], key, val);
                return -1;
            }
        if (game_set_param(g, key, val, err, errlen))
            return -1;
        if (nseen < 64) {
            seen_key[nseen] = param;
            seen_as[nseen] = key;
            seen_val[nseen++] = val;
        }
    }
    if (type->check && type->check(g, err, errlen))
        return -1;
    return 0;
}

int tafel_game_to_string(const tafel_game *g, char *buf, size_t len)
{
    const tafel_game_type *t = g->type;
    int w = snprintf(buf, len, "%s(players=%d", t->name, g->num_players);
    for (int i = 0; i < t->num_params; i++) {
        const tafel_param_def *p = &t->params[i];
        size_t at = (size_t)w < len ? (size_t)w : len;
        char *dst = buf + at;
        size_t room = len - at;
        switch (p->kind) {
        case TAFEL_PARAM_INT:
            w += snprintf(dst, room, ",%s=%d", p->name, g->params[i]);
            break;
        case TAFEL_PARAM_BOOL:
            w += snprintf(dst, room, ",%s=%s", p->name, g->params[i] ? "true" : "false");
            break;
        case TAFEL_PARAM_ENUM:
            w += snprintf(dst, room, ",%s=%s", p->name, p->choices[g->params[i]]);
            break;
        }
    }
    size_t at = (size_t)w < len ? (size_t)w : len;
    w += snprintf(buf + at, len - at, ")");
    return w;
}

int tafel_game_param(const tafel_game *g, const char *name)
{
    if (!strcmp(name, "players"))
        return g->num_players;
    for (int i = 0; i < g->type->num_params; i++)
        if (!strcmp(g->type->params[i].name, name))
            return g->params[i];
    abort();
}

int tafel_is_terminal(const tafel_game *g, const void *state)
{
    return g->type->current_player(g, state) == TAFEL_TERMINAL;
}

/* Sized for the largest game; checked against type->max_legal. */
#define GAME_MAX_LEGAL 4096

int tafel_is_legal(const tafel_game *g, const void *state, int32_t action)
{
    const tafel_game_type *t = g->type;
    int p = t->current_player(g, state);
    if (p == TAFEL_TERMINAL || action < 0 || action >= t->num_actions)
        return 0;
    if (t->max_legal > GAME_MAX_LEGAL)
        abort();
    if (p == TAFEL_CHANCE) {
        tafel_chance out[GAME_MAX_LEGAL];
        int n = t->chance_outcomes(g, state, out);
        for (int i = 0; i < n; i++)
            if (out[i].action == action)
                return out[i].prob > 0;
        return 0;
    }
    int32_t out[GAME_MAX_LEGAL];
    int n = t->legal_actions(g, state, out);
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (out[mid] == action)
            return 1;
        if (out[mid] < action)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

int tafel_apply(const tafel_game *g, void *state, int32_t action, char *err, size_t errlen)
{
    int p = g->type->current_player(g, state);
    if (p == TAFEL_TERMINAL) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    if (!tafel_is_legal(g, state, action)) {
        if (p == TAFEL_CHANCE)
            snprintf(err, errlen, "%d is not a possible chance outcome here", action);
        else
            snprintf(err, errlen, "action %d is not legal for player %d here", action, p);
        return -1;
    }
    g->type->apply(g, state, action);
    return 0;
}

/* The generic walk, which a game's sample_chance hook must match exactly (game.h). Out of
 * line: its big buffer stays off the stack of the hook's path. */
static __attribute__((noinline)) int32_t game_chance_walk(const tafel_game *g,
                                                          const void *state, double r)
{
    tafel_chance out[GAME_MAX_LEGAL];
    int n = g->type->chance_outcomes(g, state, out);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (r < acc)
            return out[i].action;
    }
    return out[n - 1].action;
}

int32_t tafel_sample_chance(const tafel_game *g, const void *state, tafel_rng *rng)
{
    return tafel_sample_chance_r(g, state, tafel_rng_double(rng));
}

int32_t tafel_sample_chance_r(const tafel_game *g, const void *state, double r)
{
    if (g->type->sample_chance)
        return g->type->sample_chance(g, state, r);
    return game_chance_walk(g, state, r);
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 if none starts there: no overlong form,
 * no surrogate, nothing above U+10FFFF (what jansson accepts). */
static int game_utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xc2 && c <= 0xdf   ? 2
            : c >= 0xe0 && c <= 0xef ? 3
            : c >= 0xf0 && c <= 0xf4 ? 4
                                     : 0;
    if (!n)
        return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) /* also stops at the terminating 0 */
            return 0;
    unsigned c1 = s[1];
    if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90) ||
        (c == 0xf4 && c1 > 0x8f))
        return 0;
    return n;
}

int tafel_utf8_repair(char *s)
{
    int fixed = 0;
    unsigned char *u = (unsigned char *)s;
    while (*u) {
        int n = game_utf8_len(u);
        if (n) {
            u += n;
        } else {
            *u++ = '?';
            fixed++;
        }
    }
    return fixed;
}

int tafel_check_printable(const char *what, const char *s, char *err, size_t errlen)
{
    for (const char *c = s; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) {
            snprintf(err, errlen, "%s: control character at position %zu", what,
                     (size_t)(c - s));
            return -1;
        }
    return 0;
}

int tafel_text_to_action(const tafel_game *g, const void *state, const char *text,
                         int32_t *action, char *err, size_t errlen)
{
    if (tafel_check_printable("bad move", text, err, errlen))
        return -1;
    if (g->type->text_to_action(g, state, text, action, err, errlen))
        return -1;
    if (!tafel_is_legal(g, state, *action)) {
        snprintf(err, errlen, "'%s' is not legal here", text);
        return -1;
    }
    return 0;
}

int tafel_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                      char *buf, size_t len)
{
    if (g->type->action_seen)
        return g->type->action_seen(g, state, action, viewer, buf, len);
    g->type->action_to_text(g, state, action, buf, len);
    return 1;
}

json_t *tafel_events_json(const tafel_game *g, const void *before, int32_t action,
                          const void *after, int viewer)
{
    if (g->type->events_json)
        return g->type->events_json(g, before, action, after, viewer);
    return json_array();
}

long long tafel_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    const tafel_game_type *t = g->type;
    if (t->random_games)
        return t->random_games(g, first_seed, games);
    _Alignas(64) unsigned char state[t->state_size];
    int32_t legal[GAME_MAX_LEGAL];
    return tafel_random_games_with(g, first_seed, games, state, legal, t->init, t->legal_actions,
                                   t->current_player, t->apply, t->sample_chance, NULL);
}
