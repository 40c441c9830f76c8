/* tr2_events.c: Die Tafelrunde 2, what a viewer is told of an action: its notation as he sees it
 * (another player's draw or special card without its face) and the events it causes.
 *
 * apply runs many steps at once (forced passes, the scoring of every colour, forced securing,
 * reshuffles, the start-player card, the end). Events come from replaying those steps here on a
 * copy of the state, in the order apply takes them; the tests require the replay to end in
 * exactly the state apply left. Each step is reported only with what the viewer may see: the
 * steps themselves depend on hidden hands only where the new state shows their outcome to
 * everyone (a forced pass is visible as a pass that nobody chose). */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/tafelrunde2/tr2.h"

#define TR2_BIT(c) ((uint16_t)(1u << (c)))

typedef struct tr2_ev {
    const tafel_game *g;
    tr2_state s;    /* the state as apply changes it, step by step */
    json_t *events;
    int viewer;
} tr2_ev;

/* One line of event text, built piece by piece (truncated, never overflowing). */
typedef struct tr2_line {
    char b[512];
    size_t n;
} tr2_line;

static void tr2_put(tr2_line *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(l->b + l->n, sizeof l->b - l->n, fmt, ap);
    va_end(ap);
    if (w > 0)
        l->n += (size_t)w < sizeof l->b - l->n ? (size_t)w : sizeof l->b - 1 - l->n;
}

/* Append {"type": type, "text": text} and return it for the event's data. */
static json_t *tr2_event(tr2_ev *e, const char *type, const tr2_line *text)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(type));
    json_object_set_new(o, "text", json_string(text->b));
    json_array_append_new(e->events, o);
    return o;
}

static void tr2_set_int(json_t *o, const char *key, int v)
{
    json_object_set_new(o, key, json_integer(v));
}

static void tr2_chest_str(int kind, char *buf, size_t len)
{
    snprintf(buf, len, "%s%d", tr2_colour_names[tr2_chest_col(kind)], tr2_chest_gems(kind));
}

