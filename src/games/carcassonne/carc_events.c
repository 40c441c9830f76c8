/* carc_events.c: what a viewer is told of an action: its notation (action_seen) and the events
 * it caused (events_json): draws, discards, scorings with their features, followers returned,
 * automatic plays and passes, the end phase and the result. Nothing in Carcassonne is hidden but
 * the order of the stack (spec §3), which no state holds, so every viewer is told the same and
 * the events are rebuilt from public parts of before, action and after only. */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"

int carc_action_to_text(const tafel_game *g, const void *state, int32_t a, char *buf,
                        size_t len);

/* Tile draws are shown face up and every move is made on the open board. */
int carc_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                     char *buf, size_t len)
{
    (void)viewer;
    carc_action_to_text(g, state, action, buf, len);
    return 1;
}

static const char *const carc_ev_kinds[CARC_NK] = {"city", "road", "cloister", "field", "tatan"};

/* Append {"type": type, "text": printf(...)}; returns it for the caller's data fields. */
static json_t *carc_ev_add(json_t *evs, const char *type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static json_t *carc_ev_add(json_t *evs, const char *type, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_t *e = json_pack("{s:s,s:s}", "type", type, "text", text);
    json_array_append_new(evs, e);
    return e;
}

/* "player 2" or "players 0 and 1" (who[] ascending). */
static void carc_ev_who(char *buf, size_t len, const int *who, int n)
{
    if (n == 1) {
        snprintf(buf, len, "player %d", who[0]);
        return;
    }
    int k = snprintf(buf, len, "players");
    for (int i = 0; i < n && k >= 0 && (size_t)k < len; i++)
        k += snprintf(buf + k, len - (size_t)k, "%s%d",
                      i == 0 ? " " : i == n - 1 ? " and " : ", ", who[i]);
}

/* "player" for one, "players" (an array) when several share. */
static void carc_ev_set_who(json_t *e, const int *who, int n)
{
    if (n == 1) {
        json_object_set_new(e, "player", json_integer(who[0]));
        return;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, json_integer(who[i]));
    json_object_set_new(e, "players", arr);
}

static const char *carc_ev_role(int type, int large)
{
    static const char *const roles[2][5] = {
        {"follower", "knight", "highwayman", "farmer", "monk"},
        {"large follower", "large knight", "large highwayman", "large farmer", "large monk"}};
    return roles[large ? 1 : 0][type >= CARC_CITY && type <= CARC_CLOISTER ? type : 0];
}

/* A follower as view_json writes it: player, x, y, feature (segment name), large. */
static json_t *carc_ev_follower(const carc_state *s, const carc_fol *f, char *name, size_t len)
{
    const carc_tile *T = &s->tiles[f->tile];
    carc_seg_name(T->kind, f->seg, name, len);
    return json_pack("{s:i,s:i,s:i,s:s,s:b}", "player", f->player, "x", T->x, "y", T->y,
                     "feature", name, "large", f->large);
}

/* Majority on the feature rooted at root: who[] gets the players with the highest strength. */
static int carc_ev_majority(carc_state *s, int root, int *who)
{
    int str[TAFEL_MAX_PLAYERS] = {0}, best = 0, n = 0;
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        if (carc_find(s, s->tiles[f->tile].seg_base + f->seg) == root) {
            str[f->player] += f->large ? 2 : 1;
            best = str[f->player] > best ? str[f->player] : best;
        }
    }
    for (int p = 0; best && p < s->nplayers; p++)
        if (str[p] == best)
            who[n++] = p;
    return n;
}

/* One score event for a road, city, cloister or field rooted at root, on the tile at (x,y):
 * completed during play or scored as it stands at the end. */
