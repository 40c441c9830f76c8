/* tr2_render.c: Die Tafelrunde 2 terminal view for one seat (ANSI colours optional). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/tafelrunde2/tr2.h"

typedef struct {
    char *buf;
    size_t len, pos;
    int color;
    int col;    /* visible column on the current line (colour codes take none) */
    int indent; /* where a broken list continues */
    int lines;  /* lines ended so far */
} tr2_out;

/* Lists of cards and chests break before this column, continuing under their first item, so
 * that a player's lines fit an 80-column terminal. */
#define TR2_WIDTH 80
#define TR2_LIST_INDENT 15

static void tr2_put(tr2_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t at = o->pos < o->len ? o->pos : o->len;
    int w = vsnprintf(o->buf ? o->buf + at : NULL, o->len - at, fmt, ap);
    va_end(ap);
    if (w <= 0)
        return;
    /* The column from the text itself (formatted again if it did not fit), so that it does not
     * depend on the size of the buffer. */
    char tmp[512];
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    for (const char *c = tmp; *c; c++) {
        if (*c == '\n') {
            o->col = 0;
            o->lines++;
        }
        else if (*c == '\033')
            while (*c && *c != 'm')
                c++;
        else
            o->col++;
        if (!*c)
            break;
    }
    o->pos += (size_t)w;
}

/* The separator before a list item of up to w columns: a space, or a new line indented to the
 * list if the item would pass the width. */
static void tr2_sep(tr2_out *o, const char *sep, int w)
{
    if (o->col + (int)strlen(sep) + w > TR2_WIDTH)
        tr2_put(o, "\n%*s", o->indent, "");
    else
        tr2_put(o, "%s", sep);
}

static const char *const tr2_ansi[TR2_NCOL] = {"\033[1;31m", "\033[1;34m", "\033[1;33m"};

static void tr2_put_bar(tr2_out *o, int col, int val)
{
    if (o->color)
        tr2_put(o, "%s%s%d\033[0m", tr2_ansi[col], tr2_colour_names[col], val);
    else
        tr2_put(o, "%s%d", tr2_colour_names[col], val);
}

static void tr2_put_card(tr2_out *o, int card, int kind)
{
    if (card == TR2_SPECIAL) {
        tr2_put(o, o->color ? "\033[1;35m%s\033[0m" : "%s",
                kind < 4 ? tr2_special_names[kind] : "special");
        return;
    }
    const tr2_card *c = &tr2_cards[card];
    tr2_put_bar(o, c->col[0], c->val[0]);
    if (c->val[1]) {
        tr2_put(o, "/");
        tr2_put_bar(o, c->col[1], c->val[1]);
    }
}

static void tr2_put_cards(tr2_out *o, uint16_t mask, int kind)
{
    if (!mask) {
        tr2_put(o, "-");
        return;
    }
    int first = 1;
    for (int c = 0; c < TR2_NCARDS; c++) {
        if (!(mask >> c & 1))
            continue;
        if (!first)
            tr2_sep(o, " ", 14);
        tr2_put_card(o, c, kind);
        first = 0;
    }
}

static void tr2_put_chests(tr2_out *o, const uint8_t *kinds)
{
    int any = 0;
    for (int k = 0; k < TR2_NKIND; k++)
        for (int i = 0; i < kinds[k]; i++) {
            if (any)
                tr2_sep(o, " ", 9);
            tr2_put(o, "[");
            tr2_put_bar(o, tr2_chest_col(k), tr2_chest_gems(k));
            tr2_put(o, "]");
            any = 1;
        }
    if (!any)
        tr2_put(o, "-");
}

/* Player p's played cards by colour, highest first, each colour's strength with the best
 * face-up chest: "(strength 12 = 9 + chest 3)", compact "+chest3 =12"; then his special if
 * played, and whether he passed. */
