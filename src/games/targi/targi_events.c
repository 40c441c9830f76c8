/* targi_events.c: what a viewer is told of an action: its notation as he may see it
 * (action_seen) and the events it caused (events_json), recomputed from the state before, the
 * action and the state after, with a ledger of each player's goods, gold and VP tokens that the
 * tests compare with the state after. */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "targi_state.h"

static const char *const ev_kind_name[2] = {"goods", "tribe"};

/* ---- action_seen ---- */

int targi_action_seen(const tafel_game *g, const void *state, int32_t a, int viewer, char *buf,
                      size_t len)
{
    const targi_state *s = state;
    if (s->chance == TG_CH_REPL) {
        /* the card is laid face down unseen: its id names it, so nobody is told the id */
        int c = s->repl_cell;
        snprintf(buf, len, "a %s card is laid face down on %d,%d", ev_kind_name[s->cell_kind[c]],
                 c / 3 + 1, c % 3 + 1);
        return 0;
    }
    if (s->chance == TG_CH_EXPANSION && viewer != s->turn) {
        snprintf(buf, len, "player %d draws a tribe card", s->turn);
        return 0;
    }
    if (!s->chance && s->stage == TG_ST_ACT && s->pend == TG_P_TRIBE && s->pend_secret &&
        a == TG_A_TRIBE_HAND && viewer != s->turn) {
        /* the drawn card goes to the hand unseen; buying or discarding it shows it */
        snprintf(buf, len, "player %d takes the drawn card into his hand", s->turn);
        return 0;
    }
    targi_action_to_text(g, s, a, buf, len);
    return 1;
}

/* ---- events ---- */

typedef struct {
    int goods[3], gold, vp, w9gold, got;
} ev_res;

typedef struct {
    const tafel_game *g;
    const targi_state *b, *a; /* before, after */
    int viewer;
    json_t *out;
    ev_res r[2];   /* the ledger: resources as apply changes them, step by step */
    int start;     /* start player of the round being told */
    int round;
} ev_ctx;

/* Append an event; player < 0 names none. Returns it for more fields. */
static json_t *ev_push(ev_ctx *c, const char *type, int player, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_t *e = json_object();
    json_object_set_new(e, "type", json_string(type));
    json_object_set_new(e, "text", json_string(text));
    if (player >= 0)
        json_object_set_new(e, "player", json_integer(player));
    json_array_append_new(c->out, e);
    return e;
}

static void ev_set_int(json_t *e, const char *key, int v)
{
    json_object_set_new(e, key, json_integer(v));
}

/* A change of p's VP tokens; cause names its source ("raid 2", "A7"), how says it ("at raid 2"). */
static void ev_tokens(ev_ctx *c, int p, int points, const char *cause, const char *how)
{
    if (!points)
        return;
    c->r[p].vp += points;
    json_t *e = points > 0 ? ev_push(c, "score", p, "player %d scores %d %s", p, points, how)
                           : ev_push(c, "score", p, "player %d loses %d %s", p, -points, how);
    ev_set_int(e, "points", points);
    json_object_set_new(e, "cause", json_string(cause));
}

static void ev_goods_text(char *buf, int d, int s, int p)
{
    int n = 0, v[3] = {d, s, p};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < v[k]; i++)
            buf[n++] = "DSP"[k];
    buf[n] = 0;
}

static json_t *ev_goods_json(int d, int s, int p)
{
    return json_pack("[iii]", d, s, p);
}

/* A goods card received (centre, Fata Morgana or Caravan): its goods count for O7, C8, A8, O8. */
static void ev_receive(ev_ctx *c, int p, int t, const char *how)
{
    const targi_goods_card *gc = &targi_goods[t];
    ev_res *r = &c->r[p];
    for (int k = 0; k < 3; k++)
        if (gc->goods[k]) {
            r->goods[k] += gc->goods[k];
            r->got |= (1 << k) | TG_GOT_ANY;
        }
    r->gold += gc->gold;
    const char *what = gc->choice ? "1 good of his choice" : gc->gold ? "1 gold"
                       : gc->vp   ? "1 VP"
                                  : gc->gives;
    json_t *e = ev_push(c, "gain", p, "player %d receives %s from %s%s", p, what, gc->label, how);
    json_object_set_new(e, "card", json_string(gc->label));
    json_object_set_new(e, "goods", ev_goods_json(gc->goods[0], gc->goods[1], gc->goods[2]));
    ev_set_int(e, "gold", gc->gold);
    char why[16];
    snprintf(why, sizeof why, "for %s", gc->label);
    ev_tokens(c, p, gc->vp, gc->label, why);
}

