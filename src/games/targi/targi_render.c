/* targi_render.c: terminal drawing of the board, robber, Targi, markers and both players. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "targi_state.h"

typedef struct {
    char *buf;
    size_t len, at;
    int color;
} render_out;

static void render_put(render_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->at < o->len ? o->len - o->at : 0;
    int w = vsnprintf(room ? o->buf + o->at : NULL, room, fmt, ap);
    va_end(ap);
    if (w > 0)
        o->at += (size_t)w;
}

static const char *render_col(const render_out *o, int p)
{
    if (!o->color)
        return "";
    return p == 0 ? "\x1b[31m" : p == 1 ? "\x1b[34m" : "\x1b[33m";
}
static const char *render_off(const render_out *o)
{
    return o->color ? "\x1b[0m" : "";
}

/* Border number at grid position, or 0 for the centre. */
static int render_border_at(int r, int c)
{
    if (r == 0)
        return c == 0 ? 16 : c;
    if (r == 4)
        return 12 - c;
    if (c == 0)
        return 16 - r;
    if (c == 4)
        return 4 + r;
    return 0;
}

/* "(Tent, 3 VP) cost P D G: effect" */
static void render_card_info(render_out *o, int card)
{
    const targi_tribe_card *c = &targi_tribe[card];
    render_put(o, "(%s, %d VP) cost", targi_symbol_name[c->symbol], c->vp);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < c->cost[k]; i++)
            render_put(o, " %c", "DSP"[k]);
    if (c->alt_gold)
        render_put(o, " / G");
    else if (c->gold)
        render_put(o, " G");
    render_put(o, ": %s\n", c->effect);
}

#define RENDER_W 12

static void render_cell_name(render_out *o, const targi_state *s, int r, int c)
{
    char t[32];
    int b = render_border_at(r, c);
    if (b) {
        snprintf(t, sizeof t, "%d %s", b, targi_border[b].short_name);
    } else {
        int cell = (r - 1) * 3 + (c - 1), card = s->cell_card[cell];
        if (card == TG_NONE)
            snprintf(t, sizeof t, "(empty)");
        else if (s->cell_down[cell])
            snprintf(t, sizeof t, "[%s down]", s->cell_kind[cell] ? "tribe" : "goods");
        else if (s->cell_kind[cell] == TG_KIND_GOODS)
            snprintf(t, sizeof t, "%s %s", targi_goods[card].label, targi_goods[card].gives);
        else
            snprintf(t, sizeof t, "%s %c %dvp", targi_tribe[card].label,
                     targi_symbol_letter[targi_tribe[card].symbol], targi_tribe[card].vp);
    }
    render_put(o, "|%-*.*s", RENDER_W, RENDER_W, t);
}

/* Compact layout: the card's name and who stands on it in one cell line ("3 Salt T0",
 * "G2 S m1", "16 Raid R"), so that the grid takes 7 rows instead of 17. */
static void render_cell_compact(render_out *o, const targi_state *s, int r, int c)
{
    render_out name = {NULL, 0, 0, 0};
    char t[64], occ[16] = "";
    name.buf = t;
    name.len = sizeof t;
    render_cell_name(&name, s, r, c);
    int b = render_border_at(r, c), who = -1;
    if (b) {
        if (s->robber == b && s->stage != TG_ST_SETUP)
            snprintf(occ, sizeof occ, "R");
        who = s->border[b];
        if (who >= 0)
            snprintf(occ + strlen(occ), sizeof occ - strlen(occ), "%sT%d", occ[0] ? "+" : "", who);
    } else {
        who = s->cell_mark[(r - 1) * 3 + (c - 1)];
        if (who >= 0)
            snprintf(occ, sizeof occ, "m%d", who);
    }
    int ol = (int)strlen(occ), room = RENDER_W - (ol ? ol + 1 : 0);
    render_put(o, "|%-*.*s", room, room, t + 1);
    if (ol)
        render_put(o, " %s%s%s", render_col(o, who >= 0 ? who : 2), occ, render_off(o));
}

static void render_cell_occupants(render_out *o, const targi_state *s, int r, int c)
{
    int b = render_border_at(r, c), used = 0;
    render_put(o, "|");
    if (b) {
        if (s->robber == b && s->stage != TG_ST_SETUP && s->border[b] >= 0) {
            render_put(o, "%sR%s ", render_col(o, 2), render_off(o));
            used += 2;
        } else if (s->robber == b && s->stage != TG_ST_SETUP) {
            render_put(o, "%sROBBER%s", render_col(o, 2), render_off(o));
            used += 6;
        }
        if (s->border[b] >= 0) {
            int p = s->border[b];
            render_put(o, "%sTargi P%d%s", render_col(o, p), p, render_off(o));
            used += 8;
        }
    } else {
        int cell = (r - 1) * 3 + (c - 1);
        if (s->cell_mark[cell] >= 0) {
            int p = s->cell_mark[cell];
            render_put(o, "%smarker P%d%s", render_col(o, p), p, render_off(o));
            used += 9;
        }
    }
    render_put(o, "%*s", RENDER_W - used, "");
}

