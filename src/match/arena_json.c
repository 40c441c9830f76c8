/* arena_json.c: the arena summary as JSON, and the results file's lines (its header and one
 * finished game each). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/arena.h"

static json_t *arena_real(double x)
{
    return json_real(isfinite(x) ? x : 0);
}

json_t *arena_summary_json(const arena_config *c, const arena_result *r)
{
    char name[512];
    tafel_game_to_string(c->game, name, sizeof name);
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string(name));
    json_object_set_new(o, "seed", json_integer((json_int_t)c->seed));
    json_object_set_new(o, "games", json_integer(r->games));
    json_t *bots = json_array();
    for (int i = 0; i < c->num_bots; i++) {
        const arena_bot_stats *b = &r->bots[i];
        double lo, hi, n = b->games ? (double)b->games : 1;
        arena_wilson(b->wins, b->games, &lo, &hi);
        json_t *e = json_object();
        json_object_set_new(e, "spec", json_string(c->specs[i]));
        json_object_set_new(e, "games", json_integer(b->games));
        json_object_set_new(e, "wins", arena_real(b->wins));
        json_object_set_new(e, "outright_wins", json_integer(b->outright));
        json_object_set_new(e, "win_rate", arena_real(b->wins / n));
        json_object_set_new(e, "win_rate_low", arena_real(lo));
        json_object_set_new(e, "win_rate_high", arena_real(hi));
        json_object_set_new(e, "mean_score", arena_real(b->score_sum / n));
        json_object_set_new(e, "elo", arena_real(b->elo));
        json_array_append_new(bots, e);
    }
    json_object_set_new(o, "bots", bots);
    double elo[3];
    if (arena_elo_difference(c, r, elo)) { /* bot 0's advantage; null where infinite */
        json_t *d = json_object();
        static const char *const keys[3] = {"value", "low", "high"};
        for (int i = 0; i < 3; i++)
            json_object_set_new(d, keys[i], isfinite(elo[i]) ? json_real(elo[i]) : json_null());
        json_object_set_new(o, "elo_difference", d);
    }
    json_t *seats = json_array();
    for (int s = 0; s < c->num_bots; s++) {
        const arena_seat_stats *st = &r->seats[s];
        double n = st->games ? (double)st->games : 1;
        json_t *e = json_object();
        json_object_set_new(e, "seat", json_integer(s));
        json_object_set_new(e, "games", json_integer(st->games));
        json_object_set_new(e, "wins", arena_real(st->wins));
        json_object_set_new(e, "win_rate", arena_real(st->wins / n));
        json_object_set_new(e, "advantage", arena_real(st->wins / n - 1.0 / c->num_bots));
        json_object_set_new(e, "mean_score", arena_real(st->score_sum / n));
        json_array_append_new(seats, e);
    }
    json_object_set_new(o, "seats", seats);
    double n = r->games ? (double)r->games : 1;
    json_object_set_new(o, "mean_length", arena_real(r->moves_sum / n));
    json_object_set_new(o, "mean_actions", arena_real(r->actions_sum / n));
    if (r->label_kind[0]) {
        json_t *labels = json_array();
        for (int i = 0; i < r->num_labels; i++) {
            const arena_label_stats *l = &r->labels[i];
            json_t *e = json_object();
            json_object_set_new(e, "name", json_string(l->label));
            json_object_set_new(e, "games", json_integer(l->games));
            json_object_set_new(e, "wins", arena_real(l->wins));
            json_object_set_new(e, "win_rate", arena_real(l->games ? l->wins / l->games : 0));
            json_array_append_new(labels, e);
        }
        json_object_set_new(o, "by_label", json_pack("{s:s,s:o}", "kind", r->label_kind,
                                                     "labels", labels));
    }
    if (c->sprt) {
        const arena_sprt_result *t = &r->sprt;
        json_t *penta = json_array();
        for (int i = 0; i < 5; i++)
            json_array_append_new(penta, json_integer(t->pentanomial[i]));
        json_object_set_new(o, "sprt", json_pack("{s:f,s:f,s:f,s:f,s:s,s:i,s:o,s:o,s:o,s:o}",
            "elo0", c->sprt_elo0, "elo1", c->sprt_elo1, "alpha", c->sprt_alpha,
            "beta", c->sprt_beta,
            "decision", t->decision > 0 ? "H1" : t->decision < 0 ? "H0" : "none",
            "pairs", (int)t->pairs, "llr", arena_real(t->llr), "llr_low", arena_real(t->lo),
            "llr_high", arena_real(t->hi), "pentanomial", penta));
    }
    return o;
}