static void ev_pay_goods(ev_res *r, int d, int s, int p)
{
    r->goods[0] -= d;
    r->goods[1] -= s;
    r->goods[2] -= p;
}

/* ---- the round structure after the action itself (mirrors targi_rules.c) ---- */

static void ev_end_game(ev_ctx *c, const char *reason);
static void ev_phase_end(ev_ctx *c, int p, int automatic);

static int ev_goods_total(const ev_res *r)
{
    return r->goods[0] + r->goods[1] + r->goods[2];
}

/* Is player p still taking decisions in this round's action phase after the action? */
static int ev_acting(const ev_ctx *c, int p)
{
    const targi_state *a = c->a;
    return a->round == c->round && a->stage == TG_ST_ACT && a->turn == p;
}

static void ev_begin_place(ev_ctx *c)
{
    for (int p = 0; p < 2; p++)
        if (c->a->round == c->round && c->a->pl[p].maxtargi == 2)
            ev_push(c, "auto", p, "player %d places only 2 Targi this round (T9)", p);
}

static void ev_robber_moves(ev_ctx *c, int b, const char *verb)
{
    json_t *e = ev_push(c, "robber", -1, "the robber %s %d %s", verb, b, targi_border[b].name);
    ev_set_int(e, "border", b);
}

/* Raid payments that need no decision, from player x on (rules_raid_auto). */
static void ev_raid_auto(ev_ctx *c, int k, int x)
{
    char cause[16], how[32];
    snprintf(cause, sizeof cause, "raid %d", k);
    snprintf(how, sizeof how, "at raid %d", k);
    for (;; x = 1 - x) {
        const targi_player *pl = &c->a->pl[x];
        ev_res *r = &c->r[x];
        if (targi_owns(pl, C_O6)) {
            json_t *e = ev_push(c, "auto", x, "player %d pays nothing at raid %d (O6)", x, k);
            ev_set_int(e, "raid", k);
            if (targi_owns(pl, C_A7))
                ev_tokens(c, x, 1, "A7", "for A7 at the raid");
        } else {
            targi_state t = *c->b;
            t.raid = (uint8_t)k;
            t.pl[x].vp = (uint16_t)r->vp;
            t.pl[x].gold = (uint8_t)r->gold;
            for (int i = 0; i < 3; i++)
                t.pl[x].goods[i] = (uint8_t)r->goods[i];
            int32_t opts[TG_MAX_LEGAL];
            int n = targi_raid_options(&t, x, opts);
            if (n >= 2)
                return; /* he chooses */
            json_t *e;
            if (n == 1 && opts[0] == TG_A_RAID_VP) {
                e = ev_push(c, "auto", x, "player %d pays %d VP at raid %d (his only option)", x,
                            targi_raid_vp(k), k);
                ev_tokens(c, x, -targi_raid_vp(k), cause, how);
            } else if (n == 1 && opts[0] == TG_A_RAID_GOLD) {
                e = ev_push(c, "auto", x, "player %d pays 1 gold at raid %d (his only option)",
                            x, k);
                r->gold--;
                ev_set_int(e, "gold", 1);
            } else if (n == 1) {
                int code = opts[0] - TG_A_RAID_GOODS;
                char gs[8];
                ev_goods_text(gs, code / 16, code / 4 % 4, code % 4);
                e = ev_push(c, "auto", x, "player %d pays %s at raid %d (his only option)", x,
                            gs, k);
                ev_pay_goods(r, code / 16, code / 4 % 4, code % 4);
                json_object_set_new(e, "goods",
                                    ev_goods_json(code / 16, code / 4 % 4, code % 4));
            } else {
                int owed = targi_raid_vp(k), paid = r->vp < owed ? r->vp : owed;
                e = ev_push(c, "auto", x, "player %d can pay neither option of raid %d: he "
                            "loses %d VP", x, k, paid);
                ev_tokens(c, x, -paid, cause, how);
                if (c->g->params[TG_PARAM_SHORTFALL] && owed > paid) {
                    char why[64];
                    snprintf(why, sizeof why, "that player %d could not pay at raid %d", x, k);
                    ev_tokens(c, 1 - x, owed - paid, "shortfall", why);
                }
            }
            ev_set_int(e, "raid", k);
            if (targi_owns(pl, C_A7))
                ev_tokens(c, x, 1, "A7", "for A7 at the raid");
        }
        if (x != c->start)
            break;
    }
    /* both have paid */
    if (k == 4) {
        ev_end_game(c, "raid 4");
        return;
    }
    ev_robber_moves(c, 4 * k + 1, "moves on to");
    ev_begin_place(c);
}