static void tr2_put_played(tr2_out *o, const tr2_state *s, int p, int compact)
{
    for (int c = 0; c < TR2_NCOL; c++) {
        tr2_sep(o, compact && c ? "  " : " ", 9);
        if (!s->pmask[p][c]) {
            tr2_put(o, o->color ? "%s%s\033[0m -" : "%.0s%s -", tr2_ansi[c],
                    tr2_colour_names[c]);
            continue;
        }
        /* Highest first, and the strength as the cards plus the chest bonus, so that the
         * sum can be checked at a glance. */
        int vals[TR2_NROGUE], nv = 0, sum = 0;
        for (int k = 0; k < TR2_NROGUE; k++)
            if (s->pmask[p][c] >> k & 1)
                vals[nv++] = tr2_cards[k].val[tr2_cards[k].col[0] == c ? 0 : 1];
        for (int i = 1; i < nv; i++)
            for (int j = i; j > 0 && vals[j] > vals[j - 1]; j--) {
                int t = vals[j];
                vals[j] = vals[j - 1];
                vals[j - 1] = t;
            }
        for (int i = 0; i < nv; i++) {
            if (i)
                tr2_sep(o, " ", 8);
            tr2_put_bar(o, c, vals[i]);
            sum += vals[i];
        }
        int str = tr2_strength(s, p, c);
        char st[64];
        if (compact && str != sum)
            snprintf(st, sizeof st, "+chest%d =%d", str - sum, str);
        else if (compact)
            snprintf(st, sizeof st, "=%d", str);
        else if (str != sum)
            snprintf(st, sizeof st, "(strength %d = %d + chest %d)", str, sum, str - sum);
        else
            snprintf(st, sizeof st, "(strength %d)", str);
        tr2_sep(o, " ", (int)strlen(st));
        tr2_put(o, "%s", st);
    }
    if (s->special_played >> p & 1) {
        tr2_sep(o, "  ", 24);
        tr2_put_card(o, TR2_SPECIAL, s->special[p]);
        if (s->warn[p])
            tr2_put(o, " on %s", tr2_colour_names[s->warn[p] - 1]);
        if (s->zork == p + 1)
            tr2_put(o, " (%d gems left)", s->zork_left);
    }
    if (s->phase == TR2_PH_PLAY && (s->passed >> p & 1)) {
        tr2_sep(o, "  ", 8);
        tr2_put(o, "(passed)");
    }
}

static const char *const tr2_phase_text[] = {
    "setup",         "setup",         "dealing",           "1 reveal chests", "2 play cards",
    "3 scoring (Zork)", "4 secure loot", "5 draw cards", "game over"};

/* Where the viewer's own special lies when it is not in his hand: the draw pile it starts in,
 * his discards (Wiederbelebung can fetch it from there), or elsewhere. */
static const char *tr2_special_where(const tr2_state *s, int p)
{
    if (s->draw[p] >> TR2_SPECIAL & 1)
        return " (in draw pile)";
    if (s->disc[p] >> TR2_SPECIAL & 1)
        return " (discarded)";
    return " (not in hand)";
}

/* A player on two lines (three or more when lists break), for a small terminal: the counts and
 * special, then face-up chests and played cards; the viewer's hand, others' known hand cards;
 * discards and face-down chests only with_discards (else 'board' shows them). */
