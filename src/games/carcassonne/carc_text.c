/* carc_text.c: reads the Carcassonne recorded-game text format and replays it on the engine,
 * checking every claim of the file (README of shared/testdata/carcassonne). */
#include "games/carcassonne/carc_text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/games.h"

const char *const carc_text_categories[] = {
    "placement", "follower", "supply", "nothing", "figure",      "completed", "disconnects",
    "nowhere",   "gap",      "turn",   "stack",   "tatan-tiles", NULL,
};

static const char *const carc_text_kind_names[CARC_TEXT_K_COUNT] = {
    "city", "road", "cloister", "field", "tatan",
};

const char *carc_text_kind_name(carc_text_kind k)
{
    return k >= 0 && k < CARC_TEXT_K_COUNT ? carc_text_kind_names[k] : "total";
}

/* ---- Line parsing ---- */

#define CARC_TEXT_MAX_TOKENS 12

typedef struct {
    int n;
    char tok[CARC_TEXT_MAX_TOKENS][64];
} carc_text_tokens;

/* Split on blanks; -1 when there are too many tokens or one is too long. */
static int carc_text_split(const char *s, size_t len, carc_text_tokens *t)
{
    t->n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && isspace((unsigned char)s[i]))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && !isspace((unsigned char)s[i]))
            i++;
        if (t->n == CARC_TEXT_MAX_TOKENS || i - start >= sizeof t->tok[0])
            return -1;
        memcpy(t->tok[t->n], s + start, i - start);
        t->tok[t->n][i - start] = 0;
        t->n++;
    }
    return 0;
}

/* Strict decimal integer in [lo, hi]. */
static int carc_text_int(const char *s, int lo, int hi, int *out)
{
    const char *p = s;
    int neg = 0;
    if (*p == '-') {
        neg = 1;
        p++;
    }
    if (!isdigit((unsigned char)*p))
        return -1;
    long v = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p) || v > 1000000)
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

#define CARC_TEXT_COORD 200 /* |x|, |y| bound: far beyond any board */

static int carc_text_kind_of(const char *s)
{
    for (int k = 0; k < CARC_TEXT_K_COUNT; k++)
        if (!strcmp(s, carc_text_kind_names[k]))
            return k;
    return -1;
}

/* A tile kind: A..X (base) or EA..EQ (Inns & Cathedrals). */
static int carc_text_tile_name_ok(const char *s)
{
    if (s[0] >= 'A' && s[0] <= 'X' && !s[1])
        return 1;
    return s[0] == 'E' && s[1] >= 'A' && s[1] <= 'Q' && !s[2];
}

/* Syntax of a follower target: cloister, tatan, city:/road: edges in N E S W order, field:
 * half-edges in Nw..Wn order or field:inner (whether the tile has it is the engine's
 * question). */
static int carc_text_feature_ok(const char *f)
{
    /* field:inner: the field of EH that has no half-edge */
    if (!strcmp(f, "cloister") || !strcmp(f, "tatan") || !strcmp(f, "field:inner"))
        return 1;
    if (!strncmp(f, "city:", 5) || !strncmp(f, "road:", 5)) {
        static const char edges[] = "NESW";
        const char *p = f + 5;
        int last = -1;
        if (!*p)
            return 0;
        for (; *p; p++) {
            const char *e = strchr(edges, *p);
            if (!*p || !e || (int)(e - edges) <= last)
                return 0;
            last = (int)(e - edges);
        }
        return 1;
    }
    if (!strncmp(f, "field:", 6)) {
        static const char *const halves[8] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
        const char *p = f + 6;
        int last = -1;
        if (!*p)
            return 0;
        for (;;) {
            int h = -1;
            for (int i = 0; i < 8; i++)
                if (!strncmp(p, halves[i], 2))
                    h = i;
            if (h <= last)
                return 0;
            last = h;
            p += 2;
            if (!*p)
                return 1;
            if (*p != ',' || !p[1])
                return 0;
            p++;
        }
    }
    return 0;
}

/* "x,y;x,y;..." into out->sq. */
static int carc_text_squares(const char *s, carc_text_line *out)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    out->nsq = 0;
    char *save = NULL;
    for (char *part = strtok_r(buf, ";", &save); part; part = strtok_r(NULL, ";", &save)) {
        char *comma = strchr(part, ',');
        if (!comma || out->nsq == CARC_TEXT_MAX_GAP)
            return -1;
        *comma = 0;
        int x, y;
        if (carc_text_int(part, -CARC_TEXT_COORD, CARC_TEXT_COORD, &x) ||
            carc_text_int(comma + 1, -CARC_TEXT_COORD, CARC_TEXT_COORD, &y))
            return -1;
        for (int i = 0; i < out->nsq; i++)
            if (out->sq[i][0] == x && out->sq[i][1] == y)
                return -1;
        out->sq[out->nsq][0] = x;
        out->sq[out->nsq][1] = y;
        out->nsq++;
    }
    /* a trailing or doubled ';' leaves an empty part strtok skips: refuse it */
    size_t n = strlen(s);
    if (out->nsq == 0 || s[0] == ';' || s[n - 1] == ';' || strstr(s, ";;"))
        return -1;
    return 0;
}

#define CARC_TEXT_BAD(...)                                                                     \
    do {                                                                                       \
        snprintf(err, errlen, __VA_ARGS__);                                                    \
        return -1;                                                                             \
    } while (0)

static int carc_text_parse_comment(const char *s, size_t len, carc_text_line *out, char *err,
                                   size_t errlen)
{
    /* s starts after '#'; trim blanks on both ends */
    while (len && isspace((unsigned char)*s)) {
        s++;
        len--;
    }
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == strlen("end of game scoring") && !memcmp(s, "end of game scoring", len)) {
        out->op = CARC_TEXT_END;
        return 1;
    }
    static const char tag[] = "expect-error:";
    if (len >= sizeof tag - 1 && !memcmp(s, tag, sizeof tag - 1)) {
        const char *c = s + sizeof tag - 1;
        size_t clen = len - (sizeof tag - 1);
        while (clen && isspace((unsigned char)*c)) {
            c++;
            clen--;
        }
        for (int i = 0; carc_text_categories[i]; i++)
            if (strlen(carc_text_categories[i]) == clen &&
                !memcmp(c, carc_text_categories[i], clen)) {
                out->op = CARC_TEXT_EXPECT_ERROR;
                snprintf(out->text, sizeof out->text, "%s", carc_text_categories[i]);
                return 1;
            }
        CARC_TEXT_BAD("unknown expect-error category '%.*s'", (int)(clen > 40 ? 40 : clen), c);
    }
    return 0;
}