/* Cards of player p as names (json array) and as text ("red7 red5/blue2"). */
static json_t *tr2_cards_out(const tr2_state *s, int p, uint16_t mask, tr2_line *l)
{
    json_t *a = json_array();
    char name[32];
    for (int c = 0; c < TR2_NCARDS; c++) {
        if (!(mask >> c & 1))
            continue;
        tr2_card_name(c, s->special[p], name, sizeof name);
        if (l)
            tr2_put(l, "%s%s", json_array_size(a) ? " " : "", name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

/* Move the chests of colour c from src to dst, listing them in names and, after sep, in l.
 * Returns how many moved. */
static int tr2_move_chests(uint8_t *dst, uint8_t *src, int c, json_t *names, tr2_line *l,
                           const char *sep)
{
    char name[16];
    int moved = 0;
    for (int k = c * 3; k < c * 3 + 3; k++) {
        for (int i = 0; i < src[k]; i++) {
            tr2_chest_str(k, name, sizeof name);
            tr2_put(l, "%s%s", moved++ ? " " : sep, name);
            json_array_append_new(names, json_string(name));
        }
        dst[k] += src[k];
        src[k] = 0;
    }
    return moved;
}

static int tr2_has_up(const tr2_state *s, int p, int c)
{
    const uint8_t *u = &s->up[p][c * 3];
    return (u[0] | u[1] | u[2]) != 0;
}

static int tr2_colour_played(const tafel_game *g, const tr2_state *s, int c)
{
    for (int p = 0; p < g->num_players; p++)
        if (s->pmask[p][c])
            return 1;
    return 0;
}

/* A played special goes to its owner's discards (it was public from the moment it was played). */
static void tr2_ev_discard_special(tr2_ev *e, int p)
{
    tr2_state *s = &e->s;
    s->disc[p] |= TR2_BIT(TR2_SPECIAL);
    s->special_played &= (uint8_t)~(1u << p);
    tr2_line l = {0};
    tr2_put(&l, "player %d discards %s", p, tr2_special_names[s->special[p]]);
    json_t *o = tr2_event(e, "discard", &l);
    tr2_set_int(o, "player", p);
    json_object_set_new(o, "card", json_string(tr2_special_names[s->special[p]]));
}

static void tr2_ev_discard_specials(tr2_ev *e)
{
    for (int p = 0; p < e->g->num_players; p++)
        if ((e->s.special_played >> p & 1) && e->s.zork != p + 1)
            tr2_ev_discard_special(e, p);
}

/* Phase 3 for colour c (someone played it): who wins or ties, which chests move, whose cards go
 * back to the hand. */
static void tr2_ev_score_colour(tr2_ev *e, int c)
{
    const tafel_game *g = e->g;
    tr2_state *s = &e->s;
    int n = g->num_players, best = -1, nbest = 0, w = 0, str[TR2_MAXP];
    const char *col = tr2_colour_names[c];
    json_t *strengths = json_array();
    for (int p = 0; p < n; p++) {
        int takes_part = s->pmask[p][c] != 0;
        if (!g->params[TR2_P_BONUS_NEEDS_CARD] && tr2_has_up(s, p, c))
            takes_part = 1;
        str[p] = takes_part ? tr2_strength(s, p, c) : -1;
        json_array_append_new(strengths, takes_part ? json_integer(str[p]) : json_null());
        if (!takes_part)
            continue;
        if (str[p] > best) {
            best = str[p];
            nbest = 1;
            w = p;
        } else if (str[p] == best) {
            nbest++;
        }
    }
    tr2_line l = {0};
    json_t *chests = json_array(), *from = json_array(), *protected = json_array();
    json_t *tied = json_array();
    if (nbest == 1) {
        tr2_put(&l, "player %d wins %s with strength %d", w, col, best);
        int others = 0;
        for (int p = 0; p < n; p++)
            if (p != w && str[p] >= 0)
                tr2_put(&l, "%splayer %d: %d", others++ ? ", " : " (", p, str[p]);
        tr2_put(&l, "%s and takes ", others ? ")" : "");
        size_t at = l.n;
        if (tr2_move_chests(s->up[w], s->centre, c, chests, &l, ""))
            tr2_put(&l, " from the centre");
        for (int q = 0; q < n; q++) {
            if (q == w || !tr2_has_up(s, q, c))
                continue;
            if (s->warn[q] == c + 1) {
                json_array_append_new(protected, json_integer(q));
                continue;
            }
            tr2_move_chests(s->up[w], s->up[q], c, chests, &l, l.n == at ? "" : ", ");
            tr2_put(&l, " from player %d", q);
            json_array_append_new(from, json_integer(q));
        }
        if (l.n == at)
            tr2_put(&l, "no chest");
    } else {
        int protect = g->params[TR2_P_WARNING_PROTECTS_TIE], k = 0;
        tr2_put(&l, "%s is tied at %d by players", col, best);
        for (int p = 0; p < n; p++)
            if (str[p] == best) {
                tr2_put(&l, "%s %d", k++ ? (k == nbest ? " and" : ",") : "", p);
                json_array_append_new(tied, json_integer(p));
            }
        tr2_put(&l, ": ");
        size_t at = l.n;
        tr2_put(&l, "the centre takes ");
        size_t took = l.n;
        for (int q = 0; q < n; q++) {
            if (!tr2_has_up(s, q, c))
                continue;
            if (protect && s->warn[q] == c + 1) {
                json_array_append_new(protected, json_integer(q));
                continue;
            }
            tr2_move_chests(s->centre, s->up[q], c, chests, &l, l.n == took ? "" : ", ");
            tr2_put(&l, " from player %d", q);
            json_array_append_new(from, json_integer(q));
        }
        if (l.n == took) {
            l.n = at;
            tr2_put(&l, "no chest moves");
        }
    }
    size_t i;
    json_t *v;
    json_array_foreach(protected, i, v) {
        tr2_put(&l, "; letzte warnung keeps player %d's %s chests",
                (int)json_integer_value(v), col);
    }
    json_t *o = tr2_event(e, "colour", &l);
    if (nbest == 1) {
        tr2_set_int(o, "player", w);
        json_decref(tied);
    } else {
        json_object_set_new(o, "players", tied);
    }
    json_object_set_new(o, "colour", json_string(col));
    tr2_set_int(o, "strength", best);
    json_object_set_new(o, "strengths", strengths);
    json_object_set_new(o, "chests", chests);
    json_object_set_new(o, "from", from);
    json_object_set_new(o, "protected", protected);
    for (int p = 0; p < n; p++) {
        uint16_t m = s->pmask[p][c];
        if (nbest == 1 && p == w) {
            s->disc[p] |= m;
            json_object_set_new(o, "discarded", tr2_cards_out(s, p, m, NULL));
        } else if (m) {
            s->hand[p] |= m;
            s->known[p] |= m;
            tr2_line r = {0};
            tr2_put(&r, "player %d takes ", p);
            json_t *back = tr2_cards_out(s, p, m, &r);
            tr2_put(&r, " back into his hand");
            json_t *ob = tr2_event(e, "return", &r);
            tr2_set_int(ob, "player", p);
            json_object_set_new(ob, "colour", json_string(col));
            json_object_set_new(ob, "cards", back);
        }
        s->pmask[p][c] = 0;
        s->pstr[p][c] = 0;
    }
    if (nbest != 1)
        json_object_set_new(o, "discarded", json_array());
}

/* [D-7] as tr2_rules.c: may Zork secure chests before colour c (TR2_NCOL: after the last)? */
static int tr2_zork_due(const tafel_game *g, int c, int first)
{
    switch (g->params[TR2_P_ZORK]) {
    case TR2_ZORK_BUDGET_IN:
        return 1;
    case TR2_ZORK_EXTRA_BEFORE:
        return first;
    default:
        return c == TR2_NCOL;
    }
}

static int tr2_zork_fits(const tr2_state *s)
{
    const uint8_t *u = s->up[s->zork - 1];
    for (int k = 0; k < TR2_NKIND; k++)
        if (u[k] && tr2_chest_gems(k) <= s->zork_left)
            return 1;
    return 0;
}

static void tr2_ev_begin_secure(tr2_state *s)
{
    s->phase = TR2_PH_SECURE;
    s->turn = s->start;
    s->done = 0;
}

static void tr2_ev_scoring(tr2_ev *e, int first)
{
    tr2_state *s = &e->s;
    for (;; first = 0) {
        int c = s->scoring;
        while (c < TR2_NCOL && !tr2_colour_played(e->g, s, c))
            c++;
        s->scoring = (uint8_t)c;
        if (c == TR2_NCOL)
            tr2_ev_discard_specials(e);
        if (s->zork && tr2_zork_due(e->g, c, first) && tr2_zork_fits(s)) {
            s->phase = TR2_PH_ZORK;
            s->turn = (uint8_t)(s->zork - 1);
            return;
        }
        if (c == TR2_NCOL)
            break;
        tr2_ev_score_colour(e, c);
        s->scoring = (uint8_t)(c + 1);
    }
    tr2_ev_begin_secure(s);
}

static void tr2_ev_end_play(tr2_ev *e, const char *why)
{
    tr2_line l = {0};
    tr2_put(&l, "phase 2 ends: %s", why);
    tr2_event(e, "phase", &l);
    e->s.scoring = 0;
    tr2_ev_scoring(e, 1);
}

static void tr2_ev_end_zork(tr2_ev *e)
{
    tr2_state *s = &e->s;
    if (s->scoring == TR2_NCOL) {
        tr2_ev_begin_secure(s);
        return;
    }
    tr2_ev_score_colour(e, s->scoring);
    s->scoring++;
    tr2_ev_scoring(e, 0);
}

static void tr2_ev_next_to_play(tr2_ev *e)
{
    tr2_state *s = &e->s;
    int n = e->g->num_players;
    for (int i = 1; i <= n; i++) {
        int q = (s->turn + i) % n;
        if (!(s->passed >> q & 1)) {
            s->turn = (uint8_t)q;
            return;
        }
    }
    tr2_ev_end_play(e, "everyone has passed");
}

static int tr2_can_play(const tr2_state *s, int p)
{
    if (s->hand[p] & TR2_ROGUE_MASK)
        return 1;
    if (!(s->hand[p] & TR2_BIT(TR2_SPECIAL)))
        return 0;
    switch (s->special[p]) {
    case TR2_FEIERABEND:
        return s->nplayed > 0;
    case TR2_WARNUNG:
        for (int c = 0; c < TR2_NCOL; c++)
            if (tr2_has_up(s, p, c))
                return 1;
        return 0;
    default:
        return 1;
    }
}

/* p turns chest `kind` face down: his score. how: "" or how he came to secure it. */
static void tr2_ev_secured(tr2_ev *e, int p, json_t *chests, int gems, const char *names,
                           const char *how)
{
    tr2_line l = {0};
    tr2_put(&l, "player %d secures %s%s: +%d gems, %d in all", p, names, how, gems,
            tr2_gems_down(&e->s, p));
    json_t *o = tr2_event(e, "score", &l);
    tr2_set_int(o, "player", p);
    tr2_set_int(o, "points", gems);
    tr2_set_int(o, "gems", tr2_gems_down(&e->s, p));
    json_object_set_new(o, "chests", chests);
}

static void tr2_ev_end(tr2_ev *e)
{
    const tafel_game *g = e->g;
    const tr2_state *s = &e->s;
    int n = g->num_players, gems[TR2_MAXP], hand[TR2_MAXP], top = -1, ntop = 0, nwin = 0;
    double r[TR2_MAXP];
    tr2_returns(g, s, r);
    json_t *winners = json_array(), *jg = json_array(), *jh = json_array();
    for (int p = 0; p < n; p++) {
        gems[p] = tr2_gems_down(s, p);
        hand[p] = tr2_popcount(s->hand[p]);
        json_array_append_new(jg, json_integer(gems[p]));
        json_array_append_new(jh, json_integer(hand[p]));
        if (r[p] > 0) {
            json_array_append_new(winners, json_integer(p));
            nwin++;
        }
        if (gems[p] > top) {
            top = gems[p];
            ntop = 1;
        } else if (gems[p] == top) {
            ntop++;
        }
    }
    tr2_line l = {0};
    tr2_put(&l, "game over: ");
    int w = 0, first = -1;
    for (int p = 0; p < n; p++)
        if (r[p] > 0) {
            first = first < 0 ? p : first;
            if (nwin == 1)
                tr2_put(&l, "player %d wins", p);
            else
                tr2_put(&l, "%s %d", w ? (w + 1 == nwin ? " and" : ",") : "players", p);
            w++;
        }
    tr2_put(&l, "%s with %d gems", nwin > 1 ? " share the win" : "", top);
    if (ntop > 1) /* the hand cards decided, or tied too [D-8] */
        tr2_put(&l, " and %d hand cards%s", hand[first], nwin > 1 ? " each" : "");
    for (int p = 0, k = 0; p < n; p++) {
        if (r[p] > 0)
            continue;
        tr2_put(&l, "%s player %d: %d gems", k++ ? "," : ";", p, gems[p]);
        if (gems[p] == top)
            tr2_put(&l, " and %d hand cards", hand[p]);
    }
    json_t *o = tr2_event(e, "end", &l);
    json_object_set_new(o, "winners", winners);
    json_object_set_new(o, "gems", jg);
    json_object_set_new(o, "hand_cards", jh);
}

/* As tr2_advance, reporting each automatic step. */
static void tr2_ev_advance(tr2_ev *e)
{
    const tafel_game *g = e->g;
    tr2_state *s = &e->s;
    int n = g->num_players;
    for (;;) {
        tr2_line l = {0};
        json_t *o;
        switch (s->phase) {
        case TR2_PH_DEAL:
        case TR2_PH_DRAW: {
            int t = s->turn;
            if (s->left) {
                if (!s->draw[t] && s->disc[t]) { /* [D-6] */
                    int k = tr2_popcount(s->disc[t]);
                    tr2_put(&l, "player %d shuffles his discards (%d card%s) into a new draw "
                            "pile", t, k, k > 1 ? "s" : "");
                    o = tr2_event(e, "auto", &l);
                    tr2_set_int(o, "player", t);
                    tr2_set_int(o, "cards", tr2_popcount(s->disc[t]));
                    s->draw[t] = s->disc[t];
                    s->disc[t] = 0;
                }
                if (s->draw[t])
                    return;
                tr2_line m = {0};
                tr2_put(&m, "player %d has no card left to draw", t);
                o = tr2_event(e, "auto", &m);
                tr2_set_int(o, "player", t);
                s->left = 0;
            }
            if (++s->done < n) {
                s->turn = (uint8_t)((t + 1) % n);
                s->left = s->phase == TR2_PH_DEAL ? 5 : 2;
                continue;
            }
            if (s->phase == TR2_PH_DRAW) { /* phase 6 */
                s->start = (uint8_t)((s->start + 1) % n);
                tr2_line m = {0};
                tr2_put(&m, "player %d takes the start-player card", s->start);
                o = tr2_event(e, "start", &m);
                tr2_set_int(o, "player", s->start);
            }
            tr2_begin_reveal(g, s);
            tr2_put(&l, "raid %d begins", s->raid);
            o = tr2_event(e, "raid", &l);
            tr2_set_int(o, "raid", s->raid);
            continue;
        }
        case TR2_PH_REVEAL: {
            if (tr2_colours_up(g, s) == 7) {
                tr2_begin_play(g, s);
                tr2_put(&l, "all three colours lie face up: phase 2, player %d plays first",
                        s->start);
                o = tr2_event(e, "phase", &l);
                tr2_set_int(o, "player", s->start);
                continue;
            }
            int pile = 0;
            for (int k = 0; k < TR2_NKIND; k++)
                pile += s->pile[k];
            if (!pile) {
                s->phase = TR2_PH_END;
                tr2_ev_end(e);
            }
            return;
        }
        case TR2_PH_PLAY: {
            int t = s->turn;
            if (tr2_can_play(s, t))
                return;
            s->passed |= (uint8_t)(1u << t);
            s->done = 1;
            tr2_put(&l, "player %d passes (no card he may play)", t);
            o = tr2_event(e, "auto", &l);
            tr2_set_int(o, "player", t);
            tr2_ev_next_to_play(e);
            continue;
        }
        case TR2_PH_ZORK:
            if (tr2_zork_fits(s))
                return;
            tr2_ev_end_zork(e);
            continue;
        case TR2_PH_SECURE: {
            if (s->done >= n) {
                if (s->zork) {
                    tr2_ev_discard_special(e, s->zork - 1);
                    s->zork = 0;
                    s->zork_left = 0;
                }
                s->phase = TR2_PH_DRAW;
                s->turn = s->start;
                s->left = 2;
                s->done = 0;
                continue;
            }
            int p = s->turn, kinds = 0, last = 0;
            if (s->zork == p + 1 && tr2_zork_replaces_secure(g)) {
                s->done++;
                s->turn = (uint8_t)((p + 1) % n);
                continue;
            }
            for (int k = 0; k < TR2_NKIND; k++) {
                int has = s->up[p][k] != 0;
                kinds += has;
                last = has ? k : last;
            }
            if (kinds > 1)
                return;
            if (kinds == 1) {
                char name[16];
                s->up[p][last]--;
                s->down[p][last]++;
                tr2_chest_str(last, name, sizeof name);
                json_t *chests = json_array();
                json_array_append_new(chests, json_string(name));
                tr2_ev_secured(e, p, chests, tr2_chest_gems(last), name,
                               " (his only kind of face-up chest)");
            }
            s->done++;
            s->turn = (uint8_t)((p + 1) % n);
            continue;
        }
        default:
            return;
        }
    }
}

/* A move in phase 2, as tr2_rules.c applies it. */
static void tr2_ev_play(tr2_ev *e, int32_t a)
{
    tr2_state *s = &e->s;
    int p = s->turn;
    s->done = 1;
    if (a == TR2_A_PASS) {
        s->passed |= (uint8_t)(1u << p);
        tr2_ev_next_to_play(e);
        return;
    }
    s->nplayed++;
    if (a < TR2_A_FEIERABEND) {
        int c = (a - TR2_A_CARD) >> 1, side = a & 1;
        int col = tr2_cards[c].col[side];
        s->hand[p] &= (uint16_t)~TR2_BIT(c);
        s->known[p] &= (uint16_t)~TR2_BIT(c);
        s->pmask[p][col] |= TR2_BIT(c);
        s->pstr[p][col] += tr2_cards[c].val[side];
        tr2_ev_next_to_play(e);
        return;
    }
    s->hand[p] &= (uint16_t)~TR2_BIT(TR2_SPECIAL);
    s->known[p] &= (uint16_t)~TR2_BIT(TR2_SPECIAL);
    s->special_played |= (uint8_t)(1u << p);
    s->special_public |= (uint8_t)(1u << p);
    if (a == TR2_A_FEIERABEND) {
        tr2_ev_end_play(e, "feierabend, no more cards");
        return;
    }
    if (a == TR2_A_ZORK) {
        s->zork = (uint8_t)(p + 1);
        s->zork_left = TR2_ZORK_GEMS;
    } else if (a < TR2_A_WARN) {
        int c = a - TR2_A_WIED;
        if (c < TR2_NROGUE) {
            s->disc[p] &= (uint16_t)~TR2_BIT(c);
            s->hand[p] |= TR2_BIT(c);
            s->known[p] |= TR2_BIT(c);
        }
    } else {
        s->warn[p] = (uint8_t)(a - TR2_A_WARN + 1);
    }
    tr2_ev_next_to_play(e);
}

/* The chance outcome or move itself, as tr2_apply takes it, then the automatic steps. */
static void tr2_ev_apply(tr2_ev *e, int32_t a)
{
    const tafel_game *g = e->g;
    tr2_state *s = &e->s;
    int n = g->num_players, v = e->viewer;
    tr2_line l = {0};
    json_t *o;
    switch (s->phase) {
    case TR2_PH_START:
        s->start = (uint8_t)(a - TR2_A_START);
        tr2_put(&l, "player %d starts: he takes the start-player card", s->start);
        o = tr2_event(e, "start", &l);
        tr2_set_int(o, "player", s->start);
        if (n == 4) {
            tr2_line m = {0};
            json_t *kinds = json_array();
            tr2_put(&m, "special cards:");
            for (int p = 0; p < 4; p++) {
                s->special[p] = (uint8_t)p;
                tr2_put(&m, "%s player %d %s", p ? "," : "", p, tr2_special_names[p]);
                json_array_append_new(kinds, json_string(tr2_special_names[p]));
            }
            o = tr2_event(e, "special", &m);
            json_object_set_new(o, "specials", kinds);
            s->special_public = 0xf;
            s->phase = TR2_PH_DEAL;
            s->turn = 0;
            s->left = 5;
            s->done = 0;
        } else {
            s->phase = TR2_PH_SPECIALS;
            s->turn = 0;
        }
        break;
    case TR2_PH_SPECIALS: {
        int t = s->turn, kind = a - TR2_A_SPECIAL;
        s->special[t] = (uint8_t)kind;
        if (v == t)
            tr2_put(&l, "player %d is dealt %s", t, tr2_special_names[kind]);
        else
            tr2_put(&l, "player %d is dealt a special card", t);
        o = tr2_event(e, "special", &l);
        tr2_set_int(o, "player", t);
        if (v == t)
            json_object_set_new(o, "special", json_string(tr2_special_names[kind]));
        if (++s->turn == n) {
            s->phase = TR2_PH_DEAL;
            s->turn = 0;
            s->left = 5;
            s->done = 0;
        }
        break;
    }
    case TR2_PH_DEAL:
    case TR2_PH_DRAW: {
        int t = s->turn, c = a - TR2_A_DRAW;
        char name[32];
        uint16_t b = TR2_BIT(c);
        s->draw[t] &= (uint16_t)~b;
        s->hand[t] |= b;
        s->left--;
        tr2_card_name(c, s->special[t], name, sizeof name);
        if (v == t)
            tr2_put(&l, "player %d draws %s", t, name);
        else
            tr2_put(&l, "player %d draws a card", t);
        o = tr2_event(e, "draw", &l);
        tr2_set_int(o, "player", t);
        if (v == t)
            json_object_set_new(o, "card", json_string(name));
        if (!s->draw[t]) {
            s->known[t] = s->hand[t];
            if (s->disc[t]) {
                tr2_line m = {0};
                int k = tr2_popcount(s->disc[t]);
                tr2_put(&m, "player %d drew his last card: his discards (%d card%s) become his "
                        "new draw pile", t, k, k > 1 ? "s" : "");
                o = tr2_event(e, "auto", &m);
                tr2_set_int(o, "player", t);
                tr2_set_int(o, "cards", tr2_popcount(s->disc[t]));
            }
            s->draw[t] = s->disc[t];
            s->disc[t] = 0;
        }
        if (s->left && s->draw[t])
            return;
        break;
    }
    case TR2_PH_REVEAL: {
        char name[16];
        int k = a - TR2_A_REVEAL;
        s->pile[k]--;
        s->centre[k]++;
        tr2_chest_str(k, name, sizeof name);
        tr2_put(&l, "%s is revealed into the centre", name);
        o = tr2_event(e, "reveal", &l);
        json_object_set_new(o, "chest", json_string(name));
        break;
    }
    case TR2_PH_PLAY:
        tr2_ev_play(e, a);
        break;
    case TR2_PH_ZORK: {
        const uint8_t *z = tr2_zork_sets[a - TR2_A_ZORKSET];
        char name[16], names[64] = "";
        json_t *chests = json_array();
        int p = s->turn;
        for (int j = 0; j < 3 && z[j] != 0xff; j++) {
            s->up[p][z[j]]--;
            s->down[p][z[j]]++;
            s->zork_left = (uint8_t)(s->zork_left - tr2_chest_gems(z[j]));
            tr2_chest_str(z[j], name, sizeof name);
            size_t at = strlen(names);
            snprintf(names + at, sizeof names - at, "%s%s", j ? "+" : "", name);
            json_array_append_new(chests, json_string(name));
        }
        int gems = tr2_zork_set_gems(a - TR2_A_ZORKSET);
        if (gems)
            tr2_ev_secured(e, p, chests, gems, names, " with zork");
        else
            json_decref(chests);
        tr2_ev_end_zork(e);
        break;
    }
    case TR2_PH_SECURE: {
        char name[16];
        int k = a - TR2_A_SECURE, p = s->turn;
        s->up[p][k]--;
        s->down[p][k]++;
        s->done++;
        s->turn = (uint8_t)((p + 1) % n);
        tr2_chest_str(k, name, sizeof name);
        json_t *chests = json_array();
        json_array_append_new(chests, json_string(name));
        tr2_ev_secured(e, p, chests, tr2_chest_gems(k), name, "");
        break;
    }
    default:
        break;
    }
    tr2_ev_advance(e);
}

json_t *tr2_events_replay(const tafel_game *g, const tr2_state *before, int32_t action,
                          int viewer, tr2_state *out)
{
    tr2_ev e = {.g = g, .events = json_array(), .viewer = viewer};
    memcpy(&e.s, before, sizeof e.s);
    tr2_ev_apply(&e, action);
    if (out)
        memcpy(out, &e.s, sizeof *out);
    return e.events;
}

json_t *tr2_events_json(const tafel_game *g, const void *before, int32_t action,
                        const void *after, int viewer)
{
    (void)after; /* the replay reaches it (the tests check that it does) */
    return tr2_events_replay(g, before, action, viewer, NULL);
}

/* A draw and a special card are seen by the player who gets them; everything else lies open
 * on the table (played cards, discards, chests and their values [D-9]). The draw's and the
 * special card's ids name the face, so the others are told neither. */
int tr2_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                    char *buf, size_t len)
{
    const tr2_state *s = state;
    int hidden_draw = s->phase == TR2_PH_DEAL || s->phase == TR2_PH_DRAW;
    if (hidden_draw && viewer != s->turn) {
        snprintf(buf, len, "player %d draws a card", s->turn);
        return 0;
    }
    if (s->phase == TR2_PH_SPECIALS && viewer != s->turn) {
        snprintf(buf, len, "player %d is dealt a special card", s->turn);
        return 0;
    }
    tr2_action_to_text(g, state, action, buf, len);
    return 1;
}
