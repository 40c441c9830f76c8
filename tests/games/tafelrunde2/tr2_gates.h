/* tr2_gates.h: the gate check of the Die Tafelrunde 2 random-playout tests: a choice is offered
 * if and only if the rules allow it and the step it opens has a legal option, and a player is
 * asked exactly when he has something to choose.
 *
 * One side is what the engine offers (legal_actions) or does (apply, with its automatic steps);
 * the other is worked out here from the state's raw fields by the rules, without the engine's
 * rule functions:
 * - phase 2: every card and special-card id (Feierabend not as the first card, Letzte Warnung
 *   for a colour with his face-up chests, Wiederbelebung for a card in his discards or none,
 *   Zork always: he may secure none), and pass (not for the start player's opening); a player
 *   is asked only with a card he may play, and every player the engine passes for had none;
 * - Zork [D-7]: each chest set is offered iff he holds it face up and it fits the 6 gems less
 *   what he secured since phase 3 began; he is asked only when a chest fits, at the points of
 *   the reading, and not asked only when no chest he is sure to hold there fits; under the
 *   budget readings he secures nothing in phase 4;
 * - phase 4: each chest kind iff he holds it face up; asked only with two kinds or more; a
 *   player passed over had at most one kind and secured it.
 * Each decision node is checked where the random game visits it, and each of its legal actions
 * is applied with the raw apply on a copy to check the step it enters. */
#ifndef TR2_GATES_H
#define TR2_GATES_H

#include "tr2_test.h"

/* What the check takes as offered and done; a test of the check swaps in broken ones. */
static int (*tr2g_legal)(const tafel_game *g, const void *state, int32_t *out) =
    tr2_legal_actions;
static void (*tr2g_apply)(const tafel_game *g, void *state, int32_t action) = tr2_apply;

/* Decision nodes visited; nodes checked (visited or entered from one) by phase; successors
 * applied; ids judged. */
typedef struct {
    long visited, play, zork, secure, successors, ids;
} tr2g_counts;
static tr2g_counts tr2g_n;

/* The raid being played and the secured gems per player when its phase 2 was last seen: what
 * Zork has secured since phase 3 began is the difference. */
static int tr2g_raid = -1, tr2g_down0[TR2_MAXP];

#define TR2G_FAIL(...) return (snprintf(err, errlen, __VA_ARGS__), -1)

static int tr2g_gems_down(const tr2_state *s, int p)
{
    int sum = 0;
    for (int k = 0; k < TR2_NKIND; k++)
        sum += s->down[p][k] * (k % 3 + 2);
    return sum;
}

static int tr2g_colour_up(const tr2_state *s, int p, int c)
{
    return s->up[p][c * 3] + s->up[p][c * 3 + 1] + s->up[p][c * 3 + 2];
}

static int tr2g_kinds(const uint8_t *up)
{
    int n = 0;
    for (int k = 0; k < TR2_NKIND; k++)
        n += up[k] != 0;
    return n;
}

static int tr2g_budget_reading(const tafel_game *g)
{
    int z = g->params[TR2_P_ZORK];
    return z == TR2_ZORK_BUDGET_IN || z == TR2_ZORK_BUDGET_AFTER;
}

/* The player whose Zork lies played (from his special card, not the engine's zork field). */
static int tr2g_zork_player(const tafel_game *g, const tr2_state *s)
{
    for (int q = 0; q < g->num_players; q++)
        if ((s->special_played >> q & 1) && s->special[q] == TR2_ZORK)
            return q;
    return -1;
}

/* Has a card (rogue or special) been played in this phase 2? */
static int tr2g_opened(const tafel_game *g, const tr2_state *s)
{
    for (int q = 0; q < g->num_players; q++)
        if (s->pmask[q][0] | s->pmask[q][1] | s->pmask[q][2])
            return 1;
    return s->special_played != 0;
}

/* Bit c: someone still has cards of colour c on the table (it is still to be scored). */
static int tr2g_unscored(const tafel_game *g, const tr2_state *s)
{
    int m = 0;
    for (int q = 0; q < g->num_players; q++)
        for (int c = 0; c < TR2_NCOL; c++)
            m |= (s->pmask[q][c] != 0) << c;
    return m;
}

/* Rogue cards on the table. */
static int tr2g_on_table(const tafel_game *g, const tr2_state *s)
{
    int cards = 0;
    for (int q = 0; q < g->num_players; q++)
        for (int c = 0; c < TR2_NCOL; c++)
            cards += tr2_popcount(s->pmask[q][c]);
    return cards;
}

