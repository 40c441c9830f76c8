/* game.h: the game API every tafel game implements (OpenSpiel-like semantics, plain C).
 *
 * A game type is a struct of function pointers plus metadata (tafel_game_type). A loaded game
 * (tafel_game) is a type plus parameter values. A state is a fixed-size, pointer-free struct of
 * type->state_size bytes: copy it with memcpy (tafel_state_copy).
 *
 * Every random event is a chance node: current_player() returns TAFEL_CHANCE and
 * chance_outcomes() lists the possible outcomes with their probabilities; the driver picks one
 * and applies it like any action. So a seed plus the action list replays a game exactly.
 *
 * The engine is pure: no I/O, no globals, no allocation in the hot path (legal_actions, apply).
 */
#ifndef TAFEL_GAME_H
#define TAFEL_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/rng.h"

typedef struct json_t json_t; /* jansson */

enum {
    TAFEL_CHANCE = -1,   /* current_player() at a chance node */
    TAFEL_TERMINAL = -2, /* current_player() when the game is over */
};

#define TAFEL_MAX_PLAYERS 6
#define TAFEL_MAX_PARAMS 16
#define TAFEL_ERR_LEN 256   /* size of error buffers passed to the API */
#define TAFEL_TEXT_LEN 128  /* size of action-text buffers */

typedef enum { TAFEL_PARAM_INT, TAFEL_PARAM_BOOL, TAFEL_PARAM_ENUM } tafel_param_kind;

/* A documented rule option. Values are stored as int: the integer, 0/1, or the choice index.
 * A bool accepts true/false, on/off, 1/0. */
typedef struct tafel_param_def {
    const char *name;
    tafel_param_kind kind;
    int def;                     /* default value (choice index for ENUM) */
    int min, max;                /* INT only */
    const char *const *choices;  /* ENUM only: NULL-terminated */
    const char *help;            /* one line, for `tafel list` */
} tafel_param_def;

/* An old spelling kept so that older game strings and records still load with the meaning they
 * had: name=value reads as param=choice. Never printed: game strings name param. */
typedef struct tafel_param_alias {
    const char *name, *value;
    const char *param, *choice;
} tafel_param_alias;

/* render's color argument: the terminal's columns and rows beside the colour bit, so that a
 * game can fit its screen to them (a window on a big board); 0 columns or rows: no limit. */
#define TAFEL_RENDER_COLOR 1
#define TAFEL_RENDER_SIZE(cols, rows) ((((cols) & 0xfff) << 4) | (((rows) & 0xfff) << 16))
#define TAFEL_RENDER_COLS(c) (((c) >> 4) & 0xfff)
#define TAFEL_RENDER_ROWS(c) (((c) >> 16) & 0xfff)

typedef struct tafel_game_type tafel_game_type;

/* A loaded game: type plus parameter values. Small and immutable once loaded. */
typedef struct tafel_game {
    const tafel_game_type *type;
    int num_players;
    int params[TAFEL_MAX_PARAMS]; /* same order as type->params */
} tafel_game;

typedef struct tafel_chance {
    int32_t action;
    double prob;
} tafel_chance;

struct tafel_game_type {
    const char *name;        /* as written in game strings: "tafelrunde2" */
    const char *long_name;   /* "Die Tafelrunde 2" */
    int min_players, max_players, default_players;
    const tafel_param_def *params;
    int num_params;
    const tafel_param_alias *aliases; /* optional */
    int num_aliases;
    size_t state_size;       /* bytes of the fixed-size state struct */
    int32_t num_actions;     /* every action id (player or chance) lies in [0, num_actions) */
    int max_legal;           /* upper bound of legal_actions() and chance_outcomes() counts */

    /* Optional: cross-parameter checks after parsing (e.g. 6 players need an expansion).
     * Return 0, or -1 with a one-line message in err. */
    int (*check)(const tafel_game *g, char *err, size_t errlen);

