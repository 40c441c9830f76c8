/* targi_view.c: what a seat may see (view_json, info_hash) and resampling the hidden cards. */
#include <jansson.h>
#include <string.h>

#include "targi_state.h"

#define VIEW_HIDDEN 0xfe

static const char *const view_stage_name[] = {"setup", "raid", "place", "actions", "o8",
                                              "limit", "over"};
static const char *const view_pend_name[] = {"none", "choose", "pay", "row", "tribe",
                                             "trade", "silver", "swap", "a9"};

/* Does viewer know the card in the pending decision? (drawn at the Tribal Expansion) */
static int view_pend_visible(const targi_state *s, int viewer)
{
    return !s->pend_secret || viewer == s->turn;
}

static int view_hand_visible(const targi_state *s, int p, int viewer)
{
    return !s->pl[p].hand_secret || viewer == p;
}

/* The state with everything viewer cannot see replaced by placeholders. */
static void view_mask(const targi_state *s, int viewer, targi_state *m)
{
    memcpy(m, s, sizeof *m);
    m->tdeck = (uint64_t)targi_popcount(s->tdeck);
    memset(m->gdeck, 0, sizeof m->gdeck);
    for (int c = 0; c < 9; c++)
        if (s->cell_down[c])
            m->cell_card[c] = VIEW_HIDDEN;
    for (int p = 0; p < 2; p++)
        if (s->pl[p].hand != TG_NONE && !view_hand_visible(s, p, viewer))
            m->pl[p].hand = VIEW_HIDDEN;
    if (!view_pend_visible(s, viewer))
        m->pend_card = VIEW_HIDDEN;
}

uint64_t targi_info_hash(const tafel_game *g, const void *state, int viewer)
{
    (void)g;
    targi_state m;
    view_mask(state, viewer, &m);
    const unsigned char *b = (const unsigned char *)&m;
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(viewer + 7);
    for (size_t i = 0; i < sizeof m; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

static json_t *view_card(int card)
{
    if (card == VIEW_HIDDEN)
        return json_string("hidden");
    if (card == TG_NONE)
        return json_null();
    return json_string(targi_tribe[card].label);
}

static json_t *view_player(const targi_state *s, const targi_state *m, int p)
{
    const targi_player *pl = &m->pl[p];
    json_t *o = json_object();
    json_object_set_new(o, "goods", json_pack("[iii]", pl->goods[0], pl->goods[1], pl->goods[2]));
    json_object_set_new(o, "gold", json_integer(pl->gold));
    json_object_set_new(o, "vp_tokens", json_integer(pl->vp));
    json_object_set_new(o, "w9_gold", json_integer(pl->w9gold));
    json_object_set_new(o, "score", json_integer(targi_score(s, p)));
    json_t *rows = json_array();
    for (int r = 0; r < 3; r++) {
        json_t *row = json_array();
        for (int c = 0; c < pl->rowlen[r]; c++)
            json_array_append_new(row, view_card(pl->disp[r * 4 + c]));
        json_array_append_new(rows, row);
    }
    json_object_set_new(o, "display", rows);
    json_object_set_new(o, "hand", view_card(pl->hand));
    json_object_set_new(o, "hand_round", json_integer(pl->hand_round));
    json_object_set_new(o, "hand_gen", json_integer(pl->hand_gen));
    json_t *t = json_array();
    for (int i = 0; i < pl->ntargi; i++)
        json_array_append_new(t, json_pack("{s:i,s:b}", "border", pl->targi[i], "open",
                                           (pl->open_targi >> pl->targi[i]) & 1));
    json_object_set_new(o, "targi", t);
    json_t *mk = json_array();
    for (int i = 0; i < pl->nmarker; i++)
        json_array_append_new(mk, json_pack("{s:i,s:i,s:b}", "row", pl->marker[i] / 3 + 1,
                                            "col", pl->marker[i] % 3 + 1, "open",
                                            (pl->src & TG_SRC_MARKER(i)) != 0));
    json_object_set_new(o, "markers", mk);
    json_object_set_new(o, "targi_this_round", json_integer(pl->maxtargi));
    json_object_set_new(o, "two_targi_next_round", json_boolean(pl->t9_next));
    json_object_set_new(o, "goods_card_got", json_integer(pl->got));
    json_object_set_new(o, "w8_used", json_boolean(pl->w8_used));
    return o;
}

/* What each border card does, for the board's tooltips (spec 1.2, shortened). */
static const char *const view_border_action[17] = {
    "",
    "Pay for your hand card from an earlier round and display it, or discard it",
    "Take 1 date", "Take 1 salt", "Raid 1: each player gives 1 good or 1 VP",
    "Exchanges: 3 goods for 1 gold, 2 goods for 1 good", "Take 1 pepper", "Take 1 date",
    "Raid 2: each player gives 2 goods or 1 VP",
    "Move one of your markers to another centre card and use that card",
    "One exchange: 2 goods for 1 VP, 4 goods for 3 VP, 1 gold for 2 VP, 2 gold for 4 VP",
    "Take 1 pepper", "Raid 3: each player gives 3 goods or 2 VP",
    "Draw the top goods card and receive it", "Draw the top tribe card and deal with it",
    "Take 1 salt", "Raid 4: each player gives 1 gold or 3 VP; then the game ends",
};

static const char *const view_timing_name[] = {"", "immediate", "permanent", "end"};

/* The printed details of every card face the viewer can see (m is already masked), so a board
 * can show costs, rewards and abilities without a copy of the card table. */
static json_t *view_card_faces(const targi_state *m)
{
    uint64_t tribe = m->tdisc;
    unsigned goods = 0;
    for (int c = 0; c < 9; c++) {
        int card = m->cell_card[c];
        if (card == VIEW_HIDDEN || card == TG_NONE)
            continue;
        if (m->cell_kind[c])
            tribe |= 1ull << card;
        else
            goods |= 1u << card;
    }
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &m->pl[p];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < pl->rowlen[r]; c++)
                if (pl->disp[r * 4 + c] < TG_NTRIBE)
                    tribe |= 1ull << pl->disp[r * 4 + c];
        if (pl->hand < TG_NTRIBE)
            tribe |= 1ull << pl->hand;
    }
    if (m->pend != TG_P_NONE && m->pend_card < TG_NTRIBE)
        tribe |= 1ull << m->pend_card;
    json_t *o = json_object();
    for (int t = 0; t < TG_NTRIBE; t++) {
        if (!(tribe >> t & 1))
            continue;
        const targi_tribe_card *c = &targi_tribe[t];
        json_object_set_new(o, c->label,
                            json_pack("{s:s,s:[iii],s:i,s:b,s:i,s:s,s:s}", "symbol",
                                      targi_symbol_name[c->symbol], "cost", c->cost[0],
                                      c->cost[1], c->cost[2], "gold", c->gold, "or_gold",
                                      c->alt_gold, "vp", c->vp, "when",
                                      view_timing_name[c->timing], "effect", c->effect));
    }
    for (int t = 0; t < TG_NGOODS_TYPES; t++)
        if (goods >> t & 1)
            json_object_set_new(o, targi_goods[t].label,
                                json_pack("{s:s}", "gives", targi_goods[t].gives));
    return o;
}