/* A chest of at most `budget` gems among `up`, leaving out colour `skip`. */
static int tr2g_fits(const uint8_t *up, int budget, int skip)
{
    for (int k = 0; k < TR2_NKIND; k++)
        if (up[k] && k / 3 != skip && k % 3 + 2 <= budget)
            return 1;
    return 0;
}

/* Chest counts of Zork set i, and its gems. */
static int tr2g_set(int i, uint8_t *count)
{
    int gems = 0;
    memset(count, 0, TR2_NKIND);
    for (int j = 0; j < 3 && tr2_zork_sets[i][j] != 0xff; j++) {
        count[tr2_zork_sets[i][j]]++;
        gems += tr2_zork_sets[i][j] % 3 + 2;
    }
    return gems;
}

/* Would the rules let p play action a (a card or a special card) with this hand? opened: a card
 * was played before in this phase 2. */
static int tr2g_play_ok(const tr2_state *s, int p, uint16_t hand, int opened, int32_t a)
{
    if (a < TR2_A_FEIERABEND)
        return (hand >> (a >> 1) & 1) && (!(a & 1) || tr2_cards[a >> 1].val[1]);
    if (!(hand >> TR2_SPECIAL & 1))
        return 0;
    int kind = s->special[p];
    if (a == TR2_A_FEIERABEND)
        return kind == TR2_FEIERABEND && opened;
    if (a == TR2_A_ZORK)
        return kind == TR2_ZORK;
    if (a < TR2_A_WARN)
        return kind == TR2_WIEDERBELEBUNG &&
               (a - TR2_A_WIED == 15 || (s->disc[p] >> (a - TR2_A_WIED) & 1));
    return kind == TR2_WARNUNG && tr2g_colour_up(s, p, a - TR2_A_WARN) > 0;
}

static int tr2g_can_play(const tr2_state *s, int p, uint16_t hand, int opened)
{
    for (int32_t a = 0; a < TR2_A_PASS; a++)
        if (tr2g_play_ok(s, p, hand, opened, a))
            return 1;
    return 0;
}

/* The offered ids as flags; fails on an id outside [lo, hi). */
static int tr2g_offered(const tafel_game *g, const tr2_state *s, int32_t lo, int32_t hi,
                        uint8_t *in, char *err, size_t errlen)
{
    int32_t legal[TR2_MAX_LEGAL];
    int n = tr2g_legal(g, s, legal);
    memset(in, 0, TR2_NUM_ACTIONS);
    for (int i = 0; i < n; i++) {
        if (legal[i] < lo || legal[i] >= hi)
            TR2G_FAIL("raid %d phase %d: id %d offered, not a choice of this step", s->raid,
                      s->phase, legal[i]);
        in[legal[i]] = 1;
    }
    return 0;
}

static int tr2g_compare(const tafel_game *g, const tr2_state *s, int32_t a, int offered,
                        int allowed, char *err, size_t errlen)
{
    tr2g_n.ids++;
    if (offered == allowed)
        return 0;
    char text[TAFEL_TEXT_LEN];
    tr2_action_to_text(g, s, a, text, sizeof text);
    TR2G_FAIL("raid %d, player %d: '%s' (%d) is %s, but the rules %s it", s->raid, s->turn, text,
              a, offered ? "offered" : "not offered", allowed ? "allow" : "forbid");
}

static int tr2g_check_play(const tafel_game *g, const tr2_state *s, char *err, size_t errlen)
{
    uint8_t in[TR2_NUM_ACTIONS];
    int p = s->turn, opened = tr2g_opened(g, s), any = 0;
    tr2g_n.play++;
    if (tr2g_offered(g, s, 0, TR2_A_PASS + 1, in, err, errlen))
        return -1;
    for (int32_t a = 0; a < TR2_A_PASS; a++) {
        int ok = tr2g_play_ok(s, p, s->hand[p], opened, a);
        any |= ok;
        if (tr2g_compare(g, s, a, in[a], ok, err, errlen))
            return -1;
    }
    if (!any)
        TR2G_FAIL("raid %d: player %d is asked in phase 2 with no card he may play", s->raid, p);
    /* The start player opens phase 2 with a card: he may not pass then. */
    int opening = p == s->start && !opened && !s->passed;
    return tr2g_compare(g, s, TR2_A_PASS, in[TR2_A_PASS], !opening, err, errlen);
}

