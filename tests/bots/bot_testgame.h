/* bot_testgame.h: "hilo", a tiny trick game with hidden hands and card draws (chance), used to
 * test the bots and the arena without depending on a real game. 2-3 players, cards 1..9 twice;
 * hands of 3; the highest card takes the trick and its points (a 1 beats a 9; among equal cards
 * the first played wins); the winner leads and everyone draws while the deck lasts. */
#ifndef BOT_TESTGAME_H
#define BOT_TESTGAME_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/game.h"

typedef struct {
    uint8_t deck[10];
    uint8_t hand[3][10];
    uint8_t hand_n[3];
    uint8_t trick[3];
    uint8_t nplayed, leader, deal_left, deal_next, tricks;
    int16_t score[3];
} tg_state;

static void tg_init(const tafel_game *g, void *sv)
{
    tg_state *s = sv;
    memset(s, 0, sizeof *s);
    for (int v = 1; v <= 9; v++)
        s->deck[v] = 2;
    s->deal_left = (uint8_t)(3 * g->num_players);
}

static int tg_deck_total(const tg_state *s)
{
    int n = 0;
    for (int v = 1; v <= 9; v++)
        n += s->deck[v];
    return n;
}

static int tg_current(const tafel_game *g, const void *sv)
{
    const tg_state *s = sv;
    if (s->deal_left)
        return TAFEL_CHANCE;
    int any = 0;
    for (int p = 0; p < g->num_players; p++)
        any |= s->hand_n[p] > 0;
    if (!any)
        return TAFEL_TERMINAL;
    return (s->leader + s->nplayed) % g->num_players;
}

static int tg_legal(const tafel_game *g, const void *sv, int32_t *out)
{
    const tg_state *s = sv;
    int p = tg_current(g, sv), n = 0;
    if (p < 0)
        return 0;
    for (int v = 1; v <= 9; v++)
        if (s->hand[p][v])
            out[n++] = v;
    return n;
}

static int tg_chance(const tafel_game *g, const void *sv, tafel_chance *out)
{
    const tg_state *s = sv;
    if (tg_current(g, sv) != TAFEL_CHANCE)
        return 0;
    int total = tg_deck_total(s), n = 0;
    for (int v = 1; v <= 9; v++)
        if (s->deck[v])
            out[n++] = (tafel_chance){10 + v, (double)s->deck[v] / total};
    return n;
}

static void tg_apply(const tafel_game *g, void *sv, int32_t a)
{
    tg_state *s = sv;
    int np = g->num_players;
    if (a >= 10) {
        int v = a - 10;
        s->deck[v]--;
        s->hand[s->deal_next][v]++;
        s->hand_n[s->deal_next]++;
        s->deal_next = (uint8_t)((s->deal_next + 1) % np);
        s->deal_left--;
        return;
    }
    int p = (s->leader + s->nplayed) % np;
    s->hand[p][a]--;
    s->hand_n[p]--;
    s->trick[p] = (uint8_t)a;
    if (++s->nplayed < np)
        return;
    int has1 = 0, has9 = 0, sum = 0;
    for (int q = 0; q < np; q++) {
        has1 |= s->trick[q] == 1;
        has9 |= s->trick[q] == 9;
        sum += s->trick[q];
    }
    int win = -1, best = -1;
    for (int k = 0; k < np; k++) {
        int q = (s->leader + k) % np;
        int v = (has1 && has9 && s->trick[q] == 1) ? 10 : s->trick[q];
        if (v > best) {
            best = v;
            win = q;
        }
    }
    s->score[win] = (int16_t)(s->score[win] + sum);
    memset(s->trick, 0, sizeof s->trick);
    s->nplayed = 0;
    s->leader = (uint8_t)win;
    s->tricks++;
    int left = tg_deck_total(s);
    s->deal_left = (uint8_t)(left < np ? left : np);
    s->deal_next = (uint8_t)win;
}

static void tg_scores(const tafel_game *g, const void *sv, int *out)
{
    const tg_state *s = sv;
    for (int p = 0; p < g->num_players; p++)
        out[p] = s->score[p];
}

static void tg_returns(const tafel_game *g, const void *sv, double *out)
{
    const tg_state *s = sv;
    int np = g->num_players, best = -1, k = 0;
    for (int p = 0; p < np; p++)
        out[p] = 0;
    if (tg_current(g, sv) != TAFEL_TERMINAL)
        return;
    for (int p = 0; p < np; p++)
        best = s->score[p] > best ? s->score[p] : best;
    for (int p = 0; p < np; p++)
        k += s->score[p] == best;
    for (int p = 0; p < np; p++)
        out[p] = s->score[p] == best ? 1.0 / k : 0;
}

