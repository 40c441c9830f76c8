/* carc.h: internal interface of the Carcassonne engine (state, tile data, action ids, helpers
 * for replayers and tests). */
#ifndef CARC_H
#define CARC_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

/* ---- Tile data (carc_tiles.c, generated) ---- */
enum { CARC_CITY = 1, CARC_ROAD = 2, CARC_FIELD = 3, CARC_CLOISTER = 4 };
enum { CARC_F_PENNANT = 1, CARC_F_INN = 2, CARC_F_CATHEDRAL = 4, CARC_F_INN_OPT = 8 };
#define CARC_MAXSEG 8
#define CARC_NKINDS 42 /* 24 base, 17 Inns & Cathedrals, Tatan */
#define CARC_NBASE 24
#define CARC_TATAN 41
#define CARC_NONE 255

typedef struct carc_seg {
    uint8_t type;   /* CARC_CITY .. CARC_CLOISTER */
    uint8_t mask;   /* city/road: canonical edges (bit e); field: canonical half-edges (bit h) */
    uint8_t flags;  /* CARC_F_* */
    uint8_t cities; /* field: local indices of the bordering city segments (bit i) */
} carc_seg;

typedef struct carc_kind {
    const char *name;
    uint8_t count;       /* tiles in the box (the start tile is one of the D tiles) */
    uint8_t set;         /* 0 base, 1 Inns & Cathedrals, 2 Tatan */
    uint8_t edges;       /* canonical edge e type (1 C, 2 R, 3 F) at bits 2e */
    uint8_t nseg, ncity, nroad; /* segments: cities, roads, fields, cloister in that order */
    uint8_t edge_seg[4]; /* canonical edge -> city/road segment, CARC_NONE for a field edge */
    uint8_t half_seg[8]; /* canonical half-edge -> field segment, CARC_NONE on city edges */
    uint8_t cloister;    /* cloister segment or CARC_NONE */
    carc_seg seg[CARC_MAXSEG];
    /* a new tile's segment state, as rows of 8 (carc_init_segs): open edges, pennant, flags
     * (CARC_S_*; [1] with the optional inn [D-2]), 1 for a road or city */
    uint8_t init_open[8], init_pen[8], init_sfl[2][8], init_lin[8];
    uint8_t fcity; /* fields bordering a city (bit i: segment i) */
} carc_kind;

extern const carc_kind carc_kinds[CARC_NKINDS];
/* carc_fits[kind][c]: rotations (bit 4 + r) fitting a square whose neighbours demand edge types
 * c (2 bits per board side: 0 free, 1 C, 2 R, 3 F): c is a frontier entry's val. The mask is
 * stored times 16, the offset of its row in the placement list's table of 16-byte rows. */
extern const uint8_t carc_fits[CARC_NKINDS][256];

/* ---- Board geometry and action ids ---- */
#define CARC_OFF 97 /* coordinates -97..97: 90 tiles in a row reach 89, 6 Tatan moves add 6,
                       * and the frontier one more */
#define CARC_W 195
#define CARC_NSQ (CARC_W * CARC_W)
static inline int carc_sq(int x, int y) { return (y + CARC_OFF) * CARC_W + (x + CARC_OFF); }
static inline int carc_sqx(int sq) { return sq % CARC_W - CARC_OFF; }
static inline int carc_sqy(int sq) { return sq / CARC_W - CARC_OFF; }

enum {
    CARC_A_PLACE = 0,                              /* + sq*4 + r */
    CARC_A_PICK = CARC_A_PLACE + 4 * CARC_NSQ,     /* Tatan option 1: + sq of the tile to move */
    CARC_A_FILL = CARC_A_PICK + CARC_NSQ,          /* end phase: + sq*2 + large (sq = gap's min) */
    CARC_A_FOLLOW = CARC_A_FILL + 2 * CARC_NSQ,    /* + seg*2 + large */
    CARC_A_NOFOLLOW = CARC_A_FOLLOW + 2 * CARC_MAXSEG,
    CARC_A_DRAW2,                                  /* Tatan option 2 */
    CARC_A_KEEP,                                   /* Tatan tile drawn from an empty stack: keep */
    CARC_A_PASS,                                   /* end phase */
    CARC_A_CHOOSE,                                 /* tatan_draw_both_first: + kind to play next */
    CARC_A_DRAW = CARC_A_CHOOSE + CARC_NKINDS,     /* chance: + kind */
    CARC_A_START = CARC_A_DRAW + CARC_NKINDS,      /* chance: + start player [D-3] */
    CARC_NUM_ACTIONS = CARC_A_START + TAFEL_MAX_PLAYERS,
};