json_t *targi_view_json(const tafel_game *g, const void *state, int viewer)
{
    (void)g;
    const targi_state *s = state;
    targi_state m;
    view_mask(s, viewer, &m);
    json_t *o = json_object();
    json_object_set_new(o, "viewer", json_integer(viewer));
    json_object_set_new(o, "round", json_integer(m.round));
    json_object_set_new(o, "robber", json_integer(m.robber));
    json_object_set_new(o, "start_player", json_integer(m.start));
    json_object_set_new(o, "turn", json_integer(m.turn));
    json_object_set_new(o, "stage", json_string(view_stage_name[m.stage]));
    json_object_set_new(o, "chance", json_integer(m.chance));
    json_object_set_new(o, "setup_step", json_integer(m.setup_step));
    json_object_set_new(o, "raid", json_integer(m.raid));
    json_object_set_new(o, "end_after_round", json_boolean(m.end_flag));
    json_t *pend = json_object();
    json_object_set_new(pend, "kind", json_string(view_pend_name[m.pend]));
    json_object_set_new(pend, "card", view_card(m.pend == TG_P_NONE ? TG_NONE : m.pend_card));
    json_object_set_new(pend, "cell", json_integer(m.pend_cell));
    json_object_set_new(pend, "count", json_integer(m.pend_n));
    json_object_set_new(pend, "via", json_integer(m.pend_via));
    json_object_set_new(pend, "flag", json_integer(m.pend_flag));
    json_object_set_new(pend, "gen", json_integer(m.pend_gen));
    json_object_set_new(o, "pending", pend);
    json_t *border = json_array();
    for (int b = 0; b < 17; b++)
        json_array_append_new(border, json_integer(m.border[b]));
    json_object_set_new(o, "border_targi", border);
    json_t *bcards = json_array();
    for (int b = 0; b < 17; b++)
        json_array_append_new(bcards, b ? json_pack("{s:s,s:s}", "name", targi_border[b].name,
                                                    "action", view_border_action[b])
                                        : json_null());
    json_object_set_new(o, "border_cards", bcards);
    json_t *centre = json_array();
    for (int c = 0; c < 9; c++) {
        json_t *cell = json_object();
        int card = m.cell_card[c];
        json_object_set_new(cell, "kind", json_string(m.cell_kind[c] ? "tribe" : "goods"));
        if (card == VIEW_HIDDEN || card == TG_NONE)
            json_object_set_new(cell, "card", view_card(card));
        else
            json_object_set_new(cell, "card", json_string(m.cell_kind[c]
                                                              ? targi_tribe[card].label
                                                              : targi_goods[card].label));
        json_object_set_new(cell, "face_down", json_boolean(m.cell_down[c]));
        json_object_set_new(cell, "gen", json_integer(m.cell_gen[c]));
        json_object_set_new(cell, "marker", json_integer(m.cell_mark[c]));
        json_array_append_new(centre, cell);
    }
    json_object_set_new(o, "centre", centre);
    json_object_set_new(o, "replace_cell", json_integer(m.repl_cell));
    json_object_set_new(o, "goods_deck", json_integer(m.gdeck_n));
    json_object_set_new(o, "tribe_deck", json_integer((json_int_t)m.tdeck));
    json_object_set_new(o, "goods_generation", json_integer(m.ggen));
    json_object_set_new(o, "tribe_generation", json_integer(m.tgen));
    json_t *gd = json_array();
    for (int t = 0; t < TG_NGOODS_TYPES; t++)
        json_array_append_new(gd, json_integer(m.gdisc[t]));
    json_object_set_new(o, "goods_discard", gd);
    json_t *td = json_array();
    for (int c = 0; c < TG_NTRIBE; c++)
        if (m.tdisc >> c & 1)
            json_array_append_new(td, json_string(targi_tribe[c].label));
    json_object_set_new(o, "tribe_discard", td);
    json_t *players = json_array();
    for (int p = 0; p < 2; p++)
        json_array_append_new(players, view_player(s, &m, p));
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "cards", view_card_faces(&m));
    return o;
}

