/* tr2_info.c: Die Tafelrunde 2 hidden information: what each seat sees, its hash, resampling.
 *
 * Hidden: other players' hand cards (except those everyone saw enter the hand [D-10]), the order
 * of draw piles and of the chest pile (never stored: draws are chance nodes). Chest values are
 * public [D-9]. With fewer than 4 players the special cards in play are drawn at random and in
 * secret, so another player's special card is hidden until he plays it (the spec does not make
 * the draw public); with 4 players seat p holds set p and every special card is public. */
#include <jansson.h>
#include <string.h>

#include "games/tafelrunde2/tr2.h"

/* Players whose special card has been dealt (the first ones during setup). */
static int tr2_dealt(const tafel_game *g, const tr2_state *s)
{
    if (s->phase == TR2_PH_START)
        return 0;
    return s->phase == TR2_PH_SPECIALS ? s->turn : g->num_players;
}

/* The state with everything viewer cannot see blanked out, plus hidden counts. */
static void tr2_mask(const tafel_game *g, const tr2_state *s, int viewer, tr2_state *m,
                     uint8_t *counts)
{
    memcpy(m, s, sizeof *m);
    for (int q = 0; q < g->num_players; q++) {
        counts[2 * q] = (uint8_t)tr2_popcount(s->hand[q]);
        counts[2 * q + 1] = (uint8_t)tr2_popcount(s->draw[q]);
        if (q >= tr2_dealt(g, s))
            m->special[q] = 0xff;
        if (q == viewer)
            continue;
        m->hand[q] = s->hand[q] & s->known[q];
        m->draw[q] = 0;
        if (!(s->special_public >> q & 1))
            m->special[q] = 0xff;
    }
}