/* Phase 1 of a new round (rules_start_round). */
static void ev_start_round(ev_ctx *c, int start, int robber)
{
    c->round++;
    c->start = start;
    json_t *e = ev_push(c, "round", start, "round %d: player %d starts", c->round, start);
    ev_set_int(e, "round", c->round);
    ev_robber_moves(c, robber, targi_corner(robber) ? "reaches" : "moves to");
    if (targi_corner(robber)) {
        int k = robber / 4;
        e = k < 4 ? ev_push(c, "raid", -1, "raid %d: each player gives up %d good%s or %d VP",
                            k, targi_raid_goods(k), k > 1 ? "s" : "", targi_raid_vp(k))
                  : ev_push(c, "raid", -1, "raid 4: each player gives up 1 gold or 3 VP; then "
                            "the game ends");
        ev_set_int(e, "raid", k);
        ev_raid_auto(c, k, start);
        return;
    }
    ev_begin_place(c);
}

/* Phase 5 (rules_end_round). */
static void ev_end_round(ev_ctx *c)
{
    const targi_state *b = c->b, *a = c->a;
    if (a->stage == TG_ST_OVER && a->round == c->round) {
        ev_end_game(c, "12 cards");
        return;
    }
    json_t *e = ev_push(c, "round_end", -1, "round %d ends", c->round);
    ev_set_int(e, "round", c->round);
    json_t *cards = json_array();
    char text[200];
    int n = snprintf(text, sizeof text, "turned face up:");
    for (int cell = 0; cell < 9; cell++) {
        int down = b->cell_down[cell] || (b->chance == TG_CH_REPL && b->repl_cell == cell);
        if (!down)
            continue;
        int card = a->cell_card[cell];
        const char *label = a->cell_kind[cell] == TG_KIND_GOODS ? targi_goods[card].label
                                                               : targi_tribe[card].label;
        json_array_append_new(cards, json_pack("{s:i,s:i,s:s}", "row", cell / 3 + 1, "col",
                                               cell % 3 + 1, "card", label));
        n += snprintf(text + n, sizeof text - (size_t)n, "%s %d,%d %s", json_array_size(cards) > 1
                      ? "," : "", cell / 3 + 1, cell % 3 + 1, label);
    }
    if (json_array_size(cards)) {
        e = ev_push(c, "reveal", -1, "%s", text);
        json_object_set_new(e, "cards", cards);
    } else {
        json_decref(cards);
    }
    ev_start_round(c, 1 - c->start, b->robber + 1);
}

/* The end of p's phase: rules_limits and rules_next_phase. */
static void ev_limits(ev_ctx *c, int p)
{
    ev_res *r = &c->r[p];
    if (r->gold > 3) {
        json_t *e = ev_push(c, "auto", p, "player %d returns %d gold (limit 3)", p, r->gold - 3);
        ev_set_int(e, "gold", r->gold - 3);
        r->gold = 3;
    }
    if (ev_goods_total(r) > 10) {
        json_t *e = ev_push(c, "auto", p, "player %d must return %d goods (limit 10)", p,
                            ev_goods_total(r) - 10);
        ev_set_int(e, "count", ev_goods_total(r) - 10);
        return;
    }
    if (p == c->start) {
        if (!ev_acting(c, 1 - p))
            ev_phase_end(c, 1 - p, 1);
        return;
    }
    ev_end_round(c);
}