/* A Zork decision; down0: his secured gems when phase 3 began. */
static int tr2g_check_zork(const tafel_game *g, const tr2_state *s, int down0, char *err,
                           size_t errlen)
{
    uint8_t in[TR2_NUM_ACTIONS], count[TR2_NKIND];
    int zp = s->turn, any = 0;
    int budget = TR2_ZORK_GEMS - (tr2g_gems_down(s, zp) - down0);
    tr2g_n.zork++;
    if (tr2g_zork_player(g, s) != zp)
        TR2G_FAIL("raid %d: player %d decides for Zork, played by %d", s->raid, zp,
                  tr2g_zork_player(g, s));
    if (budget < 0 || s->zork_left != budget)
        TR2G_FAIL("raid %d: Zork has secured %d gems, and shows %d left", s->raid,
                  tr2g_gems_down(s, zp) - down0, s->zork_left);
    if (tr2g_offered(g, s, TR2_A_ZORKSET, TR2_A_ZORKSET + TR2_NZORK, in, err, errlen))
        return -1;
    for (int i = 0; i < TR2_NZORK; i++) {
        int ok = tr2g_set(i, count) <= budget;
        for (int k = 0; k < TR2_NKIND; k++)
            ok &= count[k] <= s->up[zp][k];
        any |= ok && i > 0;
        if (tr2g_compare(g, s, TR2_A_ZORKSET + i, in[TR2_A_ZORKSET + i], ok, err, errlen))
            return -1;
    }
    if (!any)
        TR2G_FAIL("raid %d: Zork asked with no chest that fits %d gems", s->raid, budget);
    return 0;
}

static int tr2g_check_secure(const tafel_game *g, const tr2_state *s, char *err, size_t errlen)
{
    uint8_t in[TR2_NUM_ACTIONS];
    int p = s->turn;
    tr2g_n.secure++;
    if (tr2g_budget_reading(g) && tr2g_zork_player(g, s) == p)
        TR2G_FAIL("raid %d: player %d is asked in phase 4 after his Zork", s->raid, p);
    if (tr2g_kinds(s->up[p]) < 2)
        TR2G_FAIL("raid %d: player %d is asked in phase 4 with %d kinds of chest", s->raid, p,
                  tr2g_kinds(s->up[p]));
    if (tr2g_offered(g, s, TR2_A_SECURE, TR2_A_SECURE + TR2_NKIND, in, err, errlen))
        return -1;
    for (int k = 0; k < TR2_NKIND; k++)
        if (tr2g_compare(g, s, TR2_A_SECURE + k, in[TR2_A_SECURE + k], s->up[p][k] != 0, err,
                         errlen))
            return -1;
    return 0;
}

/* c entered phase 4, or passed it, from an earlier phase: the players it went past were not
 * asked, so each is left with at most one kind (the Zork player zp of a budget reading aside). */
static int tr2g_check_entered_secure(const tafel_game *g, const tr2_state *c, int raid, int zp,
                                     char *err, size_t errlen)
{
    int n = g->num_players;
    if (c->raid != raid || (c->phase != TR2_PH_SECURE && c->phase != TR2_PH_DRAW))
        return 0;
    int auto_players = c->phase == TR2_PH_SECURE ? (c->turn - c->start + n) % n : n;
    for (int i = 0; i < auto_players; i++) {
        int q = (c->start + i) % n;
        if (q == zp && tr2g_budget_reading(g))
            continue;
        if (tr2g_kinds(c->up[q]) > 1)
            TR2G_FAIL("raid %d: player %d was not asked in phase 4, with a choice of chests",
                      raid, q);
    }
    return 0;
}

/* The node c an action led to from the same raid: check it as a decision node. */
static int tr2g_check_node(const tafel_game *g, const tr2_state *c, int down0, char *err,
                           size_t errlen)
{
    switch (c->phase) {
    case TR2_PH_PLAY:
        return tr2g_check_play(g, c, err, errlen);
    case TR2_PH_ZORK:
        return tr2g_check_zork(g, c, down0, err, errlen);
    case TR2_PH_SECURE:
        return tr2g_check_secure(g, c, err, errlen);
    default:
        return 0;
    }
}

