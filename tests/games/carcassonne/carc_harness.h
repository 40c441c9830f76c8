/* carc_harness.h: scenario helpers for the Carcassonne tests: play scripted tile steps. */
#ifndef CARC_HARNESS_H
#define CARC_HARNESS_H

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/games.h"

static inline void carc_h_load(tafel_game *g, const char *params)
{
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load_type(g, &tafel_game_carcassonne, params, err, sizeof err))
        fail_msg("load %s: %s", params, err);
}

static inline void carc_h_apply(const tafel_game *g, carc_state *s, int32_t a)
{
    char err[TAFEL_ERR_LEN];
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("action %d refused: %s", a, err);
}

/* New game with start player 0. */
static inline void carc_h_init(const tafel_game *g, carc_state *s)
{
    tafel_game_carcassonne.init(g, s);
    carc_h_apply(g, s, CARC_A_START + 0);
}

/* Draw kind for the current step (player p's turn). */
static inline void carc_h_draw(const tafel_game *g, carc_state *s, int p, const char *kind)
{
    if (p >= 0)
        carc_set_turn(g, s, p);
    int k = carc_kind_by_name(kind);
    assert_true(k >= 0);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    carc_h_apply(g, s, CARC_A_DRAW + k);
}

/* Placement (after a draw or a pick) and deployment: fol NULL = none; "L city:N" = large. */
static inline void carc_h_place(const tafel_game *g, carc_state *s, int x, int y, int r, const char *fol)
{
    carc_h_apply(g, s, carc_place_action(x, y, r));
    if (s->phase != CARC_PH_FOLLOW) {
        if (fol)
            fail_msg("no deployment possible for %s", fol);
        return;
    }
    int32_t a = CARC_A_NOFOLLOW;
    if (fol) {
        int large = !strncmp(fol, "L ", 2);
        a = carc_follower_action(s, fol + (large ? 2 : 0), large);
        if (a < 0)
            fail_msg("no feature %s", fol);
    }
    carc_h_apply(g, s, a);
}

/* One tile step for player p: draw kind, place it, deploy. */
static inline void carc_h_step(const tafel_game *g, carc_state *s, int p, const char *kind, int x,
                        int y, int r, const char *fol)
{
    carc_h_draw(g, s, p, kind);
    carc_h_place(g, s, x, y, r, fol);
}

static inline int carc_h_is_legal(const tafel_game *g, const carc_state *s, int32_t a)
{
    return tafel_is_legal(g, s, a);
}

#endif