    /* Set *state to the initial state (usually a chance node: deal, shuffle, ...). */
    void (*init)(const tafel_game *g, void *state);
    /* Player to act, TAFEL_CHANCE or TAFEL_TERMINAL. */
    int (*current_player)(const tafel_game *g, const void *state);
    /* Legal player actions, sorted ascending, no duplicates; returns the count (0 at chance or
     * terminal nodes). out has room for type->max_legal entries. */
    int (*legal_actions)(const tafel_game *g, const void *state, int32_t *out);
    /* Chance outcomes at a chance node, sorted by action, probabilities summing to 1. */
    int (*chance_outcomes)(const tafel_game *g, const void *state, tafel_chance *out);
    /* Apply an action known to be legal (or a possible chance outcome). No checks, no allocation:
     * callers validate with tafel_apply(). */
    void (*apply)(const tafel_game *g, void *state, int32_t action);
    /* Game-theoretic returns per player, valid at terminal states: a sole winner 1, k players
     * sharing a win 1/k each, others 0. Before the end: all 0. */
    void (*returns)(const tafel_game *g, const void *state, double *out);
    /* Current score per player as the game counts it (points, gems...). */
    void (*scores)(const tafel_game *g, const void *state, int *out);

    /* Everything `viewer` may see, as a new JSON object (caller owns the reference).
     * viewer == -1: a spectator who sees only public information. */
    json_t *(*view_json)(const tafel_game *g, const void *state, int viewer);
    /* Hash of viewer's information state: equal for states the viewer cannot tell apart. */
    uint64_t (*info_hash)(const tafel_game *g, const void *state, int viewer);
    /* Replace everything viewer cannot see by a random assignment consistent with what viewer
     * has seen. view_json and info_hash for viewer stay unchanged. */
    void (*resample)(const tafel_game *g, void *state, int viewer, tafel_rng *rng);

    /* Readable notation of an action in this state (the acting player's or chance's).
     * snprintf semantics; returns the length. */
    int (*action_to_text)(const tafel_game *g, const void *state, int32_t action, char *buf,
                          size_t len);
    /* Parse notation back. Return 0 and set *action, or -1 with a one-line reason in err.
     * Need not check legality (tafel_text_to_action does). */
    int (*text_to_action)(const tafel_game *g, const void *state, const char *text,
                          int32_t *action, char *err, size_t errlen);

    /* Terminal drawing of the state as seen by viewer (-1: spectator). color: bit 0 asks for
     * ANSI colours; TAFEL_RENDER_SIZE adds the terminal's size for a compact layout (0: none).
     * snprintf semantics. Optional (NULL: the CLI prints view_json). */
    int (*render)(const tafel_game *g, const void *state, int viewer, int color, char *buf,
                  size_t len);
    /* Optional heuristic: estimated final score per player (in the game's points: current score
     * plus what open features, cards or chests are likely worth at the end). Used by greedy and
     * guided playouts. NULL: bots use scores(). No allocation. */
    void (*evaluate)(const tafel_game *g, const void *state, double *out);

    /* ---- What a viewer is told (optional; match, server and terminal play use them through
     * tafel_action_seen and tafel_events_json, which supply the defaults) ---- */

    /* Notation of `action`, about to be applied in `state`, as viewer (-1: spectator) sees it.
     * Returns 1 when viewer may know the action itself (its id and action_to_text), 0 when he
     * sees only what buf says ("player 1 draws a card"). Depends only on what viewer may see.
     * NULL: every action is public. */
    int (*action_seen)(const tafel_game *g, const void *state, int32_t action, int viewer,
                       char *buf, size_t len);
    /* What happened when `action` took `before` to `after`, as viewer (-1: spectator) sees it:
     * a new JSON array of events, each an object with "type" (e.g. "score", "reveal", "draw",
     * "auto", "start", "end"), "text" (one line, no newline) and the event's data. Built only
     * from what viewer may see of before, action and after. NULL: no events. */
    json_t *(*events_json)(const tafel_game *g, const void *before, int32_t action,
                           const void *after, int viewer);