static void tr2_put_player_compact(tr2_out *o, const tafel_game *g, const tr2_state *s, int p,
                                   int viewer, int cp, int with_discards)
{
    (void)g;
    int kind = s->special[p];
    o->indent = 8;
    tr2_put(o, "%s Player %d%s%s  gems %d  hand %d  draw pile %d", cp == p ? ">" : " ", p,
            p == viewer ? " (you)" : "", p == s->start ? " [start]" : "", tr2_gems_down(s, p),
            tr2_popcount(s->hand[p]), tr2_popcount(s->draw[p]));
    int see_special = p == viewer || (s->special_public >> p & 1);
    int in_hand = p == viewer && (s->hand[p] >> TR2_SPECIAL & 1);
    if (see_special && !in_hand && !(s->special_played >> p & 1)) {
        const char *where = p != viewer ? " (special)" : tr2_special_where(s, p);
        tr2_sep(o, "  ", (int)(strlen(kind < 4 ? tr2_special_names[kind] : "special") +
                               strlen(where)));
        tr2_put_card(o, TR2_SPECIAL, kind);
        tr2_put(o, "%s", where);
    }
    tr2_put(o, "\n    up: ");
    tr2_put_chests(o, s->up[p]);
    tr2_sep(o, "  ", 16);
    tr2_put(o, "played:");
    tr2_put_played(o, s, p, 1);
    if (with_discards) {
        tr2_put(o, "\n    down: ");
        tr2_put_chests(o, s->down[p]);
        tr2_sep(o, "  ", 24);
        tr2_put(o, "discards: ");
        tr2_put_cards(o, s->disc[p], kind);
    }
    if (p == viewer) {
        tr2_put(o, "\n    hand: ");
        tr2_put_cards(o, s->hand[p], kind);
    } else if (s->hand[p] & s->known[p]) {
        /* a special known to be in his hand is named only if its kind is public */
        tr2_put(o, "\n    known in hand: ");
        tr2_put_cards(o, s->hand[p] & s->known[p], see_special ? kind : TR2_SPECIAL_UNKNOWN);
    }
    tr2_put(o, "\n");
}

/* The whole view (layout 0), or the small terminal's: with discards (1) or without (2); at the
 * end also without the players (3): the explanation below gives each one's gems by colour, all
 * that counts then. */