/* ---- State ---- */
#define CARC_MAX_TILES 90
#define CARC_MAX_SEGS 320 /* all 90 tiles have 317 */
#define CARC_SEG_ROOM (CARC_MAX_SEGS + 8) /* a new tile's segments are written as rows of 8 */
#define CARC_MAX_FRONT 184
#define CARC_MAX_FOL 48
#define CARC_MAX_CL 8
#define CARC_MAX_EV 96
#define CARC_MAX_TAT 6

enum { /* phases */
    CARC_PH_START,  /* chance: start player */
    CARC_PH_DRAW,   /* chance: the next tile of the current step */
    CARC_PH_PLACE,  /* place the tile in hand */
    CARC_PH_FOLLOW, /* deploy on the tile just placed (or not) */
    CARC_PH_TATAN,  /* a Tatan tile was drawn: option 1 (pick), option 2 (draw2) or keep */
    CARC_PH_MOVE,   /* option 1: place the picked tile elsewhere */
    CARC_PH_END,    /* end phase: fill a gap or pass */
    CARC_PH_CHOOSE, /* tatan_draw_both_first: which drawn tile to play next */
    CARC_PH_OVER,
};

enum { CARC_K_CITY, CARC_K_ROAD, CARC_K_CLOISTER, CARC_K_FIELD, CARC_K_TATAN, CARC_NK };

/* segment flag bits (state) */
enum { CARC_S_DONE = 8, CARC_S_INN = 16, CARC_S_CATH = 32 };
#define CARC_S_TYPE 7

typedef struct carc_tile {
    int8_t x, y;
    uint8_t kind, rot;
    uint8_t nb[4];     /* tile index on each board side or CARC_NONE */
    uint16_t seg_base; /* first global segment */
    uint8_t cl_done;   /* its cloister is completed (permanent) */
    uint8_t dup;       /* local city/road segments already counted in an earlier segment's
                          feature (bit i): a tile counts once per feature */
} carc_tile;

/* An open square next to the board. key: the square's first placement id (sq * 4) << 8 | val,
 * val the edge types demanded by the neighbours (see carc_fits). One word, ordered like the
 * squares, so the placement list reads ids and constraint in one load. */
typedef struct carc_front {
    uint32_t key;
    uint8_t nb[4];
} carc_front;
static inline int carc_front_sq(const carc_front *f) { return (int)(f->key >> 10); }
static inline int carc_front_val(const carc_front *f) { return (int)(f->key & 0xff); }
static inline uint32_t carc_front_key(int sq, int val)
{
    return (uint32_t)sq << 10 | (uint32_t)val;
}

typedef struct carc_fol {
    uint8_t tile, seg, player, large;
} carc_fol;

typedef struct carc_event {
    int8_t player;
    uint8_t kind; /* CARC_K_* */
    int16_t points;
} carc_event;

typedef struct carc_state {
    uint8_t phase, cur, nplayers, hand; /* hand: kind drawn / picked */
    uint8_t ntiles, nfront, nfol, ncl;
    uint16_t nsegs;
    uint8_t placed;      /* tile just placed (FOLLOW) */
    uint8_t pending;     /* further tile steps in this turn */
    uint8_t last_player; /* placed the last landscape tile [D-4] */
    uint8_t passes;      /* end phase: turns since the last fill */
    uint8_t nremain, nev;
    uint16_t move_from;  /* MOVE: the picked tile's old square */
    uint8_t npend, npcl, ntat, ended;
    uint8_t nbag, bagdraws; /* tatan_draw_both_first: drawn tiles not yet played, draws to go */
    uint8_t ev_final;       /* once the game is over: ev[ev_final..nev) are the final scoring's
                             * events, those before it the last step's or filling's */
    uint8_t bag[14];
    uint16_t pend[8];    /* roads/cities completed by the placement, scored after deployment */
    uint8_t pcl[9];      /* cloister tiles completed by the placement */
    uint8_t remain[CARC_NKINDS];
    uint8_t discarded[CARC_NKINDS];
    uint8_t supply[TAFEL_MAX_PLAYERS], large[TAFEL_MAX_PLAYERS], held[TAFEL_MAX_PLAYERS];
    int16_t score[TAFEL_MAX_PLAYERS];
    int16_t kscore[TAFEL_MAX_PLAYERS][CARC_NK];
    uint16_t tat_sq[CARC_MAX_TAT];   /* squares filled with Tatan tiles */
    uint8_t tat_fol[CARC_MAX_TAT];   /* follower on it: player*2+large+1, 0 none */
    struct { uint8_t tile, cnt; } cl[CARC_MAX_CL];
    /* scoring events of the current tile step (cleared when it draws) or end-phase turn (cleared
     * at a fill or pass), then those of the final scoring if the game ended */
    carc_event ev[CARC_MAX_EV];
    carc_fol fol[CARC_MAX_FOL];
    carc_tile tiles[CARC_MAX_TILES];
    carc_front front[CARC_MAX_FRONT];
    /* per segment; slots from nsegs on are 0 */
    uint16_t parent[CARC_SEG_ROOM];
    uint8_t open[CARC_SEG_ROOM], occ[CARC_SEG_ROOM], pen[CARC_SEG_ROOM], sfl[CARC_SEG_ROOM];
    uint8_t tcount[CARC_SEG_ROOM]; /* root of a road/city: its distinct tiles */
} carc_state;