static void carc_ev_feature(json_t *evs, carc_state *s, int root, int pts, int x, int y,
                            int completed)
{
    int who[TAFEL_MAX_PLAYERS], n = carc_ev_majority(s, root, who);
    if (!n || pts <= 0)
        return;
    int ty = s->sfl[root] & CARC_S_TYPE;
    char whos[64], what[128];
    carc_ev_who(whos, sizeof whos, who, n);
    int tiles = s->tcount[root], pen = s->pen[root];
    const char *kind = "field";
    switch (ty) {
    case CARC_CITY:
    case CARC_ROAD: {
        int city = ty == CARC_CITY;
        const char *extra = !city && (s->sfl[root] & CARC_S_INN)      ? ", an inn"
                            : city && (s->sfl[root] & CARC_S_CATH)    ? ", a cathedral"
                                                                      : "";
        kind = city ? "city" : "road";
        if (city)
            snprintf(what, sizeof what, "%s city at %d,%d (%d tile%s, %d pennant%s%s)",
                     completed ? "a" : "an incomplete", x, y, tiles, tiles == 1 ? "" : "s", pen,
                     pen == 1 ? "" : "s", extra);
        else
            snprintf(what, sizeof what, "%s road at %d,%d (%d tile%s%s)",
                     completed ? "a" : "an incomplete", x, y, tiles, tiles == 1 ? "" : "s",
                     extra);
        break;
    }
    case CARC_CLOISTER:
        kind = "cloister";
        if (completed)
            snprintf(what, sizeof what, "a completed cloister at %d,%d", x, y);
        else
            snprintf(what, sizeof what, "a cloister at %d,%d (%d neighbour%s)", x, y, pts - 1,
                     pts == 2 ? "" : "s");
        break;
    default:
        snprintf(what, sizeof what, "a field at %d,%d (%d completed cit%s)", x, y, pts / 3,
                 pts == 3 ? "y" : "ies");
        break;
    }
    json_t *e = carc_ev_add(evs, "score", "%s score%s %d%s for %s", whos, n == 1 ? "s" : "",
                            pts, n == 1 ? "" : " each", what);
    carc_ev_set_who(e, who, n);
    json_object_set_new(e, "points", json_integer(pts));
    json_object_set_new(e, "kind", json_string(kind));
    json_object_set_new(e, "x", json_integer(x));
    json_object_set_new(e, "y", json_integer(y));
    if (ty == CARC_CITY || ty == CARC_ROAD)
        json_object_set_new(e, "tiles", json_integer(tiles));
    if (ty == CARC_CITY)
        json_object_set_new(e, "pennants", json_integer(pen));
    if (ty == CARC_ROAD && (s->sfl[root] & CARC_S_INN))
        json_object_set_new(e, "inn", json_true());
    if (ty == CARC_CITY && (s->sfl[root] & CARC_S_CATH))
        json_object_set_new(e, "cathedral", json_true());
    if (ty == CARC_FIELD)
        json_object_set_new(e, "cities", json_integer(pts / 3));
    json_object_set_new(e, "final", json_boolean(!completed));
}

/* The followers on root go back to supply (after its completion was scored). */
static void carc_ev_returns(json_t *evs, carc_state *s, int root)
{
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        if (carc_find(s, s->tiles[f->tile].seg_base + f->seg) != root)
            continue;
        char name[64];
        json_t *fo = carc_ev_follower(s, f, name, sizeof name);
        int ty = carc_kinds[s->tiles[f->tile].kind].seg[f->seg].type;
        json_t *e = carc_ev_add(evs, "auto", "player %d's %s returns from %s at %d,%d",
                                f->player, carc_ev_role(ty, f->large), name,
                                s->tiles[f->tile].x, s->tiles[f->tile].y);
        json_object_set_new(e, "move", json_string("return"));
        json_object_update(e, fo);
        json_decref(fo);
    }
}

/* The completions of a placement, scored after deployment (§3 step 4), in the engine's order:
 * mid is the state just before carc_score_pending, t the tile just placed. */