int carc_text_parse_line(const char *line, size_t len, int lineno, carc_text_line *out,
                         char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->lineno = lineno;
    out->kind = CARC_TEXT_K_NONE;
    out->nl = -1;
    if (memchr(line, 0, len))
        CARC_TEXT_BAD("malformed line (a NUL byte)");
    size_t i = 0;
    while (i < len && isspace((unsigned char)line[i]))
        i++;
    if (i == len)
        return 0;
    if (line[i] == '#')
        return carc_text_parse_comment(line + i + 1, len - i - 1, out, err, errlen);
    if (len - i > 4 && !memcmp(line + i, "game", 4) && isspace((unsigned char)line[i + 4])) {
        /* the rest of the line, blanks removed: "carcassonne(players=3, tatan=off)" */
        const char *p = line + i + 4;
        size_t k = 0;
        for (; p < line + len; p++) {
            if (isspace((unsigned char)*p))
                continue;
            if (k + 1 == sizeof out->text)
                CARC_TEXT_BAD("game line too long");
            out->text[k++] = *p;
        }
        out->text[k] = 0;
        if (strncmp(out->text, "carcassonne", 11) ||
            (out->text[11] && out->text[11] != '('))
            CARC_TEXT_BAD("game line must name carcassonne(...)");
        out->op = CARC_TEXT_GAME;
        return 1;
    }
    carc_text_tokens t;
    if (carc_text_split(line, len, &t))
        CARC_TEXT_BAD("line too long or too many words");
    const char *w = t.tok[0];
    int n = t.n;
    const int P = TAFEL_MAX_PLAYERS - 1;
    if (!strcmp(w, "tile")) {
        if (n != 5)
            CARC_TEXT_BAD("tile needs: tile KIND X Y R");
        if (!carc_text_tile_name_ok(t.tok[1]))
            CARC_TEXT_BAD("unknown tile kind '%s'", t.tok[1]);
        if (carc_text_int(t.tok[2], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->x) ||
            carc_text_int(t.tok[3], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->y))
            CARC_TEXT_BAD("bad square '%s %s'", t.tok[2], t.tok[3]);
        if (carc_text_int(t.tok[4], 0, 3, &out->r))
            CARC_TEXT_BAD("bad rotation '%s' (0..3)", t.tok[4]);
        snprintf(out->tile, sizeof out->tile, "%.3s", t.tok[1]);
        out->op = CARC_TEXT_TILE;
        return 1;
    }
    if (!strcmp(w, "follower")) {
        int f = 1;
        if (n == 3 && !strcmp(t.tok[1], "L")) {
            out->large = 1;
            f = 2;
        }
        if (n != f + 1)
            CARC_TEXT_BAD("follower needs: follower [L] FEATURE");
        if (!carc_text_feature_ok(t.tok[f]))
            CARC_TEXT_BAD("bad feature name '%s'", t.tok[f]);
        snprintf(out->feature, sizeof out->feature, "%.47s", t.tok[f]);
        out->op = CARC_TEXT_FOLLOWER;
        return 1;
    }
    if (!strcmp(w, "score") || !strcmp(w, "scored") || !strcmp(w, "expect")) {
        int is_expect = !strcmp(w, "expect");
        if (n != 4 && !(is_expect && n == 3))
            CARC_TEXT_BAD("%s needs: %s P POINTS %s", w, w, is_expect ? "[KIND]" : "KIND");
        if (carc_text_int(t.tok[1], 0, P, &out->player))
            CARC_TEXT_BAD("bad player '%s'", t.tok[1]);
        if (carc_text_int(t.tok[2], 0, 100000, &out->points))
            CARC_TEXT_BAD("bad points '%s'", t.tok[2]);
        if (n == 4) {
            int k = carc_text_kind_of(t.tok[3]);
            if (k < 0)
                CARC_TEXT_BAD("bad kind '%s' (city, road, cloister, field, tatan)", t.tok[3]);
            out->kind = (carc_text_kind)k;
        }
        out->op = is_expect ? CARC_TEXT_EXPECT : !strcmp(w, "score") ? CARC_TEXT_SCORE
                                                                     : CARC_TEXT_SCORED;
        return 1;
    }
    if (!strcmp(w, "final")) {
        if (n < 3 || n > TAFEL_MAX_PLAYERS + 1)
            CARC_TEXT_BAD("final needs one total per player (2..%d)", TAFEL_MAX_PLAYERS);
        for (int k = 1; k < n; k++)
            if (carc_text_int(t.tok[k], 0, 100000, &out->final[k - 1]))
                CARC_TEXT_BAD("bad total '%s'", t.tok[k]);
        out->nfinal = n - 1;
        out->op = CARC_TEXT_FINAL;
        return 1;
    }
    if (!strcmp(w, "tatan")) {
        if (n == 2 && !strcmp(t.tok[1], "draw2")) {
            out->op = CARC_TEXT_DRAW2;
            return 1;
        }
        if (n == 2 && !strcmp(t.tok[1], "keep")) {
            out->op = CARC_TEXT_KEEP;
            return 1;
        }
        if (n >= 2 && !strcmp(t.tok[1], "move")) {
            if (n != 8 || strcmp(t.tok[4], "->"))
                CARC_TEXT_BAD("tatan move needs: tatan move X Y -> X2 Y2 R");
            if (carc_text_int(t.tok[2], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->x) ||
                carc_text_int(t.tok[3], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->y) ||
                carc_text_int(t.tok[5], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->x2) ||
                carc_text_int(t.tok[6], -CARC_TEXT_COORD, CARC_TEXT_COORD, &out->y2))
                CARC_TEXT_BAD("bad square in tatan move");
            if (carc_text_int(t.tok[7], 0, 3, &out->r))
                CARC_TEXT_BAD("bad rotation '%s' (0..3)", t.tok[7]);
            out->op = CARC_TEXT_MOVE;
            return 1;
        }
        CARC_TEXT_BAD("tatan needs: move, draw2 or keep");
    }
    if (!strcmp(w, "gap")) {
        if (n < 3)
            CARC_TEXT_BAD("gap needs: gap P X,Y[;X,Y...]");
        if (carc_text_int(t.tok[1], 0, P, &out->player))
            CARC_TEXT_BAD("bad player '%s'", t.tok[1]);
        char sq[512] = "";
        for (int k = 2; k < n; k++)
            strncat(sq, t.tok[k], sizeof sq - strlen(sq) - 1);
        if (carc_text_squares(sq, out))
            CARC_TEXT_BAD("bad gap squares '%s'", sq);
        out->op = CARC_TEXT_GAP;
        return 1;
    }
    if (!strcmp(w, "pass") || !strcmp(w, "turn")) {
        if (n != 2)
            CARC_TEXT_BAD("%s needs: %s P", w, w);
        if (carc_text_int(t.tok[1], 0, P, &out->player))
            CARC_TEXT_BAD("bad player '%s'", t.tok[1]);
        out->op = !strcmp(w, "pass") ? CARC_TEXT_PASS : CARC_TEXT_TURN;
        return 1;
    }
    if (!strcmp(w, "holds") || !strcmp(w, "supply")) {
        int is_supply = !strcmp(w, "supply");
        if (n != 3 && !(is_supply && n == 4))
            CARC_TEXT_BAD("%s needs: %s", w, is_supply ? "supply P N [NL]" : "holds P N");
        if (carc_text_int(t.tok[1], 0, P, &out->player))
            CARC_TEXT_BAD("bad player '%s'", t.tok[1]);
        if (carc_text_int(t.tok[2], 0, 100, &out->n) ||
            (n == 4 && carc_text_int(t.tok[3], 0, 100, &out->nl)))
            CARC_TEXT_BAD("bad count in %s line", w);
        out->op = is_supply ? CARC_TEXT_SUPPLY : CARC_TEXT_HOLDS;
        return 1;
    }
    CARC_TEXT_BAD("unknown line '%.40s'", w);
}