/* targi_end_phase: the goods-card abilities [D-9], then the limits. */
static void ev_phase_end(ev_ctx *c, int p, int automatic)
{
    const targi_player *pl = &c->a->pl[p];
    ev_res *r = &c->r[p];
    json_t *e = ev_push(c, "phase", p, automatic ? "player %d has nothing left to do: his action "
                        "phase ends" : "player %d's action phase ends", p);
    json_object_set_new(e, "auto", json_boolean(automatic));
    static const struct { int card, good; } bonus[3] = {
        {C_O7, TG_SALT}, {C_C8, TG_PEPPER}, {C_A8, TG_DATE}};
    for (int i = 0; i < 3; i++)
        if (targi_owns(pl, bonus[i].card) && (r->got & (1 << bonus[i].good))) {
            r->goods[bonus[i].good]++;
            e = ev_push(c, "auto", p, "player %d receives 1 %s (%s)", p,
                        targi_good_name[bonus[i].good], targi_tribe[bonus[i].card].label);
            json_object_set_new(e, "card", json_string(targi_tribe[bonus[i].card].label));
            json_object_set_new(e, "good", json_string(targi_good_name[bonus[i].good]));
        }
    if (targi_owns(pl, C_O8) && !(r->got & TG_GOT_ANY)) {
        e = ev_push(c, "auto", p, "player %d chooses 1 good (O8: no good from a goods card this "
                    "round)", p);
        json_object_set_new(e, "card", json_string("O8"));
        return;
    }
    ev_limits(c, p);
}

/* All Targi stand: q's markers go on the crossings of his rows and columns (rules_markers; the
 * state after may already be in the next round, so they are worked out here). */
static void ev_markers(ev_ctx *c, int q, int placed)
{
    unsigned targi = c->b->pl[q].open_targi | (q == c->b->turn ? 1u << placed : 0);
    int rows[3], cols[3], nr = 0, nc = 0;
    for (int i = 1; i <= 3; i++) {
        if ((targi >> (4 + i) & 1) || (targi >> (16 - i) & 1)) /* #5-#7, #15-#13 */
            rows[nr++] = i;
        if ((targi >> i & 1) || (targi >> (12 - i) & 1)) /* #1-#3, #11-#9 */
            cols[nc++] = i;
    }
    json_t *cells = json_array();
    char text[64] = "";
    for (int r = 0; r < nr; r++)
        for (int k = 0; k < nc; k++) {
            size_t n = strlen(text);
            snprintf(text + n, sizeof text - n, "%s%d,%d", n ? " and " : " on ", rows[r],
                     cols[k]);
            json_array_append_new(cells, json_pack("{s:i,s:i}", "row", rows[r], "col", cols[k]));
        }
    int m = nr * nc;
    json_t *e = ev_push(c, "auto", q, "player %d puts %s%s", q,
                        m == 0 ? "no tribe marker" : m == 1 ? "1 tribe marker" : "2 tribe markers",
                        text);
    json_object_set_new(e, "markers", cells);
}

/* ---- the action itself ---- */

/* A tribe card enters p's display (act_place_card). */
static void ev_place_card(ev_ctx *c, int p, int card, int row, int automatic)
{
    const targi_tribe_card *tc = &targi_tribe[card];
    const targi_player *bp = &c->b->pl[p], *ap = &c->a->pl[p];
    json_t *e = ev_push(c, "score", p, automatic ? "player %d places %s in row %d, the only row "
                        "with space: %d VP" : "player %d places %s in row %d: %d VP", p,
                        tc->label, row + 1, tc->vp);
    ev_set_int(e, "points", tc->vp);
    json_object_set_new(e, "card", json_string(tc->label));
    ev_set_int(e, "row", row + 1);
    json_object_set_new(e, "auto", json_boolean(automatic));
    int ncards = bp->ncards + 1;
    if (card == C_W9) {
        c->r[p].w9gold = 1;
        ev_push(c, "auto", p, "1 gold is put on W9");
    } else if (card == C_T9) {
        ev_push(c, "auto", 1 - p, "player %d places only 2 Targi next round (T9)", 1 - p);
    } else if ((card == C_C9 && (12 - ncards) / 2) || (card == C_W7 && ncards / 2)) {
        int n = card == C_C9 ? (12 - ncards) / 2 : ncards / 2;
        e = ev_push(c, "auto", p, "player %d receives %d goods of his choice (%s)", p, n,
                    tc->label);
        ev_set_int(e, "count", n);
    }
    /* rows, with A5 also rows completed earlier */
    int rows = targi_row_bonus(ap) - targi_row_bonus(bp);
    if (rows) {
        e = ev_push(c, "score", p, "player %d scores %d for his rows", p, rows);
        ev_set_int(e, "points", rows);
    }
    if (ncards == 12)
        ev_push(c, "auto", p, "player %d has 12 cards: the game ends after this round", p);
}