static void carc_ev_completions(const tafel_game *g, json_t *evs, carc_state *mid, int t)
{
    for (int i = 0; i < mid->npend; i++) {
        int r = mid->pend[i];
        if (!mid->occ[r])
            continue;
        carc_ev_feature(evs, mid, r, carc_feature_value(g, mid, r, 1), mid->tiles[t].x,
                        mid->tiles[t].y, 1);
        carc_ev_returns(evs, mid, r);
    }
    for (int i = 0; i < mid->npcl; i++) {
        const carc_tile *T = &mid->tiles[mid->pcl[i]];
        int seg = T->seg_base + carc_kinds[T->kind].cloister;
        if (!mid->occ[seg])
            continue;
        carc_ev_feature(evs, mid, seg, 9, T->x, T->y, 1);
        carc_ev_returns(evs, mid, seg);
    }
}

/* Final scoring (§3): every feature with followers once, in follower order, on the tile of its
 * first follower. s is the state after it (the board and followers do not change). */
static void carc_ev_final(const tafel_game *g, json_t *evs, carc_state *s)
{
    uint16_t done[CARC_MAX_FOL];
    int nd = 0;
    json_object_set_new(carc_ev_add(evs, "phase", "final scoring"), "phase",
                        json_string("final"));
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        int seg = s->tiles[f->tile].seg_base + f->seg, r = carc_find(s, seg), k = 0;
        while (k < nd && done[k] != r)
            k++;
        if (k < nd)
            continue;
        done[nd++] = (uint16_t)r;
        carc_ev_feature(evs, s, r, carc_feature_value(g, s, seg, 0), s->tiles[f->tile].x,
                        s->tiles[f->tile].y, 0);
    }
}

static void carc_ev_end(json_t *evs, const carc_state *s)
{
    int best = -1, who[TAFEL_MAX_PLAYERS], n = 0;
    for (int p = 0; p < s->nplayers; p++)
        best = s->score[p] > best ? s->score[p] : best;
    for (int p = 0; p < s->nplayers; p++)
        if (s->score[p] == best)
            who[n++] = p;
    char whos[64], scores[96];
    carc_ev_who(whos, sizeof whos, who, n);
    int k = 0;
    json_t *sc = json_array(), *win = json_array();
    for (int p = 0; p < s->nplayers; p++) {
        k += snprintf(scores + k, sizeof scores - (size_t)k, "%s%d", p ? "-" : "", s->score[p]);
        json_array_append_new(sc, json_integer(s->score[p]));
    }
    for (int i = 0; i < n; i++)
        json_array_append_new(win, json_integer(who[i]));
    json_t *e = carc_ev_add(evs, "end", "game over: %s %s with %d points (%s)", whos,
                            n == 1 ? "wins" : "share the win", best, scores);
    json_object_set_new(e, "scores", sc);
    json_object_set_new(e, "winners", win);
}

/* A Tatan filling (§5): the filler's points, follower by follower [D-17, D-18]. */
static void carc_ev_fill(const tafel_game *g, json_t *evs, const carc_state *b, int32_t a)
{
    int sq = (a - CARC_A_FILL) >> 1, p = b->cur;
    uint16_t sqs[CARC_MAX_TAT];
    int k = carc_gap_squares(b, sq, sqs, CARC_MAX_TAT);
    carc_state *c = malloc(sizeof *c);
    memcpy(c, b, sizeof *c);
    json_t *fols = json_array(), *squares = json_array();
    int total = 0, counted = 0;
    for (int i = 0; i < b->nfol; i++) { /* each follower alone: what it adds */
        c->fol[0] = b->fol[i];
        c->nfol = 1;
        int pts = carc_fill_points(g, c, sqs, k);
        if (!pts)
            continue;
        char name[64];
        json_t *fo = carc_ev_follower(b, &b->fol[i], name, sizeof name);
        json_object_set_new(fo, "points", json_integer(pts));
        json_array_append_new(fols, fo);
        total += pts;
        counted++;
    }
    free(c);
    for (int i = 0; i < k; i++)
        json_array_append_new(squares,
                              json_pack("[i,i]", carc_sqx(sqs[i]), carc_sqy(sqs[i])));
    if (total <= 0) {
        json_decref(fols);
        json_decref(squares);
        return;
    }
    json_t *e = carc_ev_add(evs, "score",
                            "player %d scores %d for filling the gap at %d,%d (%d square%s, "
                            "%d follower%s open to it)",
                            p, total, carc_sqx(sq), carc_sqy(sq), k, k == 1 ? "" : "s", counted,
                            counted == 1 ? "" : "s");
    json_object_set_new(e, "player", json_integer(p));
    json_object_set_new(e, "points", json_integer(total));
    json_object_set_new(e, "kind", json_string(carc_ev_kinds[CARC_K_TATAN]));
    json_object_set_new(e, "squares", squares);
    json_object_set_new(e, "followers", fols);
}