int carc_text_passed(const carc_text_result *res)
{
    if (!res->expect_line)
        return res->status == CARC_TEXT_OK;
    return res->status == CARC_TEXT_REFUSED && res->line == res->expect_line &&
           !strcmp(res->category, res->expect_category);
}

/* ---- Replay ---- */

#define CARC_TEXT_MAX_LOG 1024
#define CARC_TEXT_MAX_CLAIMS 128
#define CARC_TEXT_MAX_AHEAD 16

typedef struct {
    int line, player, points, kind;
} carc_text_claim;

/* A pass over the text, one significant line at a time. */
typedef struct {
    const char *text;
    size_t len, pos;
    int lineno;
} carc_text_cursor;

/* Next significant line: 1, 0 at the end, -1 on a malformed line (out->lineno set). */
static int carc_text_next(carc_text_cursor *c, carc_text_line *out, char *err, size_t errlen)
{
    while (c->pos < c->len) {
        const char *start = c->text + c->pos;
        const char *nl = memchr(start, '\n', c->len - c->pos);
        size_t n = nl ? (size_t)(nl - start) : c->len - c->pos;
        c->pos += n + (nl ? 1 : 0);
        c->lineno++;
        if (n && start[n - 1] == '\r')
            n--;
        int rc = carc_text_parse_line(start, n, c->lineno, out, err, errlen);
        if (rc)
            return rc;
    }
    return 0;
}

typedef struct {
    tafel_game *g;
    carc_state *s;
    carc_text_result *res;
    carc_text_line line;  /* the line being replayed */
    carc_text_cursor cur; /* positioned after it */
    int keep_line;        /* a `tatan keep`: the Tatan tile is the stack's last tile */
    int has_scores;       /* the file has score lines: every step's events are checked */
    int follow_open;      /* a tile was placed; its deployment is not decided yet */
    int placed, placer;   /* that tile's index and its player */
    int step_line;        /* line of the current step (0 before the first) */
    int end_seen;         /* the end marker was replayed */
    int turn_next;        /* a turn line's player for the next turn, or -1 */
    int mid_turn;         /* the next tile step belongs to the turn of the last one */
    int ahead[CARC_TEXT_MAX_AHEAD]; /* tatan_draw_both_first: step lines drawn, not played */
    int nahead;
    /* The end phase as the file sees it: every player has a turn, in order. The engine skips
     * players who cannot fill, so their pass lines only advance this. */
    int vend;             /* 0 not begun, 1 running, 2 over */
    int vcur, vpasses;
    carc_event step_ev[CARC_MAX_EV * 2];
    int nstep_ev;
    carc_event final_ev[CARC_MAX_EV * 2];
    int nfinal_ev;
    carc_event log[CARC_TEXT_MAX_LOG]; /* every event of the game */
    int nlog;
    carc_text_claim claims[CARC_TEXT_MAX_CLAIMS]; /* score lines of the current step */
    int nclaims;
    carc_text_claim scored[CARC_TEXT_MAX_CLAIMS];
    int nscored;
    carc_state scratch;
} carc_text_run;