static void ev_silver(ev_ctx *c, int p, int code)
{
    int gd = code % 3, v = code / 3, d = v / 25, s = v / 5 % 5, pe = v % 5;
    ev_pay_goods(&c->r[p], d, s, pe);
    c->r[p].gold -= gd;
    int cnt = d + s + pe;
    ev_tokens(c, p, gd ? 2 * gd : cnt == 2 ? 1 : 3, "Silversmith", "at the Silversmith");
}

static void ev_pay(ev_ctx *c, int p, int code)
{
    const targi_state *b = c->b;
    ev_res *r = &c->r[p];
    int gm = code % 3, v = code / 3;
    ev_pay_goods(r, v / 16, v / 4 % 4, v % 4);
    if (gm == 1)
        r->gold--;
    else if (gm == 2)
        r->w9gold = 0;
    int free_row = -1, nfree = 0;
    for (int row = 0; row < 3; row++)
        if (b->pl[p].rowlen[row] < 4) {
            free_row = row;
            nfree++;
        }
    if (nfree == 1)
        ev_place_card(c, p, b->pend_card, free_row, 1);
}

/* The player's own action in the action phase (targi_apply_act, without the round's flow). */
static void ev_act(ev_ctx *c, int p, int32_t a)
{
    const targi_state *b = c->b;
    ev_res *r = &c->r[p];
    if (a >= TG_A_USE && a < TG_A_USE + 17) {
        int bd = a - TG_A_USE;
        static const int8_t good[17] = {[0] = -1, [1] = -1, [2] = TG_DATE, [3] = TG_SALT,
                                        [4] = -1, [5] = -1, [6] = TG_PEPPER, [7] = TG_DATE,
                                        [8] = -1, [9] = -1, [10] = -1, [11] = TG_PEPPER,
                                        [12] = -1, [13] = -1, [14] = -1, [15] = TG_SALT,
                                        [16] = -1};
        if (good[bd] >= 0)
            r->goods[good[bd]]++;
    } else if (a >= TG_A_FATA && a < TG_A_TAKE) {
        int to = (a - TG_A_FATA) % 9;
        if (b->cell_kind[to] == TG_KIND_GOODS)
            ev_receive(c, p, b->cell_card[to], " (Fata Morgana)");
    } else if (a >= TG_A_TAKE && a < TG_A_BUY) {
        ev_receive(c, p, b->cell_card[a - TG_A_TAKE], "");
    } else if (a >= TG_A_CHOOSE && a < TG_A_TRIBE_BUY) {
        r->goods[a - TG_A_CHOOSE]++;
        if (b->pend_flag & TG_CHOOSE_FROM_CARD)
            r->got |= (1 << (a - TG_A_CHOOSE)) | TG_GOT_ANY;
    } else if (a >= TG_A_PAY && a < TG_A_ROW) {
        ev_pay(c, p, a - TG_A_PAY);
    } else if (a >= TG_A_ROW && a < TG_A_TRADE) {
        ev_place_card(c, p, b->pend_card, a - TG_A_ROW, 0);
    } else if (a >= TG_A_TRADE && a < TG_A_DONE) {
        int code = a - TG_A_TRADE, res = code % 4, v = code / 4;
        ev_pay_goods(r, v / 16, v / 4 % 4, v % 4);
        if (res == 0)
            r->gold++;
        else
            r->goods[res - 1]++;
    } else if (a >= TG_A_SILVER && a < TG_A_SWAP) {
        ev_silver(c, p, a - TG_A_SILVER);
    } else if (a >= TG_A_SWAP && a < TG_A_A9_GOODS) {
        int rows = targi_row_bonus(&c->a->pl[p]) - targi_row_bonus(&b->pl[p]);
        if (rows) {
            json_t *e = ev_push(c, "score", p, rows > 0 ? "player %d scores %d for his rows"
                                : "player %d loses %d for his rows", p, rows > 0 ? rows : -rows);
            ev_set_int(e, "points", rows);
        }
    } else if (a == TG_A_A9_GOLD) {
        r->gold++;
    } else if (a == TG_A_A9_VP) {
        ev_tokens(c, p, 1, "A9", "for A9");
    }
}