    /* ---- Learning (optional; the Python package's observation_tensor) ----
     * viewer's (0..players-1) observation: only what viewer may see, as floats in a fixed
     * layout per game (docs/python.md). Always sets shape[0..rank-1] (room for 4) and returns
     * the rank; unless state is NULL also writes the product of the dims floats to out. No
     * allocation. NULL: the game has no tensor. */
    int (*observation_tensor)(const tafel_game *g, const void *state, int viewer, float *out,
                              int *shape);

    /* ---- Drawing (optional; the server's GET /api/games/NAME/assets) ----
     * Static data a client needs to draw the game (Carcassonne: its tile table), a new JSON
     * value, the same whatever the parameters; or NULL: the game has none. */
    json_t *(*assets_json)(void);

    /* ---- Search (optional) ----
     * Keep one action of each group of legal actions that lead to the same game from here on
     * (Carcassonne: rotations of a symmetric tile on the same square). Filters the sorted legal
     * list actions[0..n) in place, keeping the order and the first of each group, and returns
     * the new count (at least 1 if n is). Searching bots call it so that they weigh each
     * distinct move once; legality, notation and records still accept every action. No
     * allocation. NULL: all actions are distinct. */
    int (*distinct_actions)(const tafel_game *g, const void *state, int32_t *actions, int n);

    /* ---- Speed (optional) ----
     * At a chance node, the outcome that r in [0, 1) selects, without listing the outcomes.
     * Contract: for every r in [0, 1) it returns exactly what the generic walk returns: the
     * first outcome out[i] of chance_outcomes (in its order) with r < acc_i, where acc_i is
     * the sum out[0].prob + ... + out[i].prob added up in double from the left, one by one;
     * if there is none (rounding left the total below r), the last outcome. Bit for bit the
     * same, so that seeds replay alike with or without the hook: a game that computes a
     * guess faster must fall back to the walk where rounding could decide (r near an acc_i).
     * tests/support/check_chance.h checks it. No allocation. NULL: the walk. */
    int32_t (*sample_chance)(const tafel_game *g, const void *state, double r);
    /* tafel_random_games for this game: the same games with the same draws (and so the same
     * action count), with the game's own functions called directly so that the compiler can
     * inline them into the loop; a game defines it with tafel_random_games_with below. NULL:
     * the generic loop, through the pointers above. tests/core/test_random_games.c checks it. */
    long long (*random_games)(const tafel_game *g, uint64_t first_seed, long games);
};

/* ---- Loading (registry.c) ---- */

/* All registered game types, NULL-terminated. */
const tafel_game_type *const *tafel_game_types(void);
const tafel_game_type *tafel_game_type_find(const char *name);
/* Parse "name(key=value,...)" (parentheses optional) into *g. Unknown game, parameter or value:
 * returns -1 with a one-line message naming it. "players" is accepted by every game. */
int tafel_game_load(tafel_game *g, const char *spec, char *err, size_t errlen);
/* Same, for a known type (no registry needed). */
int tafel_game_load_type(tafel_game *g, const tafel_game_type *type, const char *params,
                         char *err, size_t errlen);
/* Canonical string with every parameter spelled out: "tafelrunde2(players=2,...)". */
int tafel_game_to_string(const tafel_game *g, char *buf, size_t len);
/* Value of the named parameter (abort()s on an unknown name: that is a programming error). */
int tafel_game_param(const tafel_game *g, const char *name);

/* ---- Checked operations (game.c) ---- */

static inline void tafel_state_copy(const tafel_game *g, void *dst, const void *src)
{
    __builtin_memcpy(dst, src, g->type->state_size);
}
/* 1 if action is legal here (a player action in legal_actions, or a chance outcome with p > 0). */
int tafel_is_legal(const tafel_game *g, const void *state, int32_t action);
/* Validate and apply. An illegal action returns -1 with a reason and leaves state unchanged. */
int tafel_apply(const tafel_game *g, void *state, int32_t action, char *err, size_t errlen);
/* Sample a chance outcome with rng (state must be a chance node): one tafel_rng_double draw r,
 * then type->sample_chance(r) when the game has it, else the generic walk over
 * chance_outcomes (see sample_chance); either way the same outcome for the same r. */