/* Held tiles played without a choice: all those left are of one kind ([D-13]). The drawn, chosen
 * and still held tiles account for the rest. */
static void carc_ev_autoplays(json_t *evs, const carc_state *b, int32_t a, const carc_state *s)
{
    int cnt[CARC_NKINDS] = {0};
    for (int i = 0; i < b->nbag; i++)
        cnt[b->bag[i]]++;
    if (a >= CARC_A_DRAW && a < CARC_A_START && b->bagdraws)
        cnt[a - CARC_A_DRAW]++;
    if (a >= CARC_A_CHOOSE && a < CARC_A_DRAW)
        cnt[a - CARC_A_CHOOSE]--;
    for (int i = 0; i < s->nbag; i++)
        cnt[s->bag[i]]--;
    for (int k = 0; k < CARC_NKINDS; k++)
        for (int i = 0; i < cnt[k]; i++) {
            json_t *e = carc_ev_add(evs, "auto", "player %d plays %s (no other tile to choose)",
                                    b->cur, carc_kinds[k].name);
            json_object_set_new(e, "move", json_string("play"));
            json_object_set_new(e, "player", json_integer(b->cur));
            json_object_set_new(e, "tile", json_string(carc_kinds[k].name));
        }
}

static void carc_ev_discards(json_t *evs, const carc_state *b, const carc_state *s)
{
    for (int k = 0; k < CARC_NKINDS; k++)
        for (int i = b->discarded[k]; i < s->discarded[k]; i++) {
            json_t *e = carc_ev_add(evs, "auto", "%s fits nowhere: player %d discards it",
                                    carc_kinds[k].name, b->cur);
            json_object_set_new(e, "move", json_string("discard"));
            json_object_set_new(e, "player", json_integer(b->cur));
            json_object_set_new(e, "tile", json_string(carc_kinds[k].name));
        }
}

/* The stack ran out, end-phase turns skipped for players who cannot fill, the end phase's end
 * [D-4, D-15, D-16]. */
static void carc_ev_end_phase(const tafel_game *g, json_t *evs, const carc_state *b, int32_t a,
                              const carc_state *s)
{
    int n = s->nplayers, start, passes0;
    int over = s->phase == CARC_PH_OVER;
    if (b->phase != CARC_PH_END) { /* the tile steps are over */
        json_t *e;
        if (carc_opt_tatan(g))
            e = carc_ev_add(evs, "phase",
                            "the stack is empty (player %d placed the last tile): end phase, "
                            "filling gaps from player %d",
                            s->last_player, (s->last_player + 1) % n);
        else
            e = carc_ev_add(evs, "phase", "the stack is empty (player %d placed the last tile)",
                            s->last_player);
        json_object_set_new(e, "phase", json_string(carc_opt_tatan(g) ? "end" : "empty"));
        json_object_set_new(e, "last_player", json_integer(s->last_player));
        if (!carc_opt_tatan(g))
            return;
        start = (s->last_player + 1) % n;
        passes0 = 0;
    } else {
        start = (b->cur + 1) % n;
        passes0 = a == CARC_A_PASS ? b->passes + 1 : 0;
    }
    int skipped = s->passes - passes0;
    for (int i = 0; i < skipped; i++) {
        int q = (start + i) % n;
        json_t *e = carc_ev_add(evs, "auto", "player %d passes (cannot fill a gap)", q);
        json_object_set_new(e, "move", json_string("pass"));
        json_object_set_new(e, "player", json_integer(q));
    }
    if (over) {
        json_t *e = carc_ev_add(evs, "phase", "the end phase is over: %s",
                                passes0 + skipped >= n ? "a whole round without a filling"
                                                       : "nobody can fill a gap");
        json_object_set_new(e, "phase", json_string("end_over"));
    }
}