uint64_t tr2_info_hash(const tafel_game *g, const void *state, int viewer)
{
    tr2_state m;
    uint8_t counts[2 * TR2_MAXP] = {0};
    tr2_mask(g, state, viewer, &m, counts);
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(viewer + 1);
    const uint8_t *b = (const uint8_t *)&m;
    for (size_t i = 0; i < sizeof m; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    for (size_t i = 0; i < sizeof counts; i++)
        h = (h ^ counts[i]) * 1099511628211ull;
    return h;
}

static json_t *tr2_cards_json(uint16_t mask, int special_kind)
{
    json_t *a = json_array();
    char name[32];
    for (int c = 0; c < TR2_NCARDS; c++) {
        if (!(mask >> c & 1))
            continue;
        tr2_card_name(c, special_kind, name, sizeof name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

static json_t *tr2_chests_json(const uint8_t *kinds)
{
    json_t *a = json_array();
    char name[16];
    for (int k = 0; k < TR2_NKIND; k++)
        for (int i = 0; i < kinds[k]; i++) {
            snprintf(name, sizeof name, "%s%d", tr2_colour_names[tr2_chest_col(k)],
                     tr2_chest_gems(k));
            json_array_append_new(a, json_string(name));
        }
    return a;
}

static const char *const tr2_phase_names[] = {"setup", "setup", "deal",   "reveal", "play",
                                             "zork",  "secure", "draw", "end"};

json_t *tr2_view_json(const tafel_game *g, const void *state, int viewer)
{
    tr2_state m;
    uint8_t counts[2 * TR2_MAXP] = {0};
    tr2_mask(g, state, viewer, &m, counts);
    const tr2_state *s = &m;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(tr2_phase_names[s->phase]));
    json_object_set_new(v, "raid", json_integer(s->raid));
    json_object_set_new(v, "start_player", json_integer(s->start));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "left", json_integer(s->left));
    json_object_set_new(v, "done", json_integer(s->done));
    json_object_set_new(v, "cards_played", json_integer(s->nplayed));
    /* [D-7] what Zork may still secure this raid, and where phase 3 stands when he decides */
    json_object_set_new(v, "zork_budget", s->zork ? json_integer(s->zork_left) : json_null());
    json_object_set_new(v, "next_colour",
                        s->phase == TR2_PH_ZORK && s->scoring < TR2_NCOL
                            ? json_string(tr2_colour_names[s->scoring])
                            : json_null());
    json_object_set_new(v, "centre", tr2_chests_json(s->centre));
    json_object_set_new(v, "chest_pile", tr2_chests_json(s->pile));
    json_t *players = json_array();
    for (int p = 0; p < g->num_players; p++) {
        json_t *o = json_object();
        int kind = s->special[p];
        if (p == viewer) {
            json_object_set_new(o, "hand", tr2_cards_json(s->hand[p], kind));
            json_object_set_new(o, "draw_pile", tr2_cards_json(s->draw[p], kind));
        } else {
            json_object_set_new(o, "hand_size", json_integer(counts[2 * p]));
            json_object_set_new(o, "known_hand", tr2_cards_json(s->hand[p], kind));
        }
        json_object_set_new(o, "draw_size", json_integer(counts[2 * p + 1]));
        json_object_set_new(o, "discard", tr2_cards_json(s->disc[p], kind));
        json_object_set_new(o, "special",
                            kind == 0xff ? json_null() : json_string(tr2_special_names[kind]));
        json_t *played = json_object();
        for (int c = 0; c < TR2_NCOL; c++)
            json_object_set_new(played, tr2_colour_names[c], tr2_cards_json(s->pmask[p][c], kind));
        json_object_set_new(o, "played", played);
        json_object_set_new(o, "special_played", json_boolean(s->special_played >> p & 1));
        json_object_set_new(o, "warning", s->warn[p] ? json_string(tr2_colour_names[s->warn[p] - 1])
                                                     : json_null());
        json_object_set_new(o, "zork", json_boolean(s->zork == p + 1));
        json_object_set_new(o, "passed", json_boolean(s->passed >> p & 1));
        json_object_set_new(o, "face_up", tr2_chests_json(s->up[p]));
        json_object_set_new(o, "face_down", tr2_chests_json(s->down[p]));
        json_object_set_new(o, "gems", json_integer(tr2_gems_down(s, p)));
        json_array_append_new(players, o);
    }
    json_object_set_new(v, "players", players);
    return v;
}

void tr2_resample(const tafel_game *g, void *state, int viewer, tafel_rng *rng)
{
    tr2_state *s = state;
    int n = g->num_players;
    /* Unknown hand cards and the draw pile of another player form one pool: deal it afresh. */
    for (int q = 0; q < n; q++) {
        if (q == viewer)
            continue;
        uint16_t unknown = s->hand[q] & (uint16_t)~s->known[q];
        uint16_t pool = unknown | s->draw[q];
        int cards[TR2_NCARDS], m = 0, h = tr2_popcount(unknown);
        for (int c = 0; c < TR2_NCARDS; c++)
            if (pool >> c & 1)
                cards[m++] = c;
        uint16_t hand = 0;
        for (int i = 0; i < h; i++) {
            int j = i + (int)tafel_rng_below(rng, (uint32_t)(m - i));
            int t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
            hand |= (uint16_t)(1u << cards[i]);
        }
        s->hand[q] = (s->hand[q] & s->known[q]) | hand;
        s->draw[q] = pool & (uint16_t)~hand;
    }
    /* Secret special cards: redistribute the kinds the viewer cannot place. */
    int free_kinds[4], nf = 0, used = 0, hidden[TR2_MAXP], nh = 0;
    for (int q = 0; q < tr2_dealt(g, s); q++) {
        if (q == viewer || (s->special_public >> q & 1))
            used |= 1 << s->special[q];
        else
            hidden[nh++] = q;
    }
    if (!nh)
        return;
    for (int k = 0; k < 4; k++)
        if (!(used >> k & 1))
            free_kinds[nf++] = k;
    for (int i = 0; i < nh; i++) {
        int j = i + (int)tafel_rng_below(rng, (uint32_t)(nf - i));
        int t = free_kinds[i];
        free_kinds[i] = free_kinds[j];
        free_kinds[j] = t;
        s->special[hidden[i]] = (uint8_t)free_kinds[i];
    }
}