static carc_text_status carc_text_fail(carc_text_run *run, carc_text_status st, int line,
                                       const char *category, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static carc_text_status carc_text_fail(carc_text_run *run, carc_text_status st, int line,
                                       const char *category, const char *fmt, ...)
{
    carc_text_result *res = run->res;
    res->status = st;
    res->line = line;
    snprintf(res->category, sizeof res->category, "%s", category ? category : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->msg, sizeof res->msg, fmt, ap);
    va_end(ap);
    return st;
}

#define REFUSE(cat, ...) carc_text_fail(run, CARC_TEXT_REFUSED, run->line.lineno, cat, __VA_ARGS__)
#define MISMATCH(line, ...) carc_text_fail(run, CARC_TEXT_MISMATCH, line, NULL, __VA_ARGS__)
#define SYNTAX(...) carc_text_fail(run, CARC_TEXT_SYNTAX, run->line.lineno, NULL, __VA_ARGS__)

static void carc_text_log(carc_text_run *run, carc_event e, int final)
{
    if (run->nlog < CARC_TEXT_MAX_LOG)
        run->log[run->nlog++] = e;
    if (final) {
        if (run->nfinal_ev < (int)(sizeof run->final_ev / sizeof run->final_ev[0]))
            run->final_ev[run->nfinal_ev++] = e;
    } else if (run->nstep_ev < (int)(sizeof run->step_ev / sizeof run->step_ev[0])) {
        run->step_ev[run->nstep_ev++] = e;
    }
}

static int carc_text_gain(const carc_state *s, const int16_t (*before)[CARC_NK])
{
    int t = 0;
    for (int p = 0; p < s->nplayers; p++)
        for (int k = 0; k < CARC_NK; k++)
            t += s->kscore[p][k] - before[p][k];
    return t;
}

/* The events an engine call appended: the suffix of its event list worth the points gained
 * (every event is worth > 0). -1 if they are not all there. */
static int carc_text_suffix(const carc_state *s, int gain)
{
    int k = s->nev, sum = 0;
    while (sum < gain && k > 0)
        sum += s->ev[--k].points;
    return sum == gain ? k : -1;
}

enum { CARC_TEXT_DO_ACTION, CARC_TEXT_DO_END_GAME, CARC_TEXT_DO_SET_TURN };

/* Log, as step events, one event per player and kind for the points of `gain` (what the step
 * scored when its single events are lost). */
static void carc_text_log_gain(carc_text_run *run, int gain[TAFEL_MAX_PLAYERS][CARC_NK])
{
    for (int p = 0; p < run->s->nplayers; p++)
        for (int k = 0; k < CARC_NK; k++)
            if (gain[p][k] > 0)
                carc_text_log(run, (carc_event){(int8_t)p, (uint8_t)k, (int16_t)gain[p][k]}, 0);
}

/* Call the engine (apply a legal action, end the game, or give the turn) and file the scoring
 * events it produced: those of the step and, when the call ended the game, those of the final
 * scoring. When the game ends the engine keeps only the final scoring's events, so a tile
 * step's events come from the same call on a copy whose stack holds one more tile (the game
 * goes on there); a filling, the only other scoring step that can end the game, makes one
 * event, so its points per player and kind are its events. */
static void carc_text_engine(carc_text_run *run, int what, int32_t a)
{
    const tafel_game *g = run->g;
    carc_state *s = run->s;
    int16_t before[TAFEL_MAX_PLAYERS][CARC_NK];
    memcpy(before, s->kscore, sizeof before);
    int was_over = s->phase == CARC_PH_OVER, cur_before = s->cur, phase_before = s->phase;
    carc_event step[CARC_MAX_EV];
    int nstep = -1;
    if (what == CARC_TEXT_DO_ACTION && !was_over && s->nremain == 0 &&
        (s->phase == CARC_PH_PLACE || s->phase == CARC_PH_MOVE || s->phase == CARC_PH_FOLLOW)) {
        carc_state *c = &run->scratch;
        memcpy(c, s, sizeof *c);
        c->remain[0]++;
        c->nremain++;
        g->type->apply(g, c, a);
        int k = carc_text_suffix(c, carc_text_gain(c, (const int16_t(*)[CARC_NK])before));
        if (k >= 0 && c->phase != CARC_PH_OVER) {
            nstep = c->nev - k;
            memcpy(step, c->ev + k, (size_t)nstep * sizeof step[0]);
        }
    }
    if (what == CARC_TEXT_DO_ACTION)
        g->type->apply(g, s, a);
    else if (what == CARC_TEXT_DO_END_GAME)
        carc_end_game(g, s);
    else
        carc_set_turn(g, s, a);
    int gain[TAFEL_MAX_PLAYERS][CARC_NK];
    for (int p = 0; p < s->nplayers; p++)
        for (int k = 0; k < CARC_NK; k++)
            gain[p][k] = s->kscore[p][k] - before[p][k];
    int total = carc_text_gain(s, (const int16_t(*)[CARC_NK])before);
    carc_state *fin = NULL;
    if (s->phase == CARC_PH_OVER && !was_over) {
        /* final scoring changes no feature or follower: rerun it on a copy for its events */
        fin = &run->scratch;
        memcpy(fin, s, sizeof *fin);
        fin->nev = 0;
        carc_final_scoring(g, fin);
        for (int i = 0; i < fin->nev; i++) {
            gain[fin->ev[i].player][fin->ev[i].kind] -= fin->ev[i].points;
            total -= fin->ev[i].points;
        }
    }
    if (nstep >= 0) {
        for (int i = 0; i < nstep; i++)
            carc_text_log(run, step[i], 0);
    } else {
        /* the step's events precede the final scoring's in the engine's list, if it kept them */
        carc_state *e = s;
        int nfin = fin ? fin->nev : 0, n = e->nev - nfin, k = n, sum = 0;
        while (sum < total && k > 0)
            sum += e->ev[--k].points;
        if (n >= 0 && sum == total)
            for (int i = k; i < n; i++)
                carc_text_log(run, e->ev[i], 0);
        else
            carc_text_log_gain(run, gain);
    }
    if (fin)
        for (int i = 0; i < fin->nev; i++)
            carc_text_log(run, fin->ev[i], 1);
    if (what == CARC_TEXT_DO_ACTION && s->phase == CARC_PH_DRAW)
        run->mid_turn = phase_before != CARC_PH_START && s->cur == cur_before;
    if (carc_opt_tatan(g) && !run->vend &&
        (s->phase == CARC_PH_END || s->phase == CARC_PH_OVER)) {
        run->vend = 1;
        run->vcur = (s->last_player + 1) % s->nplayers;
        run->vpasses = 0;
    }
}

static void carc_text_apply(carc_text_run *run, int32_t a)
{
    carc_text_engine(run, CARC_TEXT_DO_ACTION, a);
}

static const char *carc_text_ev_kind(int k)
{
    return carc_text_kind_name((carc_text_kind)k);
}

/* "player 0 +4 city, player 1 +2 road" of the events not yet matched. */
static void carc_text_ev_list(const carc_event *ev, const int *used, int n, char *buf,
                              size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (used[i])
            continue;
        int w = snprintf(buf + o, len - o, "%splayer %d +%d %s", o ? ", " : "", ev[i].player,
                         ev[i].points, carc_text_ev_kind(ev[i].kind));
        if (w < 0 || (size_t)w >= len - o)
            break;
        o += (size_t)w;
    }
    if (!o)
        snprintf(buf, len, "nothing");
}

/* Compare the score lines of the finished step with its events, as multisets. */
static carc_text_status carc_text_check_step(carc_text_run *run)
{
    const carc_event *ev = run->end_seen ? run->final_ev : run->step_ev;
    int n = run->end_seen ? run->nfinal_ev : run->nstep_ev;
    int used[CARC_MAX_EV * 2] = {0};
    carc_text_status st = CARC_TEXT_OK;
    if (run->has_scores && run->step_line) {
        for (int c = 0; c < run->nclaims && st == CARC_TEXT_OK; c++) {
            const carc_text_claim *cl = &run->claims[c];
            int hit = -1;
            for (int i = 0; i < n && hit < 0; i++)
                if (!used[i] && ev[i].player == cl->player && ev[i].kind == cl->kind &&
                    ev[i].points == cl->points)
                    hit = i;
            if (hit >= 0) {
                used[hit] = 1;
                continue;
            }
            char list[160];
            carc_text_ev_list(ev, used, n, list, sizeof list);
            st = MISMATCH(cl->line,
                          "score mismatch: expected player %d +%d %s, engine scored (unmatched) %s",
                          cl->player, cl->points, carc_text_ev_kind(cl->kind), list);
        }
        if (st == CARC_TEXT_OK) {
            int extra = 0;
            for (int i = 0; i < n; i++)
                extra += !used[i];
            if (extra) {
                char list[160];
                carc_text_ev_list(ev, used, n, list, sizeof list);
                st = MISMATCH(run->step_line, "score mismatch: engine scored %s with no score line",
                              list);
            }
        }
    }
    run->nclaims = 0;
    if (run->end_seen)
        run->nfinal_ev = 0;
    else
        run->nstep_ev = 0;
    return st;
}

/* Decide a pending deployment: no follower. */
static void carc_text_close_follow(carc_text_run *run)
{
    if (run->follow_open && run->s->phase == CARC_PH_FOLLOW)
        carc_text_apply(run, CARC_A_NOFOLLOW);
    run->follow_open = 0;
}

/* Start a new step at the current line: settle the previous one. */
static carc_text_status carc_text_new_step(carc_text_run *run)
{
    carc_text_close_follow(run);
    carc_text_status st = carc_text_check_step(run);
    run->step_line = run->line.lineno;
    return st;
}

static int carc_text_legal(carc_text_run *run, int32_t a)
{
    return a >= 0 && tafel_is_legal(run->g, run->s, a);
}

