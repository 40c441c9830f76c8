/* tr2.h: Die Tafelrunde 2 internals shared by the engine files and the tests (state, ids, data). */
#ifndef TR2_H
#define TR2_H

#include <stdint.h>

#include "tafel/game.h"

#define TR2_MAXP 4
#define TR2_NCOL 3      /* red, blue, yellow */
#define TR2_NROGUE 15   /* rogue cards per player: ids 0..14 */
#define TR2_SPECIAL 15  /* card id 15: the player's special card */
#define TR2_NCARDS 16
#define TR2_NKIND 9     /* chest kinds: colour * 3 + (gems - 2) */
#define TR2_NZORK 50    /* chest sets of at most 6 gems (incl. the empty set) */
#define TR2_ROGUE_MASK 0x7fffu

enum { TR2_RED, TR2_BLUE, TR2_YELLOW };
/* special kinds; TR2_SPECIAL_UNKNOWN draws a special whose kind the viewer does not know */
enum { TR2_FEIERABEND, TR2_WARNUNG, TR2_WIEDERBELEBUNG, TR2_ZORK, TR2_SPECIAL_UNKNOWN };

/* Parameter indices (order of tr2_params). */
enum { TR2_P_BONUS_NEEDS_CARD, TR2_P_WARNING_PROTECTS_TIE, TR2_P_ZORK };
/* [D-7] readings of Zork (parameter zork). BUDGET: 6 gems in all over phase 3 (before each
 * colour and after the last, or only after the last), instead of his phase-4 chest. EXTRA: up to
 * 6 gems once, after or before the colours are scored, on top of the phase-4 chest. */
enum { TR2_ZORK_BUDGET_IN, TR2_ZORK_BUDGET_AFTER, TR2_ZORK_EXTRA_AFTER, TR2_ZORK_EXTRA_BEFORE };
#define TR2_ZORK_GEMS 6

/* Action ids. */
enum {
    TR2_A_CARD = 0,          /* + card * 2 + side (side 1: the opposite bar) */
    TR2_A_FEIERABEND = 30,
    TR2_A_ZORK = 31,
    TR2_A_WIED = 32,         /* + card 0..14 taken back, + 15: take none */
    TR2_A_WARN = 48,         /* + colour */
    TR2_A_PASS = 51,
    TR2_A_SECURE = 52,       /* + chest kind */
    TR2_A_ZORKSET = 61,      /* + index into tr2_zork_sets */
    TR2_A_START = 111,       /* chance: + start player */
    TR2_A_SPECIAL = 115,     /* chance: + special kind for the player being dealt a set */
    TR2_A_DRAW = 119,        /* chance: + card 0..15 */
    TR2_A_REVEAL = 135,      /* chance: + chest kind */
    TR2_NUM_ACTIONS = 144,
    TR2_MAX_LEGAL = 64,
};

typedef enum {
    TR2_PH_START,    /* chance: start player */
    TR2_PH_SPECIALS, /* chance: special card of player `turn` (fewer than 4 players) */
    TR2_PH_DEAL,     /* chance: player `turn` draws, `left` cards to go (setup) */
    TR2_PH_REVEAL,   /* chance: reveal a chest (phase 1) */
    TR2_PH_PLAY,     /* player `turn` plays or passes (phase 2) */
    TR2_PH_ZORK,     /* the Zork player chooses chests to secure */
    TR2_PH_SECURE,   /* player `turn` secures one face-up chest (phase 4) */
    TR2_PH_DRAW,     /* chance: player `turn` draws, `left` cards to go (phase 5) */
    TR2_PH_END,
} tr2_phase;

/* Cards of a player are bits of a 16-bit mask (bit 15: his special card). Chests are counts per
 * kind. Draw piles and the chest pile hold no order: each draw or reveal is a chance node. */
typedef struct tr2_state {
    uint16_t hand[TR2_MAXP];
    uint16_t draw[TR2_MAXP];          /* face-down draw pile */
    uint16_t disc[TR2_MAXP];          /* face-up discards under the draw pile */
    uint16_t known[TR2_MAXP];         /* hand cards everyone knows are there (D-10) */
    uint16_t pmask[TR2_MAXP][TR2_NCOL]; /* rogue cards played this raid, by chosen colour */
    uint8_t pstr[TR2_MAXP][TR2_NCOL]; /* their summed values */
    uint8_t centre[TR2_NKIND];
    uint8_t up[TR2_MAXP][TR2_NKIND];  /* face-up chests in front of a player */
    uint8_t down[TR2_MAXP][TR2_NKIND];/* secured (face-down) chests */
    uint8_t pile[TR2_NKIND];          /* face-down chest pile */
    uint8_t special[TR2_MAXP];        /* kind of each player's card 15 */
    uint8_t special_public;           /* bit p: everyone knows player p's special kind */
    uint8_t special_played;           /* bit p: p's special lies played this raid */
    uint8_t warn[TR2_MAXP];           /* Letzte Warnung: colour + 1, 0 none */
    uint8_t zork;                     /* player who played Zork + 1, 0 none */
    uint8_t zork_left;                /* gems Zork may still secure this raid */
    uint8_t scoring;                  /* phase 3: next colour to score (TR2_NCOL: all done) */
    uint8_t phase, start, turn, left;
    uint8_t passed;                   /* bit p: passed in phase 2 */
    uint8_t nplayed;                  /* cards played in this phase 2 */
    uint8_t done;                     /* PLAY: someone acted; SECURE/DEAL/DRAW: players done */
    uint8_t raid;
} tr2_state;

