/* carc_text.h: reader and checker of the Carcassonne recorded-game text format
 * (shared/testdata/carcassonne/README.md). Pure: it takes the file's text as a string. */
#ifndef CARC_TEXT_H
#define CARC_TEXT_H

#include <stddef.h>

#include "tafel/game.h"

#define CARC_TEXT_MAX_GAP 64 /* squares of one gap line */
#define CARC_TEXT_FEATURE_LEN 48

/* What a significant line says. */
typedef enum {
    CARC_TEXT_GAME,         /* game carcassonne(...) */
    CARC_TEXT_TILE,         /* tile K x y r */
    CARC_TEXT_FOLLOWER,     /* follower [L] feature */
    CARC_TEXT_SCORE,        /* score P points kind */
    CARC_TEXT_EXPECT,       /* expect P points [kind] */
    CARC_TEXT_SCORED,       /* scored P points kind */
    CARC_TEXT_END,          /* # end of game scoring */
    CARC_TEXT_FINAL,        /* final P0 P1 ... */
    CARC_TEXT_MOVE,         /* tatan move x y -> x2 y2 r */
    CARC_TEXT_DRAW2,        /* tatan draw2 */
    CARC_TEXT_KEEP,         /* tatan keep */
    CARC_TEXT_GAP,          /* gap P x,y;... */
    CARC_TEXT_PASS,         /* pass P */
    CARC_TEXT_HOLDS,        /* holds P N */
    CARC_TEXT_SUPPLY,       /* supply P N [NL] */
    CARC_TEXT_TURN,         /* turn P */
    CARC_TEXT_EXPECT_ERROR, /* # expect-error: CATEGORY */
} carc_text_op;

/* Kinds of scored features in score/expect/scored lines. */
typedef enum {
    CARC_TEXT_K_NONE = -1, /* expect without a kind: the total */
    CARC_TEXT_K_CITY,
    CARC_TEXT_K_ROAD,
    CARC_TEXT_K_CLOISTER,
    CARC_TEXT_K_FIELD,
    CARC_TEXT_K_TATAN,
    CARC_TEXT_K_COUNT
} carc_text_kind;

typedef struct carc_text_line {
    carc_text_op op;
    int lineno;
    char tile[4];                 /* TILE: kind name */
    int x, y, r;                  /* TILE; MOVE: from (x,y), rotation r */
    int x2, y2;                   /* MOVE: destination */
    int large;                    /* FOLLOWER: the large follower */
    char feature[CARC_TEXT_FEATURE_LEN]; /* FOLLOWER: "city:NW", "cloister", "tatan", ... */
    int player;                   /* SCORE EXPECT SCORED GAP PASS HOLDS SUPPLY TURN */
    int points;                   /* SCORE EXPECT SCORED */
    carc_text_kind kind;          /* SCORE EXPECT SCORED */
    int n, nl;                    /* HOLDS: n; SUPPLY: n, nl (-1 when not given) */
    int nsq;                      /* GAP */
    int sq[CARC_TEXT_MAX_GAP][2];
    int nfinal;                   /* FINAL */
    int final[TAFEL_MAX_PLAYERS];
    char text[200];               /* GAME: "carcassonne(...)"; EXPECT_ERROR: category */
} carc_text_line;

/* Parse one line (without its newline). Returns 1 and fills *out for a significant line, 0 for a
 * blank line or plain comment, -1 with a one-line reason for a malformed line. */
int carc_text_parse_line(const char *line, size_t len, int lineno, carc_text_line *out,
                         char *err, size_t errlen);

/* The README's refusal categories, NULL-terminated. */
extern const char *const carc_text_categories[];
const char *carc_text_kind_name(carc_text_kind k);

typedef enum {
    CARC_TEXT_OK = 0,    /* every line replayed and every claim held */
    CARC_TEXT_SYNTAX,    /* a malformed line (or a game line the registry refuses) */
    CARC_TEXT_REFUSED,   /* the engine refused a line; category names the reason */
    CARC_TEXT_MISMATCH,  /* a score/expect/scored/holds/supply/final claim failed, or the
                          * line a refusal test names was accepted */
} carc_text_status;

typedef struct carc_text_result {
    carc_text_status status;
    int line;              /* line number of the failure (1-based), 0 when OK */
    char category[16];     /* REFUSED: the README's category */
    char msg[TAFEL_ERR_LEN];
    int expect_line;       /* refusal test: the line that must be refused (0: none) */
    char expect_category[16];
    int steps;             /* draws replayed (tile lines and tatan lines) */
} carc_text_result;

/* 1 when the result is what the file asks for: OK for a normal file, the named refusal at the
 * named line for a refusal test. */
int carc_text_passed(const carc_text_result *res);

/* Replay text (len bytes) on a new game: g receives the game of the game line (or the 2-player
 * base game), state (tafel_game_carcassonne.state_size bytes) the position where the replay
 * stopped. Returns res->status. A refusal test stops at the line it names. Set-up liberties
 * of the format: player 0 starts; a turn line sets the next turn; a kind may be drawn more
 * often than the box holds (only Tatan tiles are counted); the stack runs out where the file
 * says so (`tatan keep`, the first gap/pass line, the end marker or final). */
carc_text_status carc_text_replay(const char *text, size_t len, tafel_game *g, void *state,
                                  carc_text_result *res);

#endif