static void ev_raid_pay(ev_ctx *c, int p, int32_t a)
{
    int k = c->b->raid;
    ev_res *r = &c->r[p];
    char cause[16], how[32];
    snprintf(cause, sizeof cause, "raid %d", k);
    snprintf(how, sizeof how, "at raid %d", k);
    if (a == TG_A_RAID_VP) {
        ev_tokens(c, p, -targi_raid_vp(k), cause, how);
    } else if (a == TG_A_RAID_GOLD) {
        r->gold--;
    } else {
        int code = a - TG_A_RAID_GOODS;
        ev_pay_goods(r, code / 16, code / 4 % 4, code % 4);
    }
    if (targi_owns(&c->b->pl[p], C_A7))
        ev_tokens(c, p, 1, "A7", "for A7 at the raid");
    if (p == c->start) {
        ev_raid_auto(c, k, 1 - p);
    } else if (k == 4) {
        ev_end_game(c, "raid 4");
    } else {
        ev_robber_moves(c, 4 * k + 1, "moves on to");
        ev_begin_place(c);
    }
}

static void ev_chance(ev_ctx *c, int32_t a)
{
    const targi_state *b = c->b;
    int p = b->turn, goods = a < TG_CH_TRIBE;
    int card = goods ? a - TG_CH_GOODS : a - TG_CH_TRIBE;
    json_t *e;
    switch (b->chance) {
    case TG_CH_SETUP: {
        int cell = b->setup_step;
        if (goods)
            e = ev_push(c, "reveal", -1, "%s (%s) is dealt face up on %d,%d",
                        targi_goods[card].label, targi_goods[card].gives, cell / 3 + 1,
                        cell % 3 + 1);
        else
            e = ev_push(c, "reveal", -1, "%s is dealt face up on %d,%d", targi_tribe[card].label,
                        cell / 3 + 1, cell % 3 + 1);
        json_object_set_new(e, "card", json_string(goods ? targi_goods[card].label
                                                         : targi_tribe[card].label));
        ev_set_int(e, "row", cell / 3 + 1);
        ev_set_int(e, "col", cell % 3 + 1);
        return;
    }
    case TG_CH_START:
        ev_push(c, "start", a - TG_CH_START_PLAYER, "player %d starts",
                a - TG_CH_START_PLAYER);
        ev_start_round(c, a - TG_CH_START_PLAYER, 1);
        return;
    case TG_CH_REPL: {
        int cell = b->repl_cell;
        e = ev_push(c, "draw", -1, "a %s card is laid face down on %d,%d",
                    ev_kind_name[b->cell_kind[cell]], cell / 3 + 1, cell % 3 + 1);
        json_object_set_new(e, "kind", json_string(ev_kind_name[b->cell_kind[cell]]));
        ev_set_int(e, "row", cell / 3 + 1);
        ev_set_int(e, "col", cell % 3 + 1);
        break;
    }
    case TG_CH_CARAVAN:
        e = ev_push(c, "reveal", p, "player %d draws %s (%s) at the Caravan", p,
                    targi_goods[card].label, targi_goods[card].gives);
        json_object_set_new(e, "card", json_string(targi_goods[card].label));
        ev_receive(c, p, card, " (Caravan)");
        break;
    case TG_CH_EXPANSION:
        if (c->viewer == p) {
            e = ev_push(c, "draw", p, "player %d draws %s at the Tribal Expansion", p,
                        targi_tribe[card].label);
            json_object_set_new(e, "card", json_string(targi_tribe[card].label));
        } else {
            ev_push(c, "draw", p, "player %d draws a tribe card at the Tribal Expansion", p);
        }
        break;
    }
    if (!ev_acting(c, p))
        ev_phase_end(c, p, 1);
}

/* A deck that ran empty was refilled from its discard pile [D-5]. */
static void ev_reshuffles(ev_ctx *c)
{
    const targi_state *b = c->b, *a = c->a;
    if (a->ggen != b->ggen) {
        json_t *e = ev_push(c, "auto", -1, "the goods discard pile (%d cards) is shuffled into "
                            "a new goods deck", a->gdeck_n);
        json_object_set_new(e, "kind", json_string("goods"));
    }
    if (a->tgen != b->tgen) {
        json_t *e = ev_push(c, "auto", -1, "the tribe discard pile (%d cards) is shuffled into "
                            "a new tribe deck", targi_popcount(a->tdeck));
        json_object_set_new(e, "kind", json_string("tribe"));
    }
}