/* From phase 2: action a of player p led to c. */
static int tr2g_after_play(const tafel_game *g, const tr2_state *s, int32_t a, const tr2_state *c,
                           char *err, size_t errlen)
{
    int p = s->turn, raid = s->raid, n = g->num_players;
    int opened = tr2g_opened(g, s) || a != TR2_A_PASS;
    if (c->raid != raid)
        return 0; /* whole raids went by without a decision: nothing left to compare */
    /* Players the engine passed for: none of them had a card he may play. */
    for (int q = 0; q < n; q++) {
        if (!(c->passed >> q & 1) || (s->passed >> q & 1) || (q == p && a == TR2_A_PASS))
            continue;
        uint16_t hand = s->hand[q];
        if (q == p) {
            hand &= (uint16_t)~BIT(a < TR2_A_FEIERABEND ? a >> 1 : TR2_SPECIAL);
            if (a >= TR2_A_WIED && a < TR2_A_WIED + 15)
                hand |= BIT(a - TR2_A_WIED);
        }
        if (tr2g_can_play(s, q, hand, opened))
            TR2G_FAIL("raid %d: player %d was passed for in phase 2 with a card he may play",
                      raid, q);
    }
    if (c->phase == TR2_PH_PLAY)
        return tr2g_check_node(g, c, 0, err, errlen);
    int zp = a == TR2_A_ZORK ? p : tr2g_zork_player(g, s), zork = g->params[TR2_P_ZORK];
    if (zp < 0) {
        if (c->phase == TR2_PH_ZORK)
            TR2G_FAIL("raid %d: a Zork decision without Zork", raid);
    } else {
        /* The first Zork point: before the first colour, or after the last (where he surely
         * still holds his chests of the colours nobody played). */
        int played = tr2g_unscored(g, s), any = 0;
        if (a < TR2_A_FEIERABEND)
            played |= 1 << tr2_cards[a >> 1].col[a & 1];
        for (int k = 0; k < TR2_NKIND; k++)
            any |= s->up[zp][k] && (zork == TR2_ZORK_BUDGET_IN || zork == TR2_ZORK_EXTRA_BEFORE ||
                                    !(played >> (k / 3) & 1));
        if (c->phase == TR2_PH_ZORK) {
            /* Nothing scored yet: every card played in phase 2 is still on the table. */
            int first = tr2g_on_table(g, c) == tr2g_on_table(g, s) + (a < TR2_A_FEIERABEND);
            int last = !tr2g_unscored(g, c) && c->special_played == 1 << zp;
            int where = zork == TR2_ZORK_EXTRA_BEFORE ? first
                      : zork == TR2_ZORK_BUDGET_IN    ? first == any
                                                      : last;
            if (c->turn != zp || !where)
                TR2G_FAIL("raid %d: Zork decision of player %d at the wrong point of phase 3",
                          raid, c->turn);
            return tr2g_check_zork(g, c, tr2g_gems_down(s, zp), err, errlen);
        }
        if (any)
            TR2G_FAIL("raid %d: Zork was not asked though player %d held chests that fit", raid,
                      zp);
        if (tr2g_budget_reading(g) && tr2g_gems_down(c, zp) != tr2g_gems_down(s, zp))
            TR2G_FAIL("raid %d: player %d secured chests after his Zork", raid, zp);
    }
    if (tr2g_check_entered_secure(g, c, raid, zp, err, errlen))
        return -1;
    return tr2g_check_node(g, c, 0, err, errlen);
}