int32_t tafel_sample_chance(const tafel_game *g, const void *state, tafel_rng *rng);
/* The same for a given r in [0, 1): the outcome that r selects. */
int32_t tafel_sample_chance_r(const tafel_game *g, const void *state, double r);
/* 0 if s has no control character; else -1 and "WHAT: control character at position N". The
 * parsers quote their input in their messages, which must stay one line. */
int tafel_check_printable(const char *what, const char *s, char *err, size_t errlen);
/* Make s valid UTF-8 in place: each byte that starts no valid sequence (half of a character cut
 * off by a bounded copy of the input into an error message, a stray byte) becomes '?'. Returns how
 * many bytes were replaced. JSON needs valid UTF-8, and the messages quote what users typed. */
int tafel_utf8_repair(char *s);
/* Parse notation and check legality. */
int tafel_text_to_action(const tafel_game *g, const void *state, const char *text,
                         int32_t *action, char *err, size_t errlen);
int tafel_is_terminal(const tafel_game *g, const void *state);
/* type->action_seen, or (when the game has none) action_to_text and 1. */
int tafel_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                      char *buf, size_t len);
/* type->events_json, or an empty array. Caller owns the reference. */
json_t *tafel_events_json(const tafel_game *g, const void *before, int32_t action,
                          const void *after, int viewer);
/* Play `games` uniformly random games, game i seeded with first_seed + i (chance sampled with
 * tafel_sample_chance, moves with tafel_rng_below over legal_actions). Returns the total number
 * of actions: the fingerprint `tafel bench` prints and tests compare. */
long long tafel_random_games(const tafel_game *g, uint64_t first_seed, long games);
/* The loop behind tafel_random_games, written once. A game's random_games hook calls it with
 * its own functions by name, so that the calls are direct and can be inlined, and with buffers
 * of fixed size (a variable-length array would cost the loop a register): state has room for a
 * state of the game, legal for max_legal actions; sample_chance may be NULL (the generic walk).
 * sample_draw, when not NULL, is used instead: the outcome from the step's draw x itself, which
 * must be the one r = tafel_rng_double_from(x) selects (sample_chance's, or the walk's); a game
 * whose sampler works in fixed point then skips the double and its conversions back. */
static inline long long tafel_random_games_with(
    const tafel_game *g, uint64_t first_seed, long games, void *state, int32_t *legal,
    void (*init)(const tafel_game *, void *),
    int (*legal_actions)(const tafel_game *, const void *, int32_t *),
    int (*current_player)(const tafel_game *, const void *),
    void (*apply)(const tafel_game *, void *, int32_t),
    int32_t (*sample_chance)(const tafel_game *, const void *, double),
    int32_t (*sample_draw)(const tafel_game *, const void *, uint64_t))
{
    long long actions = 0;
    for (long i = 0; i < games; i++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, first_seed + (uint64_t)i);
        init(g, state);
        for (;;) {
            /* The step's first draw is taken before legal_actions, so that its arithmetic
             * overlaps the call: it is the draw tafel_rng_below or tafel_rng_double would take
             * first (at the end it is thrown away; the next game reseeds). legal_actions is 0
             * exactly at chance and terminal nodes, so most steps need no current_player. */
            uint64_t x = tafel_rng_next(&rng);
            int n = legal_actions(g, state, legal);
            int32_t a;
            if (n > 0) {
                a = legal[tafel_rng_below_from(&rng, x, (uint32_t)n)];
            } else {
                if (current_player(g, state) == TAFEL_TERMINAL)
                    break;
                double r = tafel_rng_double_from(x);
                a = sample_draw     ? sample_draw(g, state, x)
                    : sample_chance ? sample_chance(g, state, r)
                                    : tafel_sample_chance_r(g, state, r);
            }
            apply(g, state, a);
            actions++;
        }
    }
    return actions;
}

#endif