static tr2_out tr2_draw(tr2_out o, const tafel_game *g, const tr2_state *s, int viewer,
                        int layout)
{
    int pile = 0, cp = tr2_current_player(g, s);
    for (int k = 0; k < TR2_NKIND; k++)
        pile += s->pile[k];
    o.indent = TR2_LIST_INDENT;
    if (layout) /* the start player is marked at his line */
        tr2_put(&o, "Die Tafelrunde 2  raid %d  phase %s", s->raid, tr2_phase_text[s->phase]);
    else
        tr2_put(&o, "Die Tafelrunde 2  raid %d  phase %s  start player %d", s->raid,
                tr2_phase_text[s->phase], s->start);
    if (cp >= 0) {
        tr2_sep(&o, "  ", 22);
        tr2_put(&o, "to move: player %d%s", cp, cp == viewer ? " (you)" : "");
    }
    else if (s->phase == TR2_PH_DEAL || s->phase == TR2_PH_DRAW)
        tr2_put(&o, "  player %d draws", s->turn);
    if (s->phase == TR2_PH_ZORK) {
        char when[64];
        if (s->scoring < TR2_NCOL)
            snprintf(when, sizeof when, "before %s is scored", tr2_colour_names[s->scoring]);
        else
            snprintf(when, sizeof when, "after the colours are scored");
        int w = snprintf(NULL, 0, "  Zork: player %d may secure face-up chests of up to %d gems"
                         " %s", s->turn, s->zork_left, when);
        tr2_put(&o, "\n  Zork: player %d may secure face-up chests of%sup to %d gems %s", s->turn,
                w > TR2_WIDTH ? "\n        " : " ", s->zork_left, when);
    }
    tr2_put(&o, layout ? "\n  Centre: " : "\n\n  Centre: ");
    tr2_put_chests(&o, s->centre);
    tr2_sep(&o, "    ", 16);
    tr2_put(&o, "chest pile: %d", pile);
    if (layout == 2 && s->phase != TR2_PH_END) { /* no prompt then to ask for 'board' */
        tr2_sep(&o, "    ", 34);
        tr2_put(&o, "'board': discards, chests down");
    }
    tr2_put(&o, layout ? "\n" : "\n\n");
    for (int p = 0; layout && layout < 3 && p < g->num_players; p++)
        tr2_put_player_compact(&o, g, s, p, viewer, cp, layout == 1);
    for (int p = 0; !layout && p < g->num_players; p++) {
        int kind = s->special[p];
        int see_special = p == viewer || (s->special_public >> p & 1);
        tr2_put(&o, "%s Player %d%s%s   gems %d   hand %d   draw pile %d\n",
                cp == p ? ">" : " ", p, p == viewer ? " (you)" : "",
                p == s->start ? " [start]" : "", tr2_gems_down(s, p), tr2_popcount(s->hand[p]),
                tr2_popcount(s->draw[p]));
        tr2_put(&o, "    face up:   ");
        tr2_put_chests(&o, s->up[p]);
        tr2_put(&o, "\n    face down: ");
        tr2_put_chests(&o, s->down[p]);
        tr2_put(&o, "\n    played:   ");
        tr2_put_played(&o, s, p, 0);
        tr2_put(&o, "\n    discards:  ");
        tr2_put_cards(&o, s->disc[p], kind);
        if (p == viewer) {
            tr2_put(&o, "\n    hand:      ");
            tr2_put_cards(&o, s->hand[p], kind);
            /* The special shows in the hand while it is there; said apart only otherwise. */
            if (!(s->hand[p] >> TR2_SPECIAL & 1)) {
                tr2_put(&o, "\n    special:   ");
                tr2_put_card(&o, TR2_SPECIAL, kind);
                tr2_put(&o, "%s", tr2_special_where(s, p));
            }
        } else {
            uint16_t known = s->hand[p] & s->known[p];
            if (known) { /* the special named only if its kind is public */
                tr2_put(&o, "\n    known in hand: ");
                tr2_put_cards(&o, known, see_special ? kind : TR2_SPECIAL_UNKNOWN);
            }
            if (see_special) {
                tr2_put(&o, "\n    special:   ");
                tr2_put_card(&o, TR2_SPECIAL, kind);
            }
        }
        tr2_put(&o, "\n\n");
    }
    if (s->phase == TR2_PH_END) {
        /* Where each score comes from, why the game ended and what decided it [D-8]: the
         * gems of face-down chests by colour (face-up ones count nothing), then hand cards. */
        double r[TR2_MAXP];
        tr2_returns(g, s, r);
        int top = -1, ntop = 0, nwin = 0;
        for (int p = 0; p < g->num_players; p++) {
            int by[TR2_NCOL] = {0}, nchests = 0, gems = tr2_gems_down(s, p);
            for (int k = 0; k < TR2_NKIND; k++) {
                by[tr2_chest_col(k)] += s->down[p][k] * tr2_chest_gems(k);
                nchests += s->down[p][k];
            }
            tr2_put(&o, "  Player %d: %d gems = red %d + blue %d + yellow %d (%d chest%s face"
                    " down)\n", p, gems, by[0], by[1], by[2], nchests, nchests == 1 ? "" : "s");
            if (gems > top) {
                top = gems;
                ntop = 1;
            } else if (gems == top) {
                ntop++;
            }
            nwin += r[p] > 0;
        }
        tr2_put(&o, "  Game over: no chest left to reveal and fewer than three colours face up."
                "\n  Winner:");
        for (int p = 0; p < g->num_players; p++)
            if (r[p] > 0)
                tr2_put(&o, " player %d", p);
        if (ntop > 1)
            tr2_put(&o, nwin > 1 ? " (tied on gems and on hand cards: a shared win)"
                                 : " (tied on gems: more hand cards decided)");
        else
            tr2_put(&o, " (most gems)");
        tr2_put(&o, "\n");
    }
    return o;
}

int tr2_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
               size_t len)
{
    const tr2_state *s = state;
    tr2_out o = {buf, len, 0, color & TAFEL_RENDER_COLOR, 0, TR2_LIST_INDENT, 0};
    if (buf && len)
        buf[0] = 0;
    /* On a small terminal the first layout that fits its rows: the whole view, then a player
     * on two or three lines, then without discards and face-down chests (then, at the end,
     * without the players). */
    int rows = TAFEL_RENDER_ROWS(color), layout = 0;
    while (rows > 0 && layout < (s->phase == TR2_PH_END ? 3 : 2)) {
        tr2_out count = {NULL, 0, 0, 0, 0, TR2_LIST_INDENT, 0};
        if (tr2_draw(count, g, s, viewer, layout).lines <= rows)
            break;
        layout++;
    }
    return (int)tr2_draw(o, g, s, viewer, layout).pos;
}