/* From a Zork decision: chest set i (action a) led to c. */
static int tr2g_after_zork(const tafel_game *g, const tr2_state *s, int32_t a, const tr2_state *c,
                           int down0, char *err, size_t errlen)
{
    uint8_t count[TR2_NKIND], rest[TR2_NKIND];
    int zp = s->turn, raid = s->raid;
    int gems = tr2g_set(a - TR2_A_ZORKSET, count);
    int budget = TR2_ZORK_GEMS - (tr2g_gems_down(s, zp) - down0) - gems;
    int unscored = tr2g_unscored(g, s), c0 = 0;
    while (c0 < TR2_NCOL && !(unscored >> c0 & 1))
        c0++;
    if (c->raid != raid)
        return 0;
    for (int k = 0; k < TR2_NKIND; k++)
        rest[k] = (uint8_t)(s->up[zp][k] - count[k]);
    /* Only budget_in_scoring has a next point: before the next colour, or after the last. */
    if (g->params[TR2_P_ZORK] == TR2_ZORK_BUDGET_IN && c0 < TR2_NCOL) {
        int must = tr2g_fits(rest, budget, c0);
        if (c->phase == TR2_PH_ZORK) {
            /* Colours are scored in order: c0, then maybe more where nothing fitted (which
             * may not be when he surely had a chest that fits). */
            int left = tr2g_unscored(g, c), scored = unscored & ~left;
            if (c->turn != zp || (left & ~unscored) || !(scored >> c0 & 1) ||
                (left && scored >= 1 << __builtin_ctz((unsigned)left)) ||
                (!left && c->special_played != 1 << zp) || (must && scored != 1 << c0))
                TR2G_FAIL("raid %d: Zork decision at the wrong point of phase 3", raid);
            return tr2g_check_zork(g, c, down0, err, errlen);
        }
        if (must)
            TR2G_FAIL("raid %d: Zork was not asked again though a chest fits %d gems", raid,
                      budget);
    } else if (c->phase == TR2_PH_ZORK) {
        TR2G_FAIL("raid %d: Zork asked again after his last point", raid);
    }
    if (tr2g_budget_reading(g) && tr2g_gems_down(c, zp) != tr2g_gems_down(s, zp) + gems)
        TR2G_FAIL("raid %d: player %d secured chests after his Zork", raid, zp);
    if (tr2g_check_entered_secure(g, c, raid, zp, err, errlen))
        return -1;
    return tr2g_check_node(g, c, down0, err, errlen);
}

/* From phase 4: player p's choice led to c; the players after him until the next one asked
 * (or the end of phase 4) were passed over. */
static int tr2g_after_secure(const tafel_game *g, const tr2_state *s, const tr2_state *c,
                             char *err, size_t errlen)
{
    int n = g->num_players, p = s->turn, raid = s->raid, zp = tr2g_zork_player(g, s);
    if (c->raid != raid)
        return 0;
    int later = (s->start - p - 1 + 2 * n) % n; /* players after him in phase 4 */
    for (int i = 1; i <= later; i++) {
        int q = (p + i) % n;
        if (c->phase == TR2_PH_SECURE && q == c->turn)
            break;
        int kinds = tr2g_kinds(s->up[q]), secured = 0, kind = -1;
        for (int k = 0; k < TR2_NKIND; k++) {
            secured += c->down[q][k] - s->down[q][k];
            kind = s->up[q][k] ? k : kind;
        }
        int want = kinds == 1 && !(q == zp && tr2g_budget_reading(g));
        if (kinds > 1 && !(q == zp && tr2g_budget_reading(g)))
            TR2G_FAIL("raid %d: player %d was not asked in phase 4, with a choice of chests",
                      raid, q);
        if (secured != want || (want && c->down[q][kind] != s->down[q][kind] + 1))
            TR2G_FAIL("raid %d: player %d secured %d chests in phase 4, not %d", raid, q,
                      secured, want);
    }
    return tr2g_check_node(g, c, 0, err, errlen);
}

/* The invariant: checks the node and every step its legal actions enter. */
static int tr2t_gates(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const tr2_state *s = state;
    if (s->phase == TR2_PH_START)
        tr2g_raid = -1;
    if (s->phase == TR2_PH_PLAY) {
        tr2g_raid = s->raid;
        for (int q = 0; q < g->num_players; q++)
            tr2g_down0[q] = tr2g_gems_down(s, q);
    }
    if (s->phase != TR2_PH_PLAY && s->phase != TR2_PH_ZORK && s->phase != TR2_PH_SECURE)
        return 0;
    int down0 = s->phase == TR2_PH_ZORK ? tr2g_down0[s->turn] : 0;
    if (s->phase == TR2_PH_ZORK && tr2g_raid != s->raid)
        TR2G_FAIL("raid %d: a Zork decision without phase 2", s->raid);
    tr2g_n.visited++;
    if (tr2g_check_node(g, s, down0, err, errlen))
        return -1;
    int32_t legal[TR2_MAX_LEGAL];
    int n = tr2g_legal(g, s, legal);
    for (int i = 0; i < n; i++) {
        tr2_state c = *s;
        tr2g_apply(g, &c, legal[i]);
        tr2g_n.successors++;
        int rc = s->phase == TR2_PH_PLAY   ? tr2g_after_play(g, s, legal[i], &c, err, errlen)
                 : s->phase == TR2_PH_ZORK ? tr2g_after_zork(g, s, legal[i], &c, down0, err,
                                                             errlen)
                                           : tr2g_after_secure(g, s, &c, err, errlen);
        if (rc)
            return -1;
    }
    return 0;
}

#endif