static void render_line(render_out *o)
{
    for (int c = 0; c < 5; c++)
        render_put(o, "+%.*s", RENDER_W, "--------------------");
    render_put(o, "+\n");
}

/* The players, what is asked now, and at the end why it ended: the part of the screen under
 * the centre's card descriptions (which a small terminal may leave to 'board'). */
static void render_players(render_out *o, const tafel_game *g, const targi_state *s, int viewer,
                           int compact)
{
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &s->pl[p];
        render_put(o, "%sPlayer %d%s%s: dates %d, salt %d, pepper %d, gold %d%s, VP tokens %d, "
                      "score %d\n",
                   render_col(o, p), p, render_off(o), viewer == p ? " (you)" : "",
                   pl->goods[0], pl->goods[1], pl->goods[2], pl->gold,
                   pl->w9gold ? " (+1 on W9)" : "", pl->vp, targi_score(s, p));
        if (s->stage == TG_ST_OVER) {
            /* The final score by source, as the end event counts it. */
            int cards = 0, rows = targi_row_bonus(pl), score = targi_score(s, p);
            for (int r = 0; r < 3; r++)
                for (int i = 0; i < pl->rowlen[r]; i++)
                    cards += targi_tribe[pl->disp[r * 4 + i]].vp;
            render_put(o, "  score %d = %d VP tokens + %d card VP + %d for abilities + %d for "
                       "rows\n", score, pl->vp, cards, score - pl->vp - cards - rows, rows);
        }
        if (pl->hand == TG_NONE)
            render_put(o, "%s", compact ? "" : "  hand: -\n");
        else if (pl->hand_secret && viewer != p)
            render_put(o, "  hand: (a hidden card)\n");
        else
        {
            render_put(o, "  hand: %s ", targi_tribe[pl->hand].label);
            render_card_info(o, pl->hand);
        }
        if (compact) {
            /* Under 40 rows the display takes one line: each row's cards by label, whose letter
             * is the symbol the rows score by ('help' names them); 'board' describes them. */
            render_put(o, "  display:");
            if (!(pl->rowlen[0] + pl->rowlen[1] + pl->rowlen[2]))
                render_put(o, " -");
            for (int row = 0; row < 3 && pl->rowlen[0] + pl->rowlen[1] + pl->rowlen[2]; row++) {
                render_put(o, "%s row %d:", row ? "  " : "", row + 1);
                if (!pl->rowlen[row])
                    render_put(o, " -");
                for (int c = 0; c < pl->rowlen[row]; c++)
                    render_put(o, " %s", targi_tribe[pl->disp[row * 4 + c]].label);
            }
            render_put(o, "\n");
            continue;
        }
        /* Each card of the display described as the centre's are: its symbol, VP and effect
         * are what the rows and the final score are made of. */
        for (int row = 0; row < 3; row++) {
            render_put(o, "  row %d:", row + 1);
            if (!pl->rowlen[row])
                render_put(o, " -\n");
            for (int c = 0; c < pl->rowlen[row]; c++) {
                int card = pl->disp[row * 4 + c];
                render_put(o, "%s%s ", c ? "         " : " ", targi_tribe[card].label);
                render_card_info(o, card);
            }
        }
    }
    static const char *const what[] = {"", "raid %d: choose a payment", "place a Targi",
                                       "actions", "O8: choose a good",
                                       "return goods down to 10"};
    static const char *const pend[] = {"", "choose goods (%d left)", "pay for the card",
                                       "choose a display row", "take the tribe card?",
                                       "Trader: exchange or done", "Silversmith: one exchange",
                                       "O9: swap (%d left) or done", "A9: goods, gold or VP"};
    if (s->stage != TG_ST_OVER && !s->chance && s->stage < 6) {
        render_put(o, "player %d: ", s->turn);
        if (s->stage == TG_ST_ACT && s->pend)
            render_put(o, pend[s->pend], s->pend_n);
        else
            render_put(o, what[s->stage], s->raid);
        render_put(o, "\n");
    }
    if (s->pend != TG_P_NONE && s->pend_card < TG_NTRIBE &&
        (s->pend == TG_P_PAY || s->pend == TG_P_ROW || s->pend == TG_P_TRIBE) &&
        (!s->pend_secret || viewer == s->turn))
    {
        render_put(o, "pending card: %s ", targi_tribe[s->pend_card].label);
        render_card_info(o, s->pend_card);
    }
    if (s->stage == TG_ST_OVER) {
        /* Why it ended and what decided it: score, then gold, then goods (targi_returns). */
        int s0 = targi_score(s, 0), s1 = targi_score(s, 1);
        int full = 0;
        for (int p = 0; p < 2; p++)
            full |= s->pl[p].rowlen[0] + s->pl[p].rowlen[1] + s->pl[p].rowlen[2] == 12;
        double ret[2];
        targi_returns(g, s, ret);
        render_put(o, "Game over: %s.\n", full ? "a display is full (12 cards)"
                                              : "the robber reached raid 4");
        if (ret[0] == ret[1])
            render_put(o, "A shared win: tied on score, gold and goods.\n");
        else
            render_put(o, "Player %d wins%s.\n", ret[1] > ret[0],
                       s0 != s1 ? " on score"
                       : s->pl[0].gold != s->pl[1].gold ? " on gold (scores tied)"
                                                        : " on goods (scores and gold tied)");
    }
}

