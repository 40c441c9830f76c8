/* tr2_test.h: helpers for the Die Tafelrunde 2 tests: loading, hand-built scenarios, moves. */
#ifndef TR2_TEST_H
#define TR2_TEST_H

#include "check.h"

#include <stdio.h>
#include <string.h>

#include "games/tafelrunde2/tr2.h"

/* Card ids as printed (rogue * 5 + number). */
enum {
    RED7, RED5_BLUE2, RED4_BLUE3, RED3_BLUE4, RED2_BLUE5,
    BLUE7, BLUE5_YELLOW2, BLUE4_YELLOW3, BLUE3_YELLOW4, BLUE2_YELLOW5,
    YELLOW7, YELLOW5_RED2, YELLOW4_RED3, YELLOW3_RED4, YELLOW2_RED5,
};
/* Chest kinds. */
enum { RED2, RED3, RED4, BLUE2, BLUE3, BLUE4, YELLOW2, YELLOW3, YELLOW4 };

#define BIT(c) ((uint16_t)(1u << (c)))

/* A state at the start of phase 2 with empty hands, every other card in the draw piles, no
 * chests anywhere but the pile; seat p holds special card p. Tests then set hands and chests. */
static inline void tr2t_scenario(const tafel_game *g, tr2_state *s, int start)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < TR2_NKIND; k++)
        s->pile[k] = tr2_chest_count[k];
    for (int p = 0; p < g->num_players; p++) {
        s->draw[p] = 0xffff;
        s->special[p] = (uint8_t)p;
    }
    s->special_public = 0xf;
    s->start = (uint8_t)start;
    s->raid = 1;
    tr2_begin_play(g, s);
}

/* Move cards from the draw pile into p's hand. */
static inline void tr2t_give(tr2_state *s, int p, uint16_t cards)
{
    s->draw[p] &= (uint16_t)~cards;
    s->hand[p] |= cards;
}

/* Move a chest from the pile to a place (centre when p < 0). */
static inline void tr2t_chest(tr2_state *s, int p, int kind, int face_down)
{
    s->pile[kind]--;
    if (p < 0)
        s->centre[kind]++;
    else if (face_down)
        s->down[p][kind]++;
    else
        s->up[p][kind]++;
}

/* Apply a move by its notation; fails the test if it is not legal. */
static inline void tr2t_do(const tafel_game *g, tr2_state *s, const char *text)
{
    int32_t a;
    char err[TAFEL_ERR_LEN];
    if (tafel_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
}

/* 1 if the move (notation) is legal here. */
static inline int tr2t_legal(const tafel_game *g, const tr2_state *s, const char *text)
{
    int32_t a;
    char err[TAFEL_ERR_LEN];
    return tafel_text_to_action(g, s, text, &a, err, sizeof err) == 0;
}

#endif