static void view_shuffle(uint8_t *a, int n, tafel_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)tafel_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Hidden cards of one kind: slots (face-down cells, secret hands, a secret drawn card) each from
 * a deck generation; only cards of the same generation can be exchanged, and those of the
 * current generation also with the deck. */
typedef struct {
    uint8_t *card[12];
    uint8_t gen[12];
    int n;
} view_slots;

static void view_resample_kind(targi_state *s, view_slots *sl, int kind, tafel_rng *rng)
{
    int cur = kind == TG_KIND_GOODS ? s->ggen : s->tgen;
    for (int gen = 0; gen <= cur; gen++) {
        uint8_t pool[64];
        int np = 0, idx[12], ni = 0;
        for (int i = 0; i < sl->n; i++)
            if (sl->gen[i] == gen) {
                idx[ni++] = i;
                pool[np++] = *sl->card[i];
            }
        if (gen == cur) {
            if (kind == TG_KIND_GOODS) {
                for (int t = 0; t < TG_NGOODS_TYPES; t++)
                    for (int k = 0; k < s->gdeck[t]; k++)
                        pool[np++] = (uint8_t)t;
            } else {
                for (uint64_t m = s->tdeck; m; m &= m - 1)
                    pool[np++] = (uint8_t)__builtin_ctzll(m);
            }
        }
        if (ni == 0)
            continue;
        /* Sort first: the result must depend only on what the viewer knows (the multiset),
         * not on where the hidden cards happened to lie. */
        for (int i = 1; i < np; i++)
            for (int j = i; j > 0 && pool[j - 1] > pool[j]; j--) {
                uint8_t t = pool[j];
                pool[j] = pool[j - 1];
                pool[j - 1] = t;
            }
        view_shuffle(pool, np, rng);
        for (int i = 0; i < ni; i++)
            *sl->card[idx[i]] = pool[i];
        if (gen == cur) {
            if (kind == TG_KIND_GOODS) {
                memset(s->gdeck, 0, sizeof s->gdeck);
                for (int i = ni; i < np; i++)
                    s->gdeck[pool[i]]++;
            } else {
                s->tdeck = 0;
                for (int i = ni; i < np; i++)
                    s->tdeck |= 1ull << pool[i];
            }
        }
    }
}

void targi_resample(const tafel_game *g, void *state, int viewer, tafel_rng *rng)
{
    (void)g;
    targi_state *s = state;
    view_slots goods = {.n = 0}, tribe = {.n = 0};
    for (int c = 0; c < 9; c++) {
        if (!s->cell_down[c])
            continue;
        view_slots *sl = s->cell_kind[c] == TG_KIND_GOODS ? &goods : &tribe;
        sl->card[sl->n] = &s->cell_card[c];
        sl->gen[sl->n++] = s->cell_gen[c];
    }
    for (int p = 0; p < 2; p++) {
        targi_player *pl = &s->pl[p];
        if (pl->hand != TG_NONE && !view_hand_visible(s, p, viewer)) {
            tribe.card[tribe.n] = &pl->hand;
            tribe.gen[tribe.n++] = pl->hand_gen;
        }
    }
    if (s->pend != TG_P_NONE && !view_pend_visible(s, viewer)) {
        tribe.card[tribe.n] = &s->pend_card;
        tribe.gen[tribe.n++] = s->pend_gen;
    }
    view_resample_kind(s, &goods, TG_KIND_GOODS, rng);
    view_resample_kind(s, &tribe, TG_KIND_TRIBE, rng);
}
