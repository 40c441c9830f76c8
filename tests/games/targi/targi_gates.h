/* targi_gates.h: the gate check, an invariant for random games: a choice of the action phase that
 * opens a step (a Targi's card, a marker, the hand card, a drawn or marked tribe card) is offered
 * if and only if that step has something to do, and a phase ends by itself exactly when only
 * "end" is left. The offer comes from legal_actions; the other side is worked out apart from it,
 * from the spec's conditions and by applying the choice with the raw apply to a copy. */
#ifndef TARGI_GATES_H
#define TARGI_GATES_H

#include "targi_test.h"

/* What the check has looked at (summed over all calls). */
typedef struct tgt_gate_counts {
    long long states;    /* states seen */
    long long positions; /* states with a gate: top level of the action phase, or a tribe card */
    long long choices;   /* choices possible by the spec's conditions, each compared */
    long long gated_off; /* of those, refused because their step had nothing to do */
    long long phases;    /* variants with fewer open sources, compared for the end of a phase */
} tgt_gate_counts;

static tgt_gate_counts tgt_gates;

static int gate_in(const int32_t *out, int n, int32_t a)
{
    for (int i = 0; i < n; i++)
        if (out[i] == a)
            return 1;
    return 0;
}

/* The marker slot of p still to resolve on cell c, or -1. */
static int gate_open_marker(const targi_player *pl, int c)
{
    for (int k = 0; k < pl->nmarker; k++)
        if (pl->marker[k] == c && (pl->src & TG_SRC_MARKER(k)))
            return k;
    return -1;
}

/* Whether the spec lets the player to move take top-level choice a at all, before asking if its
 * step has anything to do: the source is still open ([D-23]), the hand card is from an earlier
 * round ([D-2]), a Fata Morgana target is face up, unmarked and holds a card ([D-7]), a tribe
 * card may go to an empty hand only and be discarded under kosmos only from a full hand ([D-1]).
 * The Noble and Fata Morgana are used through their choices, never as "use 1" or "use 9". */
static int gate_allowed(const tafel_game *g, const targi_state *s, int a)
{
    const targi_player *pl = &s->pl[s->turn];
    int hand_ok = pl->hand != TG_NONE && pl->hand_round < s->round;
    if (a >= TG_A_USE && a < TG_A_USE + 17) {
        int b = a - TG_A_USE;
        return b >= 1 && b <= 15 && !targi_corner(b) && b != 1 && b != 9 &&
               (pl->open_targi >> b & 1);
    }
    if (a == TG_A_NOBLE_PLAY || a == TG_A_NOBLE_DISCARD)
        return (pl->open_targi >> 1 & 1) && hand_ok;
    if (a == TG_A_W8)
        return targi_owns(pl, C_W8) && !pl->w8_used && hand_ok;
    if (a == TG_A_END)
        return 1;
    if (a >= TG_A_FATA && a < TG_A_TAKE) {
        int from = (a - TG_A_FATA) / 9, to = (a - TG_A_FATA) % 9;
        return (pl->open_targi >> 9 & 1) && gate_open_marker(pl, from) >= 0 && to != from &&
               !s->cell_down[to] && s->cell_mark[to] < 0 && s->cell_card[to] != TG_NONE;
    }
    int c = (a - TG_A_TAKE) % 9;
    if (gate_open_marker(pl, c) < 0)
        return 0;
    int tribe = s->cell_kind[c] == TG_KIND_TRIBE;
    if (a < TG_A_BUY)
        return !tribe;
    if (a < TG_A_HAND)
        return tribe;
    if (a < TG_A_DISCARD)
        return tribe && pl->hand == TG_NONE;
    return tribe && (g->params[TG_PARAM_TRIBE_RULE] == TG_RULE_AUTHOR || pl->hand != TG_NONE);
}

/* The step is over (or never began: an immediate choice, a draw, the end of the phase). */
static int gate_step_done(const targi_state *t, int p)
{
    return t->chance || t->stage != TG_ST_ACT || t->turn != p || t->pend == TG_P_NONE;
}

/* Whether the step t has entered (after a choice of player p) has something to do: a legal
 * action other than leaving it ("done" at the Trader, "leave" at a marked tribe card), after
 * which the game can go on (a payment must leave a display row for the card). */
static int gate_step_open(const tafel_game *g, const targi_state *t, int p)
{
    if (gate_step_done(t, p))
        return 1;
    int32_t out[TG_MAX_LEGAL], next[TG_MAX_LEGAL];
    int n = targi_legal_actions(g, t, out);
    for (int i = 0; i < n; i++) {
        if ((out[i] == TG_A_DONE && t->pend == TG_P_TRADE) || out[i] == TG_A_TRIBE_LEAVE)
            continue;
        targi_state u = *t;
        targi_apply(g, &u, out[i]);
        if (gate_step_done(&u, p) || targi_legal_actions(g, &u, next) > 0)
            return 1;
    }
    return 0;
}