static void tg_evaluate(const tafel_game *g, const void *sv, double *out)
{
    const tg_state *s = sv;
    for (int p = 0; p < g->num_players; p++) {
        double h = 0;
        for (int v = 1; v <= 9; v++)
            h += s->hand[p][v] * v;
        out[p] = s->score[p] + 0.3 * h;
    }
}

static json_t *tg_view(const tafel_game *g, const void *sv, int viewer)
{
    const tg_state *s = sv;
    json_t *o = json_object();
    json_t *sc = json_array(), *tr = json_array(), *hn = json_array();
    for (int p = 0; p < g->num_players; p++) {
        json_array_append_new(sc, json_integer(s->score[p]));
        json_array_append_new(tr, json_integer(s->trick[p]));
        json_array_append_new(hn, json_integer(s->hand_n[p]));
    }
    json_object_set_new(o, "scores", sc);
    json_object_set_new(o, "trick", tr);
    json_object_set_new(o, "hand_sizes", hn);
    json_object_set_new(o, "deck", json_integer(tg_deck_total(s)));
    json_object_set_new(o, "leader", json_integer(s->leader));
    json_object_set_new(o, "deal", json_integer(s->deal_left * 10 + s->deal_next));
    json_object_set_new(o, "tricks", json_integer(s->tricks));
    if (viewer >= 0) {
        json_t *h = json_array();
        for (int v = 1; v <= 9; v++)
            for (int k = 0; k < s->hand[viewer][v]; k++)
                json_array_append_new(h, json_integer(v));
        json_object_set_new(o, "hand", h);
    }
    return o;
}

static uint64_t tg_info_hash(const tafel_game *g, const void *sv, int viewer)
{
    const tg_state *s = sv;
    uint64_t h = 1469598103934665603ULL;
#define TG_MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ULL)
    for (int p = 0; p < g->num_players; p++) {
        TG_MIX(s->score[p]);
        TG_MIX(s->trick[p]);
        TG_MIX(s->hand_n[p]);
    }
    TG_MIX(tg_deck_total(s));
    TG_MIX(s->leader);
    TG_MIX(s->deal_left * 10 + s->deal_next);
    TG_MIX(s->tricks);
    if (viewer >= 0)
        for (int v = 1; v <= 9; v++)
            TG_MIX(s->hand[viewer][v]);
#undef TG_MIX
    return h;
}

/* Canonical: the result depends only on what viewer sees and on rng. */
static void tg_resample(const tafel_game *g, void *sv, int viewer, tafel_rng *rng)
{
    tg_state *s = sv;
    uint8_t pool[10];
    memcpy(pool, s->deck, sizeof pool);
    int total = tg_deck_total(s);
    for (int p = 0; p < g->num_players; p++) {
        if (p == viewer)
            continue;
        for (int v = 1; v <= 9; v++) {
            pool[v] += s->hand[p][v];
            total += s->hand[p][v];
            s->hand[p][v] = 0;
        }
    }
    for (int p = 0; p < g->num_players; p++) {
        if (p == viewer)
            continue;
        for (int k = 0; k < s->hand_n[p]; k++) {
            int r = (int)tafel_rng_below(rng, (uint32_t)total), v = 1;
            while (r >= pool[v])
                r -= pool[v++];
            pool[v]--;
            total--;
            s->hand[p][v]++;
        }
    }
    memcpy(s->deck, pool, sizeof pool);
}

static int tg_to_text(const tafel_game *g, const void *sv, int32_t a, char *buf, size_t len)
{
    (void)g;
    (void)sv;
    return a >= 10 ? snprintf(buf, len, "draw %d", a - 10) : snprintf(buf, len, "play %d", a);
}

static int tg_from_text(const tafel_game *g, const void *sv, const char *text, int32_t *a,
                        char *err, size_t errlen)
{
    (void)g;
    (void)sv;
    int v;
    char c;
    if (sscanf(text, "play %d%c", &v, &c) == 1 && v >= 1 && v <= 9) {
        *a = v;
        return 0;
    }
    if (sscanf(text, "draw %d%c", &v, &c) == 1 && v >= 1 && v <= 9) {
        *a = 10 + v;
        return 0;
    }
    snprintf(err, errlen, "expected 'play N' or 'draw N'");
    return -1;
}

static const tafel_game_type tg_type = {
    .name = "hilo", .long_name = "Hilo (test game)", .min_players = 2, .max_players = 3,
    .default_players = 2, .state_size = sizeof(tg_state), .num_actions = 20, .max_legal = 9,
    .init = tg_init, .current_player = tg_current, .legal_actions = tg_legal,
    .chance_outcomes = tg_chance, .apply = tg_apply, .returns = tg_returns, .scores = tg_scores,
    .view_json = tg_view, .info_hash = tg_info_hash, .resample = tg_resample,
    .action_to_text = tg_to_text, .text_to_action = tg_from_text, .evaluate = tg_evaluate,
};

#endif
