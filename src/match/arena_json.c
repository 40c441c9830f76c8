/* arena_json.c: the arena summary as JSON. */
#include <jansson.h>
#include <math.h>

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
    return o;
}
