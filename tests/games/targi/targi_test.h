/* targi_test.h: helpers shared by the Targi tests: scripted setup, actions by notation, and
 * hand-built positions. */
#ifndef TARGI_TEST_H
#define TARGI_TEST_H

#include "check.h"

#include <stdio.h>
#include <string.h>

#include "games/games.h"
#include "games/targi/targi_state.h"

static inline void tgt_load(tafel_game *g, const char *params)
{
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load_type(g, &tafel_game_targi, params, err, sizeof err))
        fail_msg("cannot load targi(%s): %s", params, err);
}

/* Apply an action given by its notation; fails the test if it does not parse or is illegal. */
static inline void tgt_do(const tafel_game *g, targi_state *s, const char *text)
{
    char err[TAFEL_ERR_LEN];
    int32_t a;
    if (tafel_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
}

/* 1 if the notation names a legal action here. */
static inline int tgt_legal(const tafel_game *g, const targi_state *s, const char *text)
{
    char err[TAFEL_ERR_LEN];
    int32_t a;
    return tafel_text_to_action(g, s, text, &a, err, sizeof err) == 0;
}

static inline int tgt_nlegal(const tafel_game *g, const targi_state *s)
{
    int32_t out[TG_MAX_LEGAL];
    return targi_legal_actions(g, s, out);
}

/* Card id from its label ("O3"). */
static inline int tgt_card(const char *label)
{
    for (int c = 0; c < TG_NTRIBE; c++)
        if (!strcmp(targi_tribe[c].label, label))
            return c;
    fail_msg("no tribe card %s", label);
    return -1;
}

static inline int tgt_goods(const char *label)
{
    for (int t = 0; t < TG_NGOODS_TYPES; t++)
        if (!strcmp(targi_goods[t].label, label))
            return t;
    fail_msg("no goods card %s", label);
    return -1;
}

/* Deal the centre (goods cards for (1,1),(1,3),(2,2),(3,1),(3,3), tribe cards for
 * (1,2),(2,1),(2,3),(3,2)) and choose the start player (0 or 1): round 1, placing. */
static inline void tgt_setup(const tafel_game *g, targi_state *s, const char *const goods[5],
                             const char *const tribe[4], int start)
{
    char t[64];
    targi_init(g, s);
    for (int c = 0, gi = 0, ti = 0; c < 9; c++) {
        snprintf(t, sizeof t, "draw %s", (c & 1) ? tribe[ti++] : goods[gi++]);
        tgt_do(g, s, t);
    }
    snprintf(t, sizeof t, "player %d starts", start);
    tgt_do(g, s, t);
}

/* A standard layout: goods G1 G2 G3 G4 G11, tribe C1 W1 T1 A1. */
static inline void tgt_setup_std(const tafel_game *g, targi_state *s, int start)
{
    static const char *const goods[5] = {"G1", "G2", "G3", "G4", "G11"};
    static const char *const tribe[4] = {"C1", "W1", "T1", "A1"};
    tgt_setup(g, s, goods, tribe, start);
}

/* The scenario layout: goods G4 G2 G3 G1 G11 (G4 on the first goods space), tribe C1 W1 T1 A1. */
static inline void tgt_setup_g4_first(const tafel_game *g, targi_state *s, int start)
{
    static const char *const goods[5] = {"G4", "G2", "G3", "G1", "G11"};
    static const char *const tribe[4] = {"C1", "W1", "T1", "A1"};
    tgt_setup(g, s, goods, tribe, start);
}

/* Place Targi by border numbers, in turn order (the list alternates as the rules do). */
static inline void tgt_place(const tafel_game *g, targi_state *s, const int *borders, int n)
{
    char t[32];
    for (int i = 0; i < n; i++) {
        snprintf(t, sizeof t, "targi %d", borders[i]);
        tgt_do(g, s, t);
    }
}

/* Put a tribe card into p's display at the end of row r without paying (no immediate ability).
 * The card leaves the tribe deck. */
static inline void tgt_give(targi_state *s, int p, const char *label, int row)
{
    int c = tgt_card(label);
    targi_player *pl = &s->pl[p];
    assert_true(pl->rowlen[row] < 4);
    pl->disp[row * 4 + pl->rowlen[row]++] = (uint8_t)c;
    pl->ncards++;
    pl->owned |= 1ull << c;
    s->tdeck &= ~(1ull << c);
}

static inline void tgt_set_goods(targi_state *s, int p, int d, int sa, int pe, int gold)
{
    s->pl[p].goods[0] = (uint8_t)d;
    s->pl[p].goods[1] = (uint8_t)sa;
    s->pl[p].goods[2] = (uint8_t)pe;
    s->pl[p].gold = (uint8_t)gold;
}

/* Put card into p's hand as if taken in an earlier round (visible). */
static inline void tgt_hand(targi_state *s, int p, const char *label)
{
    int c = tgt_card(label);
    s->pl[p].hand = (uint8_t)c;
    s->pl[p].hand_round = 0;
    s->pl[p].hand_secret = 0;
    s->tdeck &= ~(1ull << c);
}

/* One step of a dull scripted policy: chance takes its first outcome, the action phase ends at
 * once, every other decision takes its first legal action. */
static inline void tgt_step(const tafel_game *g, targi_state *s)
{
    int p = targi_current_player(g, s);
    assert_true(p != TAFEL_TERMINAL);
    int32_t a;
    if (p == TAFEL_CHANCE) {
        tafel_chance ch[TG_MAX_LEGAL];
        assert_true(targi_chance_outcomes(g, s, ch) > 0);
        a = ch[0].action;
    } else {
        int32_t out[TG_MAX_LEGAL];
        int n = targi_legal_actions(g, s, out);
        assert_true(n > 0);
        a = out[0];
        for (int i = 0; i < n; i++)
            if (out[i] == TG_A_END)
                a = TG_A_END;
    }
    char err[TAFEL_ERR_LEN];
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("scripted step: %s", err);
}

/* Run the dull policy until round r's placement begins (or the game ends). */
static inline void tgt_run_to_place(const tafel_game *g, targi_state *s, int r)
{
    for (int i = 0; i < 100000; i++) {
        if (s->stage == TG_ST_OVER || (s->round == r && s->stage == TG_ST_PLACE && !s->chance &&
                                       s->pl[0].ntargi == 0 && s->pl[1].ntargi == 0))
            return;
        tgt_step(g, s);
    }
    fail_msg("round %d not reached", r);
}

static inline int tgt_cell(int row, int col)
{
    return (row - 1) * 3 + (col - 1);
}

#endif