/* ---- Options (indices into g->params) ---- */
enum { CARC_P_TATAN, CARC_P_IC, CARC_P_FARMERS, CARC_P_TINY, CARC_P_ECINN, CARC_P_BOTHFIRST,
       CARC_P_TILEONLY, CARC_NPARAMS };
static inline int carc_opt_tatan(const tafel_game *g) { return g->params[CARC_P_TATAN] == 0; }
static inline int carc_opt_tiles_ic(const tafel_game *g) { return g->params[CARC_P_IC] == 0; }
static inline int carc_opt_large(const tafel_game *g) { return g->params[CARC_P_IC] != 2; }
static inline int carc_opt_farmers(const tafel_game *g) { return g->params[CARC_P_FARMERS] == 0; }

/* ---- Board and features (carc_board.c) ---- */
static inline int carc_edges_rot(int edges, int r)
{
    return ((edges << (2 * r)) | (edges >> (8 - 2 * r))) & 0xff;
}

/* Bit d set if nb[d] is a tile (not CARC_NONE), without a branch per side. */
static inline unsigned carc_nb_mask(const uint8_t nb[4])
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t x;
    __builtin_memcpy(&x, nb, 4);
    x = ~x; /* a byte of x is nonzero where there is a tile */
    x = (((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x) & 0x80808080u;
    return ((x >> 7) * 0x204081u) >> 21 & 15; /* bits 7, 15, 23, 31 to bits 0-3 */
#else
    return (unsigned)(nb[0] != CARC_NONE) | (unsigned)(nb[1] != CARC_NONE) << 1 |
           (unsigned)(nb[2] != CARC_NONE) << 2 | (unsigned)(nb[3] != CARC_NONE) << 3;
#endif
}

int carc_find(carc_state *s, int a);
int carc_find_c(const carc_state *s, int a); /* no path compression */
/* Segment flags for a tile's local segment under the game's options. */
int carc_seg_state_flags(const tafel_game *g, int kind, int seg);
/* First position in front[lo, hi) whose square is >= sq (branch-free binary search). */
static inline int carc_front_lower_in(const carc_state *s, int sq, int lo, int hi)
{
    int n = hi - lo;
    if (n <= 0)
        return lo;
    const carc_front *b = s->front + lo;
    uint32_t key = carc_front_key(sq, 0);
    while (n > 1) {
        int half = n >> 1;
        b += b[half].key < key ? half : 0;
        n -= half;
    }
    return (int)(b - s->front) + (b->key < key);
}
/* Index of the frontier entry of square sq, or -1 (inline: every placement looks its square up). */
static inline int carc_front_find(const carc_state *s, int sq)
{
    int i = carc_front_lower_in(s, sq, 0, s->nfront);
    return i < s->nfront && carc_front_sq(&s->front[i]) == sq ? i : -1;
}
/* Place kind/rot on the frontier square front[fi]: features, frontier, cloisters, completions
 * (marked and remembered for carc_score_pending). Returns the new tile's index. */
int carc_place(const tafel_game *g, carc_state *s, int fi, int kind, int rot);
/* 1 if kind fits somewhere (skipping square skip_sq and, if ignore != NONE, ignoring that tile). */
int carc_fits_anywhere(const carc_state *s, int kind, int skip_sq, int ignore);
/* Rebuild tile links, frontier, cloister counts and features from the tile list. */
void carc_rebuild(const tafel_game *g, carc_state *s);
/* 0 if s's incremental features/frontier equal a from-scratch rebuild; else -1 with reason. */
int carc_check_rebuild(const tafel_game *g, const carc_state *s, char *err, size_t errlen);
/* Remove tile t from the board (Tatan option 1) and rebuild. */
void carc_remove_tile(const tafel_game *g, carc_state *s, int t);
int carc_tile_at(const carc_state *s, int x, int y); /* tile index or -1 (linear scan) */

/* ---- Scoring (carc_score.c) ---- */
void carc_add_score(carc_state *s, int p, int pts, int kind);
void carc_score_pending(const tafel_game *g, carc_state *s);
void carc_final_scoring(const tafel_game *g, carc_state *s);
/* Distinct tiles of the feature rooted at root. */
int carc_feature_tiles(carc_state *s, int root);
/* Value of a road/city/cloister feature (completed or not), or of an occupied field at the end. */
int carc_feature_value(const tafel_game *g, carc_state *s, int seg, int completed);
int carc_fill_points(const tafel_game *g, carc_state *s, const uint16_t *sqs, int n);
/* Shared with the evaluation (carc_eval.c): find() on a parent array of the caller's (a copy
 * when the state is const); the cloister count of a tile; the completed cities bordering
 * given fields; a road or city scored now (open at the end) or completed. */
int carc_find_in(uint16_t *par, int a);
int carc_cloister_count(const carc_state *s, int tile);
void carc_field_city_counts(const carc_state *s, uint16_t *par, const uint8_t *slot, int nslots,
                            uint8_t *count);
int carc_line_value(const tafel_game *g, const carc_state *s, int root, int completed);

/* ---- Evaluation (carc_eval.c) ---- */
void carc_evaluate_state(const tafel_game *g, const carc_state *s, double *out);

/* ---- Tatan (carc_tatan.c) ---- */
/* Why tile t may not be moved: 0 movable, 1 figure, 2 completed, 3 disconnects, 4 nowhere. */
int carc_move_refusal(const tafel_game *g, carc_state *s, int t);
int carc_any_movable(const tafel_game *g, carc_state *s);
/* ok[t] = 1 if tile t may be moved (all tiles at once, in linear time). */
void carc_movable_all(const tafel_game *g, const carc_state *s, uint8_t *ok);
/* Gaps of the board: gap_min[i] = smallest square of gap i, gap_size[i]; returns the count. */
int carc_gaps(const carc_state *s, uint16_t *gap_min, uint8_t *gap_size, int max);
/* Squares of the gap containing square sq (or -1 if sq is in no gap). */
int carc_gap_squares(const carc_state *s, int sq, uint16_t *out, int max);

/* ---- Game flow (carcassonne.c) ---- */
int carc_legal(const tafel_game *g, const carc_state *s, int32_t *out);
void carc_apply(const tafel_game *g, carc_state *s, int32_t a);
/* The stack is empty now: the end phase (Tatan) or final scoring follows ("# end of game
 * scoring" in recorded games). */
void carc_end_game(const tafel_game *g, carc_state *s);
/* Scenario set-ups: the next turn is p's (between turns: at a draw or in the end phase). */
void carc_set_turn(const tafel_game *g, carc_state *s, int p);

/* ---- Symmetric tiles (carc_symmetry.c) ---- */
/* Smallest number of quarter turns (1, 2 or 4) that gives the same tile: edges, segments,
 * their flags and bordering cities. */
int carc_kind_period(int kind);
/* The distinct_actions hook: placements of a symmetric tile at rotations below its period. */
int carc_distinct_actions(const tafel_game *g, const void *state, int32_t *actions, int n);

/* ---- Helpers for replayers and tests (carc_notation.c) ---- */
int carc_kind_by_name(const char *name); /* -1 if unknown */
/* Canonical name of local segment seg of kind: "city:NW", "road:EW", "field:Es,Se", "cloister". */
int carc_seg_name(int kind, int seg, char *buf, size_t len);
int carc_seg_by_name(int kind, const char *name); /* -1 if none */
/* The same names as the segment lies on the board at rotation rot (what the notation uses). */
int carc_seg_name_rot(int kind, int seg, int rot, char *buf, size_t len);
/* A board name, or an unambiguous part of one ("road", "city:N"): segment, -1 none, -2 several. */
int carc_seg_by_board_name(int kind, int rot, const char *name);
int32_t carc_place_action(int x, int y, int r);
/* Same, checking that kind is the tile to place (drawn or picked): -1 if not. */
int32_t carc_place_action_kind(const carc_state *s, int kind, int x, int y, int r);
int32_t carc_pick_action(int x, int y);
/* Follower action for the tile just placed: feature name, large; -1 if the tile has no such
 * segment. (Legality is for tafel_is_legal.) */
int32_t carc_follower_action(const carc_state *s, const char *name, int large);
int32_t carc_fill_action(int x, int y, int large); /* (x,y) = the gap's smallest square */
int32_t carc_draw_action(int kind);
/* Score of player p from features of kind k (CARC_K_*). */
static inline int carc_kind_score(const carc_state *s, int p, int k) { return s->kscore[p][k]; }

/* Label of the i-th square with a legal placement (render and notation): a..z, aa, ab, ... */
int carc_label(int i, char *buf, size_t len);

/* ---- What a viewer is told (carc_events.c) ---- */
int carc_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                     char *buf, size_t len);
json_t *carc_events_json(const tafel_game *g, const void *before, int32_t action,
                         const void *after, int viewer);

/* ---- The tile table as JSON for clients (carc_tiles_json.c, the assets_json hook) ---- */
json_t *carc_tiles_json(void);

/* ---- Render (carc_render.c) ---- */
int carc_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
                size_t len);

#endif