/* Draw kind for the step on line lineno (the current line or, drawing ahead, a later one). */
static carc_text_status carc_text_draw_one(carc_text_run *run, int kind, int lineno, int keep)
{
    carc_state *s = run->s;
    if (kind == CARC_TATAN && !s->remain[kind])
        return carc_text_fail(run, CARC_TEXT_REFUSED, lineno, "stack",
                              "no Tatan tile left in the stack (one per player)");
    if (carc_kinds[kind].set == 1 && !carc_opt_tiles_ic(run->g))
        return carc_text_fail(run, CARC_TEXT_REFUSED, lineno, "stack",
                              "%s is not in this game's stack (inns_cathedrals)",
                              carc_kinds[kind].name);
    if (!s->remain[kind]) {
        /* Scenario set-ups may name more tiles of a kind than the box holds; the format only
         * counts Tatan tiles ("the rest of the stack is irrelevant"). The engine's board is
         * sized for the box, so an extra tile must fit it. */
        const carc_kind *K = &carc_kinds[kind];
        if (s->ntiles + 1 + s->nbag > CARC_MAX_TILES || s->nsegs + K->nseg > CARC_MAX_SEGS ||
            s->nfront + 4 > CARC_MAX_FRONT ||
            (K->cloister != CARC_NONE && s->ncl >= CARC_MAX_CL))
            return carc_text_fail(run, CARC_TEXT_REFUSED, lineno, "stack",
                                  "no %s tile left: more than the box holds, and the board "
                                  "cannot take one more",
                                  K->name);
        s->remain[kind]++;
        s->nremain++;
    }
    if (run->turn_next >= 0) {
        carc_text_engine(run, CARC_TEXT_DO_SET_TURN, run->turn_next);
        run->turn_next = -1;
    }
    if (keep && lineno == run->keep_line) {
        /* `tatan keep`: the Tatan tile is the stack's last tile */
        memset(s->remain, 0, sizeof s->remain);
        s->remain[kind] = 1;
        s->nremain = 1;
    }
    int32_t a = carc_draw_action(kind);
    if (!carc_text_legal(run, a))
        return carc_text_fail(run, CARC_TEXT_REFUSED, lineno, "stack",
                              "the engine cannot draw %s here", carc_kinds[kind].name);
    carc_text_apply(run, a);
    run->res->steps++;
    return CARC_TEXT_OK;
}

/* The tile a step line plays. */
static int carc_text_step_kind(const carc_text_line *l)
{
    if (l->op == CARC_TEXT_TILE)
        return carc_kind_by_name(l->tile);
    if (l->op == CARC_TEXT_MOVE || l->op == CARC_TEXT_DRAW2 || l->op == CARC_TEXT_KEEP)
        return CARC_TATAN;
    return -1;
}

static int carc_text_ahead_take(carc_text_run *run, int lineno)
{
    for (int i = 0; i < run->nahead; i++)
        if (run->ahead[i] == lineno) {
            run->ahead[i] = run->ahead[--run->nahead];
            return 1;
        }
    return 0;
}

/* tatan_draw_both_first: the engine draws a turn's tiles before any is played. Draw the
 * current line's tile (kind, -1 if drawn already) and those of the next step lines, as many
 * as the engine draws. If the end phase or the end marker comes first, or one of them is a
 * kept Tatan tile, the stack runs out with them. */
static carc_text_status carc_text_fill_bag(carc_text_run *run, int kind)
{
    carc_state *s = run->s;
    int lines[CARC_TEXT_MAX_AHEAD], kinds[CARC_TEXT_MAX_AHEAD], n = 0, end_first = 0;
    int need = s->bagdraws < CARC_TEXT_MAX_AHEAD ? s->bagdraws : CARC_TEXT_MAX_AHEAD;
    if (kind >= 0) {
        lines[n] = run->line.lineno;
        kinds[n++] = kind;
    }
    carc_text_cursor c = run->cur;
    carc_text_line l;
    char err[TAFEL_ERR_LEN];
    while (n < need && run->nahead + n < CARC_TEXT_MAX_AHEAD) {
        if (carc_text_next(&c, &l, err, sizeof err) != 1 ||
            (run->res->expect_line && l.lineno > run->res->expect_line))
            break;
        if (l.op == CARC_TEXT_GAP || l.op == CARC_TEXT_PASS || l.op == CARC_TEXT_END ||
            l.op == CARC_TEXT_FINAL) {
            end_first = 1;
            break;
        }
        if (l.op == CARC_TEXT_TURN) /* only between turns, and this one owes tile steps */
            return carc_text_fail(run, CARC_TEXT_REFUSED, l.lineno, "turn",
                                  "a turn line in the middle of player %d's turn (%d more tile "
                                  "step%s drawn with option 2)",
                                  s->cur, need - n, need - n == 1 ? "" : "s");
        int k = carc_text_step_kind(&l), drawn = 0;
        for (int i = 0; i < run->nahead; i++)
            drawn |= run->ahead[i] == l.lineno;
        if (k < 0 || k >= CARC_NKINDS || drawn)
            continue;
        lines[n] = l.lineno;
        kinds[n++] = k;
    }
    int out = end_first && n < need, tatans = 0;
    for (int i = 0; i < n; i++) {
        out |= lines[i] == run->keep_line;
        if (kinds[i] == CARC_TATAN && ++tatans > s->remain[CARC_TATAN])
            return carc_text_fail(run, CARC_TEXT_REFUSED, lines[i], "stack",
                                  "no Tatan tile left in the stack (one per player)");
    }
    if (out && s->phase == CARC_PH_DRAW) {
        /* the stack runs out with these draws (a kept Tatan tile is played when it is empty) */
        memset(s->remain, 0, sizeof s->remain);
        for (int i = 0; i < n; i++)
            s->remain[kinds[i]]++;
        s->nremain = (uint8_t)n;
    }
    for (int i = 0; i < n; i++) {
        carc_text_status st = carc_text_draw_one(run, kinds[i], lines[i], 0);
        if (st)
            return st;
        if (lines[i] != run->line.lineno)
            run->ahead[run->nahead++] = lines[i];
    }
    return CARC_TEXT_OK;
}

/* tatan_draw_both_first: play the drawn tile kind next. */
static carc_text_status carc_text_choose(carc_text_run *run, int kind)
{
    carc_state *s = run->s;
    if (s->phase == CARC_PH_DRAW)
        return REFUSE("placement", "the engine still draws: a held tile fit nowhere when "
                                   "played, or the file lacks the turn's next tile steps");
    if (s->phase == CARC_PH_CHOOSE) {
        int32_t a = CARC_A_CHOOSE + kind;
        if (!carc_text_legal(run, a))
            return REFUSE("placement", "no %s among the drawn tiles",
                          kind == CARC_TATAN ? "Tatan" : carc_kinds[kind].name);
        carc_text_apply(run, a);
    }
    return CARC_TEXT_OK;
}

/* Get the tile of the current step line into play: draw it, or (tatan_draw_both_first) pick
 * it among the drawn ones. */
static carc_text_status carc_text_draw(carc_text_run *run, int kind)
{
    carc_state *s = run->s;
    int drawn = carc_text_ahead_take(run, run->line.lineno);
    if (!drawn && s->phase != CARC_PH_DRAW) {
        if (s->phase == CARC_PH_END)
            return REFUSE("turn", "no tile step in the end phase");
        if (s->phase == CARC_PH_OVER)
            return REFUSE("turn", "no tile step: the stack ran out, the game is over");
        return REFUSE("turn", "no tile step expected here");
    }
    if (s->phase == CARC_PH_DRAW && s->bagdraws) {
        carc_text_status st = carc_text_fill_bag(run, drawn ? -1 : kind);
        return st ? st : carc_text_choose(run, kind);
    }
    if (drawn)
        return carc_text_choose(run, kind);
    return carc_text_draw_one(run, kind, run->line.lineno, 1);
}