json_t *carc_events_json(const tafel_game *g, const void *before, int32_t a, const void *after,
                         int viewer)
{
    (void)viewer; /* everyone is told everything: see the first comment */
    const carc_state *b = before, *s = after;
    json_t *evs = json_array();
    int p = b->cur;
    if (a >= CARC_A_START) {
        json_t *e = carc_ev_add(evs, "start", "player %d starts", a - CARC_A_START);
        json_object_set_new(e, "player", json_integer(a - CARC_A_START));
    } else if (a >= CARC_A_DRAW) {
        int k = a - CARC_A_DRAW;
        json_t *e;
        if (k == CARC_TATAN)
            e = carc_ev_add(evs, "draw", "player %d draws a Tatan tile (holds %d; %d left)", p,
                            s->held[p], s->nremain);
        else
            e = carc_ev_add(evs, "draw", "player %d draws %s (%d left)", p, carc_kinds[k].name,
                            s->nremain);
        json_object_set_new(e, "player", json_integer(p));
        json_object_set_new(e, "tile", json_string(carc_kinds[k].name));
        json_object_set_new(e, "left", json_integer(s->nremain));
        if (k == CARC_TATAN)
            json_object_set_new(e, "holds", json_integer(s->held[p]));
    }
    int place = a < CARC_A_PICK, follow = a >= CARC_A_FOLLOW && a <= CARC_A_NOFOLLOW;
    if (place && s->phase != CARC_PH_FOLLOW) { /* nothing to deploy: scored at once */
        int none = !(b->supply[p] + b->large[p]);
        json_t *e = carc_ev_add(evs, "auto", "player %d deploys no follower (%s)", p,
                                none ? "none in supply" : "no free feature on the tile");
        json_object_set_new(e, "move", json_string("none"));
        json_object_set_new(e, "player", json_integer(p));
    }
    if ((place && s->phase != CARC_PH_FOLLOW) || follow) {
        carc_state *mid = malloc(sizeof *mid);
        memcpy(mid, b, sizeof *mid);
        int t = mid->placed;
        if (place) {
            int sq = a >> 2;
            t = carc_place(g, mid, carc_front_find(mid, sq), mid->hand, a & 3);
        } else if (a != CARC_A_NOFOLLOW) { /* the deployment as apply makes it */
            carc_fol *f = &mid->fol[mid->nfol++];
            f->tile = (uint8_t)t;
            f->seg = (uint8_t)((a - CARC_A_FOLLOW) >> 1);
            f->player = (uint8_t)p;
            f->large = (uint8_t)((a - CARC_A_FOLLOW) & 1);
            mid->occ[carc_find(mid, mid->tiles[t].seg_base + f->seg)]++;
        }
        carc_ev_completions(g, evs, mid, t);
        free(mid);
    }
    if (a >= CARC_A_FILL && a < CARC_A_FOLLOW)
        carc_ev_fill(g, evs, b, a);
    carc_ev_autoplays(evs, b, a, s);
    carc_ev_discards(evs, b, s);
    int ending = s->phase == CARC_PH_END || s->phase == CARC_PH_OVER;
    if (ending && b->phase != CARC_PH_OVER)
        carc_ev_end_phase(g, evs, b, a, s);
    if (s->phase == CARC_PH_OVER) {
        carc_state *c = malloc(sizeof *c);
        memcpy(c, s, sizeof *c);
        carc_ev_final(g, evs, c);
        free(c);
        carc_ev_end(evs, s);
    }
    return evs;
}