/* Data tables (tr2_data.c). A rogue card: colour and value of its top bar (side 0) and of the
 * opposite bar (side 1; value 0 on a single-colour card). */
typedef struct tr2_card {
    uint8_t col[2], val[2];
} tr2_card;
extern const tr2_card tr2_cards[TR2_NROGUE];
extern const uint8_t tr2_chest_count[TR2_NKIND]; /* chests per kind at the start */
extern const uint8_t tr2_zork_sets[TR2_NZORK][3]; /* kinds, 0xff = empty slot; sorted */
typedef struct tr2_zork_need {
    uint64_t below8;     /* chests of kind k < 8 in byte k */
    uint8_t kind8, gems; /* chests of kind 8; gems of the set */
} tr2_zork_need;
extern const tr2_zork_need tr2_zork_needs[TR2_NZORK];
extern const char *const tr2_colour_names[TR2_NCOL];
extern const char *const tr2_special_names[4];

static inline int tr2_chest_col(int kind) { return kind / 3; }
/* [D-7] Does Zork take the place of its player's phase-4 chest? */
static inline int tr2_zork_replaces_secure(const tafel_game *g)
{
    return g->params[TR2_P_ZORK] <= TR2_ZORK_BUDGET_AFTER;
}
static inline int tr2_chest_gems(int kind) { return kind % 3 + 2; }
/* 16-bit popcount without needing the popcnt instruction. */
static inline int tr2_popcount(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0f0fu;
    return (int)((x + (x >> 8)) & 0x1fu);
}

/* Engine (tr2_rules.c). */
void tr2_init(const tafel_game *g, void *state);
int tr2_current_player(const tafel_game *g, const void *state);
int tr2_legal_actions(const tafel_game *g, const void *state, int32_t *out);
int tr2_chance_outcomes(const tafel_game *g, const void *state, tafel_chance *out);
int32_t tr2_sample_chance(const tafel_game *g, const void *state, double r);
void tr2_apply(const tafel_game *g, void *state, int32_t action);
/* Run automatic steps (scoring, forced moves, phase changes) until a decision or chance node. */
void tr2_advance(const tafel_game *g, tr2_state *s);
/* Begin phase 1 of a raid / phase 2 (used by scenario tests too). */
void tr2_begin_reveal(const tafel_game *g, tr2_state *s);
void tr2_begin_play(const tafel_game *g, tr2_state *s);
/* Score every colour still to be scored in phase 3 and discard the special cards except Zork,
 * with no Zork decisions (the heuristic and scenario tests). */
void tr2_score_all(const tafel_game *g, tr2_state *s);
/* Gems of a Zork chest set (an index into tr2_zork_sets). */
int tr2_zork_set_gems(int set);
/* Strength of player p in colour c (played cards plus the best face-up chest). */
int tr2_strength(const tr2_state *s, int p, int c);
/* Bit c set when colour c lies face up somewhere (centre or in front of a player). */
int tr2_colours_up(const tafel_game *g, const tr2_state *s);
int tr2_gems_down(const tr2_state *s, int p);

/* Scores and heuristics (tr2_score.c). */
void tr2_returns(const tafel_game *g, const void *state, double *out);
void tr2_scores(const tafel_game *g, const void *state, int *out);
void tr2_evaluate(const tafel_game *g, const void *state, double *out);

/* Hidden information (tr2_info.c). */
json_t *tr2_view_json(const tafel_game *g, const void *state, int viewer);
uint64_t tr2_info_hash(const tafel_game *g, const void *state, int viewer);
void tr2_resample(const tafel_game *g, void *state, int viewer, tafel_rng *rng);

/* Notation (tr2_text.c). */
int tr2_card_name(int card, int special_kind, char *buf, size_t len);
int tr2_action_to_text(const tafel_game *g, const void *state, int32_t action, char *buf,
                       size_t len);
int tr2_text_to_action(const tafel_game *g, const void *state, const char *text,
                       int32_t *action, char *err, size_t errlen);

/* What a viewer is told (tr2_events.c). */
int tr2_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                    char *buf, size_t len);
json_t *tr2_events_json(const tafel_game *g, const void *before, int32_t action,
                        const void *after, int viewer);
/* The events of `action` for viewer, found by replaying apply step by step from `before`; the
 * replayed state goes to *out (may be NULL): it must equal what tr2_apply makes. */
json_t *tr2_events_replay(const tafel_game *g, const tr2_state *before, int32_t action,
                          int viewer, tr2_state *out);

/* Terminal view (tr2_render.c). */
int tr2_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
               size_t len);

#endif