static const char *const carc_text_move_reasons[] = {"", "figure", "completed", "disconnects",
                                                     "nowhere"};

/* Place the tile in hand (drawn or picked up) on the line's square. */
static carc_text_status carc_text_place(carc_text_run *run, int x, int y, int r)
{
    carc_state *s = run->s;
    int32_t a = carc_place_action(x, y, r);
    int p = s->cur;
    if ((s->phase != CARC_PH_PLACE && s->phase != CARC_PH_MOVE) || !carc_text_legal(run, a))
        return REFUSE("placement", "%s cannot be placed on (%d,%d) rotation %d",
                      carc_kinds[s->hand].name, x, y, r);
    carc_text_apply(run, a);
    run->follow_open = 1;
    run->placed = carc_tile_at(s, x, y);
    run->placer = p;
    return CARC_TEXT_OK;
}

static carc_text_status carc_text_tile(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    int kind = carc_kind_by_name(l->tile);
    if (kind < 0 || kind == CARC_TATAN)
        return SYNTAX("unknown tile kind '%s'", l->tile);
    carc_text_status st = carc_text_draw(run, kind);
    if (st)
        return st;
    if (run->s->phase != CARC_PH_PLACE || run->s->hand != kind)
        return REFUSE("placement", "%s fits nowhere on the board (the engine discarded it)",
                      l->tile);
    return carc_text_place(run, l->x, l->y, l->r);
}

static carc_text_status carc_text_move(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    carc_text_status st = carc_text_draw(run, CARC_TATAN);
    if (st)
        return st;
    carc_state *s = run->s;
    if (s->phase != CARC_PH_TATAN)
        return REFUSE("turn", "the engine offers no Tatan option here");
    int t = carc_tile_at(s, l->x, l->y);
    if (t < 0)
        return REFUSE("nothing", "no tile on (%d,%d) to move", l->x, l->y);
    memcpy(&run->scratch, s, sizeof run->scratch); /* the check compresses paths */
    int why = carc_move_refusal(run->g, &run->scratch, t);
    if (why > 0 && why <= 4)
        return REFUSE(carc_text_move_reasons[why], "the tile on (%d,%d) may not be moved (%s)",
                      l->x, l->y, carc_text_move_reasons[why]);
    int32_t a = carc_pick_action(l->x, l->y);
    if (!carc_text_legal(run, a))
        return REFUSE("nowhere", "the engine does not let the tile on (%d,%d) be moved", l->x,
                      l->y);
    if (l->x2 == l->x && l->y2 == l->y)
        return REFUSE("placement", "a moved tile must go to another square");
    carc_text_apply(run, a);
    return carc_text_place(run, l->x2, l->y2, l->r);
}

static carc_text_status carc_text_option(carc_text_run *run, int32_t a, const char *what)
{
    carc_text_status st = carc_text_draw(run, CARC_TATAN);
    if (st)
        return st;
    if (run->s->phase != CARC_PH_TATAN || !carc_text_legal(run, a))
        return REFUSE("turn", "%s is not possible here", what);
    carc_text_apply(run, a);
    return CARC_TEXT_OK;
}

static carc_text_status carc_text_follower(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    carc_state *s = run->s;
    if (!run->follow_open)
        return REFUSE("follower", "no tile to deploy on here");
    if (!strcmp(l->feature, "tatan"))
        return REFUSE("follower", "'follower tatan' belongs after a gap line");
    run->follow_open = 0;
    int p = run->placer, kind = s->tiles[run->placed].kind;
    int seg = carc_seg_by_name(kind, l->feature);
    if (seg < 0)
        return REFUSE("follower", "the %s tile has no %s", carc_kinds[kind].name, l->feature);
    int32_t a = CARC_A_FOLLOW + 2 * seg + (l->large ? 1 : 0);
    if (s->phase == CARC_PH_FOLLOW && carc_text_legal(run, a)) {
        carc_text_apply(run, a);
        return CARC_TEXT_OK;
    }
    const carc_tile *T = &s->tiles[run->placed];
    if (s->occ[carc_find_c(s, T->seg_base + seg)])
        return REFUSE("follower", "%s is occupied", l->feature);
    if (carc_kinds[kind].seg[seg].type == CARC_FIELD && !carc_opt_farmers(run->g))
        return REFUSE("follower", "farmers are off");
    if (l->large ? !s->large[p] : !s->supply[p])
        return REFUSE("supply", "player %d has no %sfollower in supply", p,
                      l->large ? "large " : "");
    return REFUSE("follower", "the engine refuses a follower on %s", l->feature);
}

/* The stack ran out (the file's end phase or end marker came): end the game's tile steps. */
static void carc_text_stack_out(carc_text_run *run)
{
    if (run->s->phase == CARC_PH_DRAW)
        carc_text_engine(run, CARC_TEXT_DO_END_GAME, 0);
    if (run->turn_next >= 0 && run->vend == 1) {
        /* a turn line before the end phase gives its first turn */
        run->vcur = run->turn_next;
        run->vpasses = 0;
        if (run->s->phase == CARC_PH_END)
            carc_text_engine(run, CARC_TEXT_DO_SET_TURN, run->turn_next);
    }
    run->turn_next = -1;
}

/* End phase: the player whose turn it is passes. */
static void carc_text_vpass(carc_text_run *run)
{
    carc_state *s = run->s;
    if (s->phase == CARC_PH_END && s->cur == run->vcur)
        carc_text_apply(run, CARC_A_PASS);
    run->vcur = (run->vcur + 1) % s->nplayers;
    if (++run->vpasses >= s->nplayers)
        run->vend = 2;
}

/* End phase: it must be p's turn; with implied passes, the players before p pass. */
static carc_text_status carc_text_end_turn(carc_text_run *run, int p, int implied_passes)
{
    carc_text_stack_out(run);
    while (implied_passes && run->vend == 1 && run->vcur != p)
        carc_text_vpass(run);
    if (run->vend == 2)
        return REFUSE("turn", "the end phase is over");
    if (run->vend != 1)
        return REFUSE("turn", "the end phase has not begun");
    if (run->vcur != p)
        return REFUSE("turn", "it is player %d's turn, not player %d's", run->vcur, p);
    return CARC_TEXT_OK;
}