static void ev_end_game(ev_ctx *c, const char *reason)
{
    const targi_state *a = c->a;
    int score[2];
    double ret[2];
    targi_returns(c->g, a, ret);
    json_t *players = json_array();
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &a->pl[p];
        int cards = 0;
        for (int r = 0; r < 3; r++)
            for (int i = 0; i < pl->rowlen[r]; i++)
                cards += targi_tribe[pl->disp[r * 4 + i]].vp;
        int rows = targi_row_bonus(pl);
        score[p] = targi_score(a, p);
        json_array_append_new(players, json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "player",
                                                 p, "score", score[p], "vp_tokens", pl->vp,
                                                 "cards", cards, "abilities",
                                                 score[p] - pl->vp - cards - rows, "rows", rows,
                                                 "gold", pl->gold, "goods",
                                                 targi_goods_total(pl)));
        ev_push(c, "final", p, "player %d: %d = %d VP tokens + %d card VP + %d for abilities + "
                "%d for rows", p, score[p], pl->vp, cards, score[p] - pl->vp - cards - rows,
                rows);
    }
    json_t *winners = json_array();
    for (int p = 0; p < 2; p++)
        if (ret[p] > 0)
            json_array_append_new(winners, json_integer(p));
    json_t *e;
    if (ret[0] == ret[1]) {
        e = ev_push(c, "end", -1, "game over (%s): players 0 and 1 share the win with %d", reason,
                    score[0]);
    } else {
        int w = ret[1] > ret[0];
        const char *tie = score[0] != score[1] ? ""
                          : a->pl[0].gold != a->pl[1].gold ? " on gold" : " on goods";
        e = ev_push(c, "end", -1, "game over (%s): player %d wins %d to %d%s", reason, w,
                    score[w], score[1 - w], tie);
    }
    json_object_set_new(e, "reason", json_string(reason));
    json_object_set_new(e, "scores", json_pack("[ii]", score[0], score[1]));
    json_object_set_new(e, "winners", winners);
    json_object_set_new(e, "players", players);
}

json_t *targi_events_trace(const tafel_game *g, const void *before, int32_t action,
                           const void *after, int viewer, int ledger[2][6])
{
    const targi_state *b = before, *a = after;
    ev_ctx c = {.g = g, .b = b, .a = a, .viewer = viewer, .out = json_array(),
                .start = b->start, .round = b->round};
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &b->pl[p];
        c.r[p] = (ev_res){{pl->goods[0], pl->goods[1], pl->goods[2]}, pl->gold, pl->vp,
                          pl->w9gold, pl->got};
    }
    int p = b->turn;
    if (b->stage == TG_ST_OVER) {
        /* nothing happens after the end */
    } else if (b->chance) {
        ev_chance(&c, action);
    } else if (b->stage == TG_ST_RAID) {
        ev_raid_pay(&c, p, action);
    } else if (b->stage == TG_ST_PLACE) {
        const targi_player *op = &b->pl[1 - p];
        if (op->ntargi >= op->maxtargi && b->pl[p].ntargi + 1 >= b->pl[p].maxtargi) {
            ev_markers(&c, 0, action - TG_A_PLACE);
            ev_markers(&c, 1, action - TG_A_PLACE);
            if (!ev_acting(&c, c.start))
                ev_phase_end(&c, c.start, 1);
        }
    } else if (b->stage == TG_ST_ACT) {
        ev_act(&c, p, action);
        if (action == TG_A_END)
            ev_phase_end(&c, p, 0);
        else if (!ev_acting(&c, p))
            ev_phase_end(&c, p, 1);
    } else if (b->stage == TG_ST_O8) {
        c.r[p].goods[action - TG_A_CHOOSE]++;
        ev_limits(&c, p);
    } else if (b->stage == TG_ST_LIMIT) {
        c.r[p].goods[action - TG_A_RETURN]--;
        if (ev_goods_total(&c.r[p]) <= 10)
            ev_limits(&c, p);
    }
    ev_reshuffles(&c);
    if (ledger)
        for (int q = 0; q < 2; q++) {
            int v[6] = {c.r[q].goods[0], c.r[q].goods[1], c.r[q].goods[2], c.r[q].gold,
                        c.r[q].vp, c.r[q].w9gold};
            memcpy(ledger[q], v, sizeof v);
        }
    return c.out;
}

json_t *targi_events_json(const tafel_game *g, const void *before, int32_t action,
                          const void *after, int viewer)
{
    return targi_events_trace(g, before, action, after, viewer, NULL);
}
