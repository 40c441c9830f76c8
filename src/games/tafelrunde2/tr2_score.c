/* tr2_score.c: Die Tafelrunde 2 results: gems, the hand-card tie-break, a heuristic estimate. */
#include <string.h>

#include "games/tafelrunde2/tr2.h"

void tr2_scores(const tafel_game *g, const void *state, int *out)
{
    const tr2_state *s = state;
    for (int p = 0; p < g->num_players; p++)
        out[p] = tr2_gems_down(s, p);
}

/* Most face-down gems; then more hand cards; then a shared win [D-8]. */
void tr2_returns(const tafel_game *g, const void *state, double *out)
{
    const tr2_state *s = state;
    int n = g->num_players, key[TR2_MAXP], best = -1, nbest = 0;
    for (int p = 0; p < n; p++) {
        out[p] = 0;
        key[p] = tr2_gems_down(s, p) * 32 + tr2_popcount(s->hand[p]);
        if (key[p] > best) {
            best = key[p];
            nbest = 1;
        } else if (key[p] == best) {
            nbest++;
        }
    }
    if (s->phase != TR2_PH_END)
        return;
    for (int p = 0; p < n; p++)
        out[p] = key[p] == best ? 1.0 / nbest : 0;
}

/* The most gems Zork can still secure from p's face-up chests. */
static int tr2_zork_best(const tr2_state *s, int p)
{
    int best = 0;
    for (int i = 0; i < TR2_NZORK; i++) {
        const uint8_t *z = tr2_zork_sets[i];
        int ok = 1, gems = tr2_zork_set_gems(i);
        for (int j = 0; j < 3 && z[j] != 0xff; j++) {
            int mult = 1 + (j > 0 && z[j - 1] == z[j]) + (j > 1 && z[j - 2] == z[j]);
            ok &= s->up[p][z[j]] >= mult;
        }
        if (ok && gems <= s->zork_left && gems > best)
            best = gems;
    }
    return best;
}

/* Secured gems, plus a share of the face-up chests a player holds (he secures one per raid and
 * may lose the rest), of the centre, and of his hand (strength to come, and the tie-break).
 * During phase 2 and Zork's decisions the colours still on the table are scored as if now, so
 * that playing a card that wins a colour shows in the estimate. Where Zork takes the place of the
 * phase-4 chest, its player counts what his budget can still secure instead. */
void tr2_evaluate(const tafel_game *g, const void *state, double *out)
{
    tr2_state t;
    memcpy(&t, state, sizeof t);
    const tr2_state *s = &t;
    int n = g->num_players, centre = 0;
    if (t.phase == TR2_PH_PLAY || t.phase == TR2_PH_ZORK)
        tr2_score_all(g, &t);
    for (int k = 0; k < TR2_NKIND; k++)
        centre += s->centre[k] * tr2_chest_gems(k);
    for (int p = 0; p < n; p++) {
        double v = tr2_gems_down(s, p);
        if (s->phase != TR2_PH_END) {
            int best = 0, rest = 0;
            for (int k = 0; k < TR2_NKIND; k++) {
                if (!s->up[p][k])
                    continue;
                best = tr2_chest_gems(k) > best ? tr2_chest_gems(k) : best;
                rest += s->up[p][k] * tr2_chest_gems(k);
            }
            if (s->zork == p + 1 && tr2_zork_replaces_secure(g))
                best = s->phase == TR2_PH_PLAY || s->phase == TR2_PH_ZORK ? tr2_zork_best(s, p)
                                                                          : 0;
            v += 0.9 * best + 0.35 * (rest - best) + 0.25 * centre / n;
            v += 0.3 * tr2_popcount(s->hand[p]);
        }
        out[p] = v;
    }
}