static carc_text_status carc_text_gap(carc_text_run *run)
{
    carc_text_line l = run->line;
    carc_state *s = run->s;
    carc_text_status st = carc_text_end_turn(run, l.player, 1);
    if (st)
        return st;
    for (int j = 0; j < l.nsq; j++)
        if (l.sq[j][0] < -CARC_OFF || l.sq[j][0] >= CARC_OFF || l.sq[j][1] < -CARC_OFF ||
            l.sq[j][1] >= CARC_OFF)
            return REFUSE("gap", "(%d,%d) lies in no gap", l.sq[j][0], l.sq[j][1]);
    uint16_t sq[CARC_TEXT_MAX_GAP];
    int n = carc_gap_squares(s, carc_sq(l.sq[0][0], l.sq[0][1]), sq, CARC_TEXT_MAX_GAP);
    if (n <= 0)
        return REFUSE("gap", "(%d,%d) lies in no gap", l.sq[0][0], l.sq[0][1]);
    if (n > CARC_TEXT_MAX_GAP)
        return REFUSE("gap", "the squares are not exactly one gap (it has %d squares)", n);
    int same = n == l.nsq, mn = sq[0];
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < l.nsq; j++)
            found |= carc_sq(l.sq[j][0], l.sq[j][1]) == sq[i];
        same &= found;
        if (sq[i] < mn)
            mn = sq[i];
    }
    if (!same)
        return REFUSE("gap", "the squares are not exactly one gap (it has %d square%s)", n,
                      n == 1 ? "" : "s");
    if (s->held[l.player] < n)
        return REFUSE("tatan-tiles", "player %d holds %d Tatan tile%s, the gap has %d squares",
                      l.player, s->held[l.player], s->held[l.player] == 1 ? "" : "s", n);
    if (!s->supply[l.player] && !s->large[l.player])
        return REFUSE("supply", "player %d has no follower in supply", l.player);
    /* the follower line belongs to the fill */
    carc_text_cursor save = run->cur;
    char err[TAFEL_ERR_LEN];
    int rc = carc_text_next(&run->cur, &run->line, err, sizeof err);
    if (rc < 0)
        return SYNTAX("%s", err);
    if (rc == 0 || run->line.op != CARC_TEXT_FOLLOWER || strcmp(run->line.feature, "tatan")) {
        if (rc == 0) {
            run->line = l;
            run->cur = save;
        }
        return REFUSE("follower", "a gap line must be followed by 'follower [L] tatan'");
    }
    int large = run->line.large;
    if (large ? !s->large[l.player] : !s->supply[l.player])
        return REFUSE("supply", "player %d has no %sfollower in supply", l.player,
                      large ? "large " : "");
    int32_t a = carc_fill_action(carc_sqx(mn), carc_sqy(mn), large);
    if (s->phase != CARC_PH_END || s->cur != l.player || !carc_text_legal(run, a))
        return REFUSE("gap", "the engine refuses this fill");
    carc_text_apply(run, a);
    run->vcur = (l.player + 1) % s->nplayers;
    run->vpasses = 0;
    return CARC_TEXT_OK;
}

/* The end marker: the stack ran out, the end phase's remaining players pass, final scoring. */
static carc_text_status carc_text_end(carc_text_run *run)
{
    carc_state *s = run->s;
    carc_text_stack_out(run);
    while (s->phase == CARC_PH_END && carc_text_legal(run, CARC_A_PASS))
        carc_text_apply(run, CARC_A_PASS);
    if (s->phase != CARC_PH_OVER)
        return REFUSE("turn", "the game cannot end here");
    if (run->vend)
        run->vend = 2;
    run->end_seen = 1;
    return CARC_TEXT_OK;
}

static int carc_text_player_ok(carc_text_run *run, int p)
{
    return p < run->s->nplayers;
}

static carc_text_status carc_text_claim_line(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    carc_state *s = run->s;
    int p = l->player;
    switch (l->op) {
    case CARC_TEXT_EXPECT: {
        int v = l->kind == CARC_TEXT_K_NONE ? s->score[p] : carc_kind_score(s, p, (int)l->kind);
        if (v != l->points)
            return MISMATCH(l->lineno, "expect mismatch: player %d %s %d expected, engine has %d",
                            p, carc_text_kind_name(l->kind), l->points, v);
        return CARC_TEXT_OK;
    }
    case CARC_TEXT_HOLDS:
        if (s->held[p] != l->n)
            return MISMATCH(l->lineno, "holds mismatch: player %d holds %d Tatan tiles, not %d", p,
                            s->held[p], l->n);
        return CARC_TEXT_OK;
    case CARC_TEXT_SUPPLY:
        if (s->supply[p] != l->n || (l->nl >= 0 && s->large[p] != l->nl))
            return MISMATCH(l->lineno,
                            "supply mismatch: player %d has %d followers and %d large, "
                            "expected %d%s%.0d",
                            p, s->supply[p], s->large[p], l->n, l->nl >= 0 ? " and " : "",
                            l->nl >= 0 ? l->nl : 0);
        return CARC_TEXT_OK;
    default:
        return CARC_TEXT_OK;
    }
}

static carc_text_status carc_text_final(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    carc_state *s = run->s;
    if (l->nfinal != s->nplayers)
        return SYNTAX("final names %d totals for %d players", l->nfinal, s->nplayers);
    for (int p = 0; p < s->nplayers; p++)
        if (s->score[p] != l->final[p]) {
            char got[96];
            size_t o = 0;
            for (int q = 0; q < s->nplayers; q++)
                o += (size_t)snprintf(got + o, sizeof got - o, "%s%d", q ? " " : "", s->score[q]);
            return MISMATCH(l->lineno, "final mismatch: player %d has %d, not %d (engine: %s)", p,
                            s->score[p], l->final[p], got);
        }
    return CARC_TEXT_OK;
}

static carc_text_status carc_text_check_scored(carc_text_run *run)
{
    for (int c = 0; c < run->nscored; c++) {
        const carc_text_claim *cl = &run->scored[c];
        int hit = 0;
        for (int i = 0; i < run->nlog && !hit; i++)
            hit = run->log[i].player == cl->player && run->log[i].kind == cl->kind &&
                  run->log[i].points == cl->points;
        if (!hit)
            return MISMATCH(cl->line, "scored mismatch: no event gave player %d %d for %s",
                            cl->player, cl->points, carc_text_ev_kind(cl->kind));
    }
    return CARC_TEXT_OK;
}