/* Compare one choice: offered iff allowed and its step has something to do. */
static int gate_compare(const tafel_game *g, const targi_state *s, const int32_t *legal, int n,
                        int32_t a, int allowed, char *err, size_t errlen)
{
    int offered = gate_in(legal, n, a), open = 0;
    if (allowed) {
        targi_state t = *s;
        targi_apply(g, &t, a);
        open = gate_step_open(g, &t, s->turn);
        tgt_gates.choices++;
        tgt_gates.gated_off += !open;
    }
    if (offered == (allowed && open))
        return 0;
    char text[TAFEL_TEXT_LEN];
    targi_action_to_text(g, s, a, text, sizeof text);
    snprintf(err, errlen, "gate: '%s' (%d) %s, but %s", text, a,
             offered ? "offered" : "not offered",
             !allowed ? "the rules do not allow it here"
             : open   ? "its step has something to do"
                      : "its step has nothing to do");
    return -1;
}

/* The action phase ends by itself (targi_continue) exactly when "end" is all that is left: for
 * every subset of the open sources (Targi, markers, W8) of a top-level position. */
static int gate_check_phase_end(const tafel_game *g, const targi_state *s, char *err,
                                size_t errlen)
{
    const targi_player *pl = &s->pl[s->turn];
    int bits[6], nb = 0;
    for (int b = 1; b < 16; b++)
        if (pl->open_targi >> b & 1)
            bits[nb++] = b;
    for (int k = 0; k < pl->nmarker; k++)
        if (pl->src & TG_SRC_MARKER(k))
            bits[nb++] = 16 + k;
    if (targi_owns(pl, C_W8) && !pl->w8_used)
        bits[nb++] = 18;
    /* s itself was left open by targi_continue */
    int32_t top[TG_MAX_LEGAL];
    int ntop = targi_legal_actions(g, s, top);
    if (ntop == 1 && top[0] == TG_A_END) {
        snprintf(err, errlen, "gate: the phase stays open, but only 'end' is left");
        return -1;
    }
    for (unsigned m = 0; m < 1u << nb; m++) {
        targi_state t = *s;
        targi_player *tp = &t.pl[t.turn];
        for (int i = 0; i < nb; i++) {
            if (m >> i & 1)
                continue;
            if (bits[i] < 16)
                tp->open_targi &= (uint16_t)~(1u << bits[i]);
            else if (bits[i] < 18)
                tp->src &= (uint8_t)~TG_SRC_MARKER(bits[i] - 16);
            else
                tp->w8_used = 1;
        }
        int32_t out[TG_MAX_LEGAL];
        int n = targi_legal_actions(g, &t, out), more = 0;
        for (int i = 0; i < n; i++)
            more |= out[i] != TG_A_END;
        if (!gate_in(out, n, TG_A_END)) {
            snprintf(err, errlen, "gate: 'end' not offered");
            return -1;
        }
        targi_continue(g, &t);
        int ended = t.stage != TG_ST_ACT || t.turn != s->turn;
        tgt_gates.phases++;
        if (ended == !more)
            continue;
        snprintf(err, errlen, "gate: with open sources %x of %d the phase %s, but %s", m, nb,
                 ended ? "ends by itself" : "stays open",
                 more ? "there is more than 'end' to do" : "only 'end' is left");
        return -1;
    }
    return 0;
}

/* The invariant: the gates of the position to move, if it has any. */
static int tgt_gate_check(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const targi_state *s = state;
    tgt_gates.states++;
    if (s->chance || s->stage != TG_ST_ACT)
        return 0;
    const targi_player *pl = &s->pl[s->turn];
    int32_t legal[TG_MAX_LEGAL];
    int n = targi_legal_actions(g, s, legal);
    if (s->pend == TG_P_NONE) {
        tgt_gates.positions++;
        for (int32_t a = TG_A_USE; a < TG_A_CHOOSE; a++) {
            if (a == TG_A_END)
                continue;
            if (gate_compare(g, s, legal, n, a, gate_allowed(g, s, a), err, errlen))
                return -1;
        }
        for (int i = 0; i < n; i++)
            if (legal[i] < TG_A_USE || legal[i] >= TG_A_CHOOSE) {
                snprintf(err, errlen, "gate: action %d is no top-level choice", legal[i]);
                return -1;
            }
        return gate_check_phase_end(g, s, err, errlen);
    }
    if (s->pend != TG_P_TRIBE)
        return 0;
    /* a drawn card, or a marked one reached by Fata Morgana ([D-1], [D-3]) */
    tgt_gates.positions++;
    int author = g->params[TG_PARAM_TRIBE_RULE] == TG_RULE_AUTHOR;
    int allowed[4] = {1, pl->hand == TG_NONE, author || pl->hand != TG_NONE,
                      s->pend_cell != TG_NONE};
    for (int k = 0; k < 4; k++)
        if (gate_compare(g, s, legal, n, TG_A_TRIBE_BUY + k, allowed[k], err, errlen))
            return -1;
    if (n > 4 || legal[0] < TG_A_TRIBE_BUY || legal[n - 1] > TG_A_TRIBE_LEAVE) {
        snprintf(err, errlen, "gate: a tribe card with other choices");
        return -1;
    }
    return 0;
}

#endif