static int render_lines(const char *t)
{
    int n = 0;
    for (; *t; t++)
        n += *t == '\n';
    return n;
}

int targi_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
                 size_t len)
{
    const targi_state *s = state;
    render_out o = {buf, len, 0, color & TAFEL_RENDER_COLOR};
    if (len)
        buf[0] = 0;
    int rows = TAFEL_RENDER_ROWS(color), compact = rows > 0 && rows < 40;
    /* The part under the card descriptions first, so that a small terminal knows how many
     * rows are left for them. */
    char tail[8192];
    render_out to = {tail, sizeof tail, 0, o.color};
    tail[0] = 0;
    render_players(&to, g, s, viewer, compact);
    render_put(&o, "Targi  round %d  start: player %d", s->round, s->start);
    if (s->stage == TG_ST_OVER)
        render_put(&o, "  (game over)");
    else if (!s->chance)
        render_put(&o, "  to move: player %d", s->turn);
    render_put(&o, "\n");
    /* Rows and columns of the centre labelled as "take R,C" and the listings below count them;
     * border cards carry their own numbers ("targi N"). */
    if (compact) {
        render_put(&o, "      +------------+---col 1----+---col 2----+---col 3----+------------+\n");
    } else {
        render_put(&o, "      %-13s%-13s%-13s%s\n", "", "  col 1", "  col 2", "  col 3");
        render_put(&o, "      ");
        render_line(&o);
    }
    for (int r = 0; r < 5; r++) {
        if (r >= 1 && r <= 3)
            render_put(&o, "row %d ", r);
        else
            render_put(&o, "      ");
        if (compact) {
            for (int c = 0; c < 5; c++)
                render_cell_compact(&o, s, r, c);
            render_put(&o, "|\n");
            continue;
        }
        for (int c = 0; c < 5; c++)
            render_cell_name(&o, s, r, c);
        render_put(&o, "|\n      ");
        for (int c = 0; c < 5; c++)
            render_cell_occupants(&o, s, r, c);
        render_put(&o, "|\n      ");
        render_line(&o);
    }
    if (compact) /* the key in the bottom line, as wide as the grid */
        render_put(&o, "      +-- on a card: T0/T1 a Targi, m0/m1 a tribe marker, R the robber "
                       "--+\n");
    /* The centre's tribe cards described; on a small terminal as many as the rows left allow,
     * first those the viewer's markers stand on (he takes them now), the rest said to be in
     * 'board'. */
    int room = compact ? rows - render_lines(tail) - 8 : 99, shown = 0, hidden = 0;
    int over = compact && s->stage == TG_ST_OVER; /* no prompt: nobody can ask for 'board' */
    int order[9], n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int c = 0; c < 9; c++) {
            int card = s->cell_card[c];
            if (s->cell_kind[c] != TG_KIND_TRIBE || s->cell_down[c] || card >= TG_NTRIBE)
                continue;
            if ((s->cell_mark[c] == viewer && viewer >= 0) == !pass)
                order[n++] = c;
        }
    int deck_line = !compact || room > n;
    if (!deck_line && !over)
        room--; /* for the line that says where the rest is */
    int show[9] = {0};
    for (int i = 0; i < n; i++) {
        if (shown < room) {
            show[order[i]] = 1;
            shown++;
        } else {
            hidden++;
        }
    }
    for (int c = 0; c < 9; c++) {
        if (!show[c])
            continue;
        int card = s->cell_card[c];
        render_put(&o, "  %d,%d %s ", c / 3 + 1, c % 3 + 1, targi_tribe[card].label);
        render_card_info(&o, card);
    }
    int gdisc = 0;
    for (int t = 0; t < TG_NGOODS_TYPES; t++)
        gdisc += s->gdisc[t];
    if (deck_line)
        render_put(&o, "decks: goods %d (discards %d), tribe %d (discards %d)\n", s->gdeck_n,
                   gdisc, targi_popcount(s->tdeck), targi_popcount(s->tdisc));
    else if (over)
        ;
    else if (room >= 0 && hidden)
        render_put(&o, hidden == 1 ? "'board' describes the %scentre card, and shows the decks\n"
                                   : "'board' describes the %s%d centre cards, and the decks\n",
                   shown ? "other " : "", hidden);
    else if (room >= 0)
        render_put(&o, "'board' shows the decks\n");
    render_put(&o, "%s", tail);
    return (int)o.at;
}