char *arena_header_line(const arena_config *c)
{
    char name[512];
    tafel_game_to_string(c->game, name, sizeof name);
    json_t *seats = json_array();
    for (int i = 0; i < c->num_bots; i++)
        json_array_append_new(seats, json_string(c->specs[i]));
    json_t *o = json_pack("{s:i,s:s,s:o,s:I,s:I}", "tafel_arena_results", 1, "game", name,
                          "seats", seats, "seed", (json_int_t)c->seed,
                          "games", (json_int_t)arena_total(c));
    if (c->sprt)
        json_object_set_new(o, "sprt", json_pack("[f,f,f,f]", c->sprt_elo0, c->sprt_elo1,
                                                 c->sprt_alpha, c->sprt_beta));
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return s;
}

char *arena_game_line(long k, const arena_game *g, int num_bots)
{
    json_t *bots = json_array(), *scores = json_array(), *returns = json_array();
    for (int s = 0; s < num_bots; s++) {
        json_array_append_new(bots, json_integer(g->bot_at_seat[s]));
        json_array_append_new(scores, json_integer(g->scores[s]));
        /* %.17g: the returns read back to the same doubles, so sums are bit-identical. */
        json_array_append_new(returns, json_real(g->returns[s]));
    }
    json_t *o = json_pack("{s:I,s:o,s:o,s:o,s:I,s:I}", "game", (json_int_t)k, "bots", bots,
                          "scores", scores, "returns", returns, "moves", (json_int_t)g->moves,
                          "actions", (json_int_t)g->actions);
    if (g->has_labels) {
        json_t *labels = json_array();
        for (int s = 0; s < num_bots; s++)
            json_array_append_new(labels, json_string(g->labels[s]));
        json_object_set_new(o, "label_kind", json_string(g->label_kind));
        json_object_set_new(o, "labels", labels);
    }
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return s;
}

int arena_game_parse(const char *line, int num_bots, long *k, arena_game *g, char *err,
                     size_t errlen)
{
    memset(g, 0, sizeof *g);
    json_error_t je;
    json_t *o = json_loads(line, 0, &je);
    json_t *bots = json_object_get(o, "bots"), *scores = json_object_get(o, "scores");
    json_t *returns = json_object_get(o, "returns"), *labels = json_object_get(o, "labels");
    json_t *jk = json_object_get(o, "game");
    size_t n = (size_t)num_bots;
    int ok = o && json_is_integer(jk) && json_integer_value(jk) >= 0 &&
             json_array_size(bots) == n && json_array_size(scores) == n &&
             json_array_size(returns) == n &&
             json_is_integer(json_object_get(o, "moves")) &&
             json_is_integer(json_object_get(o, "actions")) &&
             (!labels || json_array_size(labels) == n);
    for (size_t s = 0; ok && s < n; s++) {
        json_t *b = json_array_get(bots, s);
        ok = json_is_integer(b) && json_integer_value(b) >= 0 &&
             json_integer_value(b) < num_bots && json_is_integer(json_array_get(scores, s)) &&
             json_is_number(json_array_get(returns, s)) &&
             (!labels || json_is_string(json_array_get(labels, s)));
        if (!ok)
            break;
        g->bot_at_seat[s] = (int)json_integer_value(b);
        g->scores[s] = (int)json_integer_value(json_array_get(scores, s));
        g->returns[s] = json_number_value(json_array_get(returns, s));
        if (labels)
            snprintf(g->labels[s], sizeof g->labels[s], "%s",
                     json_string_value(json_array_get(labels, s)));
    }
    if (ok) {
        *k = (long)json_integer_value(jk);
        g->moves = (long)json_integer_value(json_object_get(o, "moves"));
        g->actions = (long)json_integer_value(json_object_get(o, "actions"));
        g->has_labels = labels != NULL;
        const char *kind = json_string_value(json_object_get(o, "label_kind"));
        snprintf(g->label_kind, sizeof g->label_kind, "%s", kind ? kind : "");
    } else {
        snprintf(err, errlen, "%s", o ? "not a finished game's line" : je.text);
    }
    json_decref(o);
    return ok ? 0 : -1;
}