static carc_text_status carc_text_line_step(carc_text_run *run)
{
    const carc_text_line *l = &run->line;
    carc_state *s = run->s;
    int tatan = carc_opt_tatan(run->g);
    switch (l->op) {
    case CARC_TEXT_GAME:
        return SYNTAX("the game line must be the first line");
    case CARC_TEXT_EXPECT_ERROR:
        return CARC_TEXT_OK;
    case CARC_TEXT_FOLLOWER:
        return carc_text_follower(run);
    case CARC_TEXT_SCORE:
        if (!run->step_line)
            return SYNTAX("score line before any tile step");
        if (run->nclaims == CARC_TEXT_MAX_CLAIMS)
            return SYNTAX("too many score lines in one step");
        if (!carc_text_player_ok(run, l->player))
            return SYNTAX("no player %d", l->player);
        run->claims[run->nclaims++] =
            (carc_text_claim){l->lineno, l->player, l->points, (int)l->kind};
        return CARC_TEXT_OK;
    case CARC_TEXT_SCORED:
        if (run->nscored == CARC_TEXT_MAX_CLAIMS)
            return SYNTAX("too many scored lines");
        if (!carc_text_player_ok(run, l->player))
            return SYNTAX("no player %d", l->player);
        run->scored[run->nscored++] =
            (carc_text_claim){l->lineno, l->player, l->points, (int)l->kind};
        return CARC_TEXT_OK;
    case CARC_TEXT_EXPECT:
    case CARC_TEXT_HOLDS:
    case CARC_TEXT_SUPPLY:
        if (!carc_text_player_ok(run, l->player))
            return SYNTAX("no player %d", l->player);
        carc_text_close_follow(run);
        return carc_text_claim_line(run);
    case CARC_TEXT_TURN: {
        if (!carc_text_player_ok(run, l->player))
            return SYNTAX("no player %d", l->player);
        carc_text_close_follow(run);
        if (run->vend == 1) {
            run->vcur = l->player;
            run->vpasses = 0;
            if (s->phase == CARC_PH_END)
                carc_text_engine(run, CARC_TEXT_DO_SET_TURN, l->player);
            return CARC_TEXT_OK;
        }
        if (s->phase != CARC_PH_DRAW || run->mid_turn)
            return REFUSE("turn", "turn lines go between turns");
        run->turn_next = l->player; /* set-up harness: the next turn is P's */
        return CARC_TEXT_OK;
    }
    case CARC_TEXT_FINAL: {
        /* final closes the end-game scoring (and implies the end marker) */
        carc_text_status st = carc_text_new_step(run);
        if (!st && !run->end_seen) {
            st = carc_text_end(run);
            if (!st)
                st = carc_text_new_step(run);
        }
        return st ? st : carc_text_final(run);
    }
    default:
        break;
    }
    /* a step */
    if ((l->op == CARC_TEXT_MOVE || l->op == CARC_TEXT_DRAW2 || l->op == CARC_TEXT_KEEP ||
         l->op == CARC_TEXT_GAP || l->op == CARC_TEXT_PASS) &&
        !tatan)
        return SYNTAX("tatan, gap and pass lines need tatan=on");
    if ((l->op == CARC_TEXT_GAP || l->op == CARC_TEXT_PASS) && !carc_text_player_ok(run, l->player))
        return SYNTAX("no player %d", l->player);
    if (run->end_seen)
        return REFUSE("turn", "the game is over");
    carc_text_status st = carc_text_new_step(run);
    if (st)
        return st;
    switch (l->op) {
    case CARC_TEXT_TILE:
        return carc_text_tile(run);
    case CARC_TEXT_MOVE:
        return carc_text_move(run);
    case CARC_TEXT_DRAW2:
        return carc_text_option(run, CARC_A_DRAW2, "option 2 (draw2)");
    case CARC_TEXT_KEEP:
        return carc_text_option(run, CARC_A_KEEP, "keeping the Tatan tile");
    case CARC_TEXT_GAP:
        return carc_text_gap(run);
    case CARC_TEXT_PASS:
        st = carc_text_end_turn(run, l->player, 0);
        if (!st)
            carc_text_vpass(run);
        return st;
    case CARC_TEXT_END:
        return carc_text_end(run);
    default:
        return SYNTAX("unexpected line");
    }
}

/* First pass: the game line, the refusal test's line, score lines, a `tatan keep`. */
static void carc_text_prescan(carc_text_run *run, const char *text, size_t len, char *game,
                              size_t gamelen)
{
    carc_text_cursor c = {text, len, 0, 0};
    carc_text_line l;
    char err[TAFEL_ERR_LEN];
    int first = 1, want_expect = 0;
    carc_text_result *res = run->res;
    while (carc_text_next(&c, &l, err, sizeof err) == 1) {
        if (want_expect) {
            res->expect_line = l.lineno;
            want_expect = 0;
        }
        if (l.op == CARC_TEXT_GAME && first)
            snprintf(game, gamelen, "%s", l.text);
        first = 0;
        if (l.op == CARC_TEXT_EXPECT_ERROR && !res->expect_line) {
            snprintf(res->expect_category, sizeof res->expect_category, "%.15s", l.text);
            want_expect = 1;
        }
        if (l.op == CARC_TEXT_SCORE)
            run->has_scores = 1;
        if (l.op == CARC_TEXT_KEEP && !run->keep_line)
            run->keep_line = l.lineno;
        if (res->expect_line && l.lineno >= res->expect_line)
            break;
    }
}

carc_text_status carc_text_replay(const char *text, size_t len, tafel_game *g, void *state,
                                  carc_text_result *res)
{
    carc_text_run *run = &(carc_text_run){0};
    memset(res, 0, sizeof *res);
    run->g = g;
    run->s = state;
    run->res = res;
    char game[200] = "";
    run->turn_next = -1;
    carc_text_prescan(run, text, len, game, sizeof game);
    /* without a game line: the 2-player base game */
    char params[200] = "players=2,tatan=off,inns_cathedrals=off";
    if (game[0]) {
        const char *open = strchr(game, '('), *close = strrchr(game, ')');
        params[0] = 0;
        if (open && (!close || close[1] || close < open)) {
            run->line.lineno = 1;
            return SYNTAX("bad game line: expected carcassonne(name=value,...)");
        }
        if (open)
            snprintf(params, sizeof params, "%.*s", (int)(close - open - 1), open + 1);
    }
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load_type(g, &tafel_game_carcassonne, params, err, sizeof err)) {
        run->line.lineno = 1;
        return SYNTAX("%s", err);
    }
    g->type->init(g, state);
    carc_state *s = state;
    if (s->phase == CARC_PH_START) /* player 0 places the first tile after the start tile */
        run->g->type->apply(g, s, CARC_A_START);
    run->cur = (carc_text_cursor){text, len, 0, 0};
    carc_text_status st = CARC_TEXT_OK;
    int first = 1;
    for (;;) {
        int rc = carc_text_next(&run->cur, &run->line, err, sizeof err);
        if (rc < 0) {
            run->line.lineno = run->cur.lineno;
            st = SYNTAX("%s", err);
            break;
        }
        if (rc == 0)
            break;
        if (run->line.op == CARC_TEXT_GAME && first) {
            first = 0;
            continue;
        }
        first = 0;
        int lineno = run->line.lineno;
        st = carc_text_line_step(run);
        if (st)
            break;
        if (res->expect_line && lineno >= res->expect_line) {
            st = MISMATCH(lineno, "the line was accepted, but the file expects a refusal (%s)",
                          res->expect_category);
            break;
        }
    }
    if (!st) {
        run->line.lineno = run->cur.lineno;
        carc_text_close_follow(run);
        st = carc_text_check_step(run);
    }
    /* scored lines before the stop hold over the whole game replayed */
    if (st == CARC_TEXT_OK || res->line > 0) {
        carc_text_result keep = *res;
        int stop = st ? res->line : 1 << 30;
        int n = 0;
        for (int i = 0; i < run->nscored; i++)
            if (run->scored[i].line < stop)
                run->scored[n++] = run->scored[i];
        run->nscored = n;
        if (carc_text_check_scored(run) != CARC_TEXT_OK && (!st || res->line < keep.line))
            st = res->status;
        else
            *res = keep;
    }
    if (!st)
        res->line = 0;
    return st;
}
