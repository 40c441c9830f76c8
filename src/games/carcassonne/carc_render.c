/* carc_render.c: terminal drawing: tiles as 5x3 character cells, followers, legal squares, the
 * tiles in hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"

enum { COL_NONE, COL_FIELD, COL_CITY, COL_ROAD, COL_CLOISTER, COL_LABEL, COL_TATAN,
       COL_P0 };
static const char *const carc_ansi[] = {
    "\033[0m", "\033[32m", "\033[33;1m", "\033[37;1m", "\033[31;1m", "\033[36;1m", "\033[35;1m",
    "\033[41;37;1m", "\033[44;37;1m", "\033[43;30m", "\033[42;30m", "\033[45;37;1m",
    "\033[47;30m"};
static const char *const carc_pnames[TAFEL_MAX_PLAYERS] = {"red", "blue", "yellow", "green",
                                                          "pink", "grey"};

typedef struct {
    char *buf;
    size_t len;
    int n;
} carc_out;

static void carc_put(carc_out *o, const char *fmt, const char *s)
{
    size_t at = (size_t)o->n < o->len ? (size_t)o->n : o->len;
    o->n += snprintf(o->buf + at, o->len - at, fmt, s);
}

/* Items separated by two spaces, on lines of at most width columns (an item is never split),
 * indented by two: a long placement list must not run past an 80-column terminal. */
static void carc_put_wrapped(carc_out *o, const char *items, int width, int max_lines,
                             int nitems)
{
    char line[256];
    int n = 0, lines = 0, done = 0;
    const char *p = items;
    while (*p) {
        const char *e = strstr(p, "  ");
        size_t w = e ? (size_t)(e - p) : strlen(p);
        if (n && n + 2 + (int)w > width) {
            if (max_lines && ++lines == max_lines) {
                /* The rest is counted, not listed: 'moves' or x,y reach them. */
                line[n] = 0;
                while (n + 12 > width && done > 1) {
                    /* items hold single spaces ("a(0,1): r0 r2"): cut at the last double */
                    char *cut = line, *q;
                    while ((q = strstr(cut + 1, "  ")))
                        cut = q;
                    n = (int)(cut - line);
                    line[n] = 0;
                    done--;
                }
                snprintf(line + n, sizeof line - (size_t)n, "  +%d more", nitems - done);
                n = (int)strlen(line);
                break;
            }
            line[n] = 0;
            carc_put(o, "%s", line);
            carc_put(o, "%s", "\n");
            n = 0;
        }
        n += snprintf(line + n, sizeof line - (size_t)n, "  %.*s", (int)w, p);
        if (n >= (int)sizeof line)
            n = (int)sizeof line - 1;
        p += w;
        done++;
        while (*p == ' ')
            p++;
    }
    line[n] = 0;
    carc_put(o, "%s", line);
    carc_put(o, "%s", "\n");
}

#define GW 5
#define GH 3

/* Draw kind at rotation rot; followers of tile t (t < 0: none). */
static void carc_draw_kind(const carc_state *s, int kind, int rot, int t, char *ch, uint8_t *col,
                           int stride)
{
    const carc_kind *K = &carc_kinds[kind];
    int e = carc_edges_rot(K->edges, rot);
    for (int y = 0; y < GH; y++)
        for (int x = 0; x < GW; x++) {
            ch[y * stride + x] = '.';
            col[y * stride + x] = COL_FIELD;
        }
    static const int ex[4][3] = {{1, 2, 3}, {4, 4, 4}, {1, 2, 3}, {0, 0, 0}};
    static const int ey[4][3] = {{0, 0, 0}, {0, 1, 2}, {2, 2, 2}, {0, 1, 2}};
    int ncityedges = 0, nroad = 0;
    for (int d = 0; d < 4; d++) {
        int ty = (e >> (2 * d)) & 3;
        if (ty == 1 && K->ncity > 1 && (d & 1)) {
            /* One of several city caps on the tile: its wall must not touch its neighbour's,
             * or two cities walled off from each other would look like one. */
            ch[stride + ex[d][1]] = '#';
            col[stride + ex[d][1]] = COL_CITY;
        } else if (ty == 1) {
            ncityedges++;
            for (int i = 0; i < 3; i++) {
                ch[ey[d][i] * stride + ex[d][i]] = '#';
                col[ey[d][i] * stride + ex[d][i]] = COL_CITY;
            }
        } else if (ty == 2) {
            nroad++;
            ch[ey[d][1] * stride + ex[d][1]] = (d & 1) ? '-' : '|';
            col[ey[d][1] * stride + ex[d][1]] = COL_ROAD;
        }
    }
    /* centre: city joins, road through or junction, cloister */
    int cen = 1 * stride + 2;
    int big_city = 0;
    for (int i = 0; i < K->ncity; i++)
        if (__builtin_popcount(K->seg[i].mask) >= 2)
            big_city = 1;
    if (big_city) {
        for (int x = 1; x <= 3; x++) {
            ch[stride + x] = '#';
            col[stride + x] = COL_CITY;
        }
    }
    if (nroad) {
        int nseg = 0;
        for (int i = 0; i < K->nseg; i++)
            nseg += K->seg[i].type == CARC_ROAD;
        /* A road through the tile is drawn through it (straight, or '+' where it bends);
         * where roads end it says how: 'o' one or two ends, 'X' a crossing of three or four. */
        int straight = ((e & 3) == 2 && ((e >> 4) & 3) == 2) ? '|' : '-';
        int opposite = ((e & 3) == 2 && ((e >> 4) & 3) == 2) ||
                       (((e >> 2) & 3) == 2 && ((e >> 6) & 3) == 2);
        ch[cen] = (char)(nseg == 1 && nroad == 2 ? (opposite ? straight : '+')
                         : nroad >= 3 ? 'X' : 'o');
        col[cen] = COL_ROAD;
        for (int d = 1; d <= 3; d += 2)
            if (((e >> (2 * d)) & 3) == 2) {
                ch[stride + (d == 1 ? 3 : 1)] = '-';
                col[stride + (d == 1 ? 3 : 1)] = COL_ROAD;
            }
    }
    if (K->cloister != CARC_NONE) {
        ch[cen] = 'M';
        col[cen] = COL_CLOISTER;
    }
    for (int i = 0; i < K->ncity; i++) {
        if (K->seg[i].flags & CARC_F_PENNANT) {
            ch[cen] = '*';
            col[cen] = COL_CITY;
        }
        if (K->seg[i].flags & CARC_F_CATHEDRAL) {
            ch[cen] = 'C';
            col[cen] = COL_CITY;
        }
    }
    for (int i = 0; i < K->nseg; i++)
        if (K->seg[i].type == CARC_ROAD && (K->seg[i].flags & CARC_F_INN)) {
            /* On the road itself, at its first side: in the centre it would sit in a city
             * drawn across the tile, or hide a crossing. */
            int d = (__builtin_ctz(K->seg[i].mask) + rot) & 3;
            ch[ey[d][1] * stride + ex[d][1]] = 'I';
            col[ey[d][1] * stride + ex[d][1]] = COL_ROAD;
        }
    (void)ncityedges;
    /* followers */
    for (int f = 0; f < s->nfol && t >= 0; f++) {
        const carc_tile *T = &s->tiles[t];
        if (s->fol[f].tile != t)
            continue;
        const carc_seg *sg = &K->seg[s->fol[f].seg];
        int pos = cen;
        if (sg->type == CARC_CITY || sg->type == CARC_ROAD) {
            int ce = __builtin_ctz(sg->mask), d = (ce + T->rot) & 3;
            pos = ey[d][1] * stride + ex[d][1];
        } else if (sg->type == CARC_FIELD) {
            static const int hx[8] = {1, 3, 4, 4, 3, 1, 0, 0}, hy[8] = {0, 0, 0, 2, 2, 2, 2, 0};
            if (sg->mask) {
                int h = (__builtin_ctz(sg->mask) + 2 * T->rot) & 7;
                pos = hy[h] * stride + hx[h];
            }
        }
        ch[pos] = s->fol[f].large ? "RBYGPW"[s->fol[f].player] : "rbygpw"[s->fol[f].player];
        col[pos] = (uint8_t)(COL_P0 + s->fol[f].player);
    }
}

/* A row of tiles drawn apart from the board (the tile in hand, the held tiles), each labelled
 * with its rotation, or its kind when the rotations are all 0; beside: text to the right of its
 * lines, or NULL. */
static void carc_draw_row(carc_out *o, const carc_state *s, const uint8_t *kinds,
                          const uint8_t *rots, int n, int color, char beside[GH][64])
{
    enum { CW = GW + 4, MAXN = 16 };
    char hch[GH * CW * MAXN];
    uint8_t hcol[GH * CW * MAXN];
    int any_rot = 0, w;
    n = n < MAXN ? n : MAXN;
    w = n * CW;
    for (int i = 0; i < n; i++)
        any_rot |= rots[i];
    memset(hch, ' ', sizeof hch);
    memset(hcol, 0, sizeof hcol);
    for (int i = 0; i < n; i++) {
        char lab[8];
        carc_draw_kind(s, kinds[i], rots[i], -1, hch + i * CW + 4, hcol + i * CW + 4, w);
        if (kinds[i] == CARC_TATAN) /* no edges: drawn like a Tatan tile on the board */
            for (int y = 0; y < GH; y++)
                for (int x = 0; x < GW; x++) {
                    hch[y * w + i * CW + 4 + x] = 'T';
                    hcol[y * w + i * CW + 4 + x] = COL_TATAN;
                }
        if (any_rot)
            snprintf(lab, sizeof lab, "r%d", rots[i]);
        else
            snprintf(lab, sizeof lab, "%.3s", carc_kinds[kinds[i]].name);
        for (int k = 0; lab[k] && k < 3; k++)
            hch[GH / 2 * w + i * CW + 1 + k] = lab[k];
    }
    for (int row = 0; row < GH; row++) {
        int cur = 0;
        carc_put(o, "%s", "     ");
        for (int c = 0; c < w; c++) {
            int k = row * w + c;
            if (color && hcol[k] != cur) {
                carc_put(o, "%s", carc_ansi[0]);
                if (hcol[k])
                    carc_put(o, "%s", carc_ansi[hcol[k]]);
                cur = hcol[k];
            }
            char cc[2] = {hch[k], 0};
            carc_put(o, "%s", cc);
        }
        if (color && cur)
            carc_put(o, "%s", carc_ansi[0]);
        if (beside)
            carc_put(o, "%s", beside[row]);
        carc_put(o, "%s", "\n");
    }
}

/* The board, or on a small terminal a window of it around the last placed tile: rows is what
 * is left for it (0: no limit) by the lines under it, the move list and the prompt (tafel play
 * passes the rows left by those). Marks at the
 * window's edges say where the rest of the board lies. */
static void carc_put_board(carc_out *o, const carc_state *s, const char *gch,
                           const uint8_t *gcol, int x0, int y0, int bw, int bh, int cols,
                           int rows, int color)
{
    int stride = bw * GW, wx = bw, wy = bh;
    if (cols > 0) {
        int m = (cols - 5 - 2) / GW;
        wx = m < 1 ? 1 : m < bw ? m : bw;
    }
    if (rows > 0) {
        int m = (rows - 4) / GH; /* the header, the two edge lines, the x range */
        int least = s->phase == CARC_PH_OVER ? 1 : 2; /* at the end the scores come first */
        m = m < least ? least : m;
        wy = m < bh ? m : bh;
    }
    int cx = 0, cy = 0;
    if (s->ntiles) {
        cx = s->tiles[s->ntiles - 1].x;
        cy = s->tiles[s->ntiles - 1].y;
    }
    /* The window's first column and row: of the windows holding the last tile, the one that
     * shows the most squares marked for a move (labels), then the most tiles, then the one
     * most centred on the last tile. */
    int vx = 0, vy = 0, best = -1;
    for (int ty = cy - y0 - wy + 1; ty <= cy - y0; ty++)
        for (int tx = cx - x0 - wx + 1; tx <= cx - x0; tx++) {
            if (ty < 0 || tx < 0 || ty + wy > bh || tx + wx > bw)
                continue;
            int labels = 0, tiles = 0;
            for (int y = ty; y < ty + wy; y++)
                for (int x = tx; x < tx + wx; x++) {
                    int k = (y * GH + 1) * stride + x * GW;
                    labels += gcol[k + 1] == COL_LABEL;
                    tiles += gch[k + 2] != ' ';
                }
            int off = abs(2 * (cx - x0 - tx) - (wx - 1)) + abs(2 * (cy - y0 - ty) - (wy - 1));
            int score = labels * 4096 + tiles * 64 + (63 - (off < 63 ? off : 63));
            if (score > best) {
                best = score;
                vx = tx;
                vy = ty;
            }
        }
    int left = vx > 0, right = vx + wx < bw;
    char line[96];
    carc_put(o, "%s", "     ");
    for (int x = vx; x < vx + wx; x++) {
        snprintf(line, sizeof line, "%4d ", x0 + x);
        carc_put(o, "%s", line);
    }
    carc_put(o, "%s", "\n");
    if (vy > 0) {
        snprintf(line, sizeof line, "     ^ %d more row%s above (y %d..%d)\n", vy,
                 vy > 1 ? "s" : "", y0, y0 + vy - 1);
        carc_put(o, "%s", line);
    }
    for (int row = vy * GH; row < (vy + wy) * GH; row++) {
        if (row % GH == 1)
            snprintf(line, sizeof line, "%c%3d ", left ? '<' : ' ', y0 + row / GH);
        else
            snprintf(line, sizeof line, "%c    ", left ? '<' : ' ');
        carc_put(o, "%s", line);
        int cur = 0;
        for (int c = vx * GW; c < (vx + wx) * GW; c++) {
            int k = row * stride + c;
            if (color && gcol[k] != cur) {
                carc_put(o, "%s", carc_ansi[0]);
                if (gcol[k])
                    carc_put(o, "%s", carc_ansi[gcol[k]]);
                cur = gcol[k];
            }
            char cc[2] = {gch[k], 0};
            carc_put(o, "%s", cc);
        }
        if (color && cur)
            carc_put(o, "%s", carc_ansi[0]);
        carc_put(o, "%s", right ? " >\n" : "\n");
    }
    if (vy + wy < bh) {
        int n = bh - vy - wy;
        snprintf(line, sizeof line, "     v %d more row%s below (y %d..%d)\n", n, n > 1 ? "s" : "",
                 y0 + vy + wy, y0 + bh - 1);
        carc_put(o, "%s", line);
    }
    if (left || right) {
        snprintf(line, sizeof line, "     %s board x %d..%d, shown %d..%d%s\n", left ? "<" : " ",
                 x0, x0 + bw - 1, x0 + vx, x0 + vx + wx - 1, right ? " >" : "");
        carc_put(o, "%s", line);
    }
}

int carc_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
                size_t len)
{
    const carc_state *s = state;
    int cols = TAFEL_RENDER_COLS(color), rows = TAFEL_RENDER_ROWS(color);
    color &= TAFEL_RENDER_COLOR;
    carc_out o = {buf, len, 0};
    if (len)
        buf[0] = 0;
    int x0 = 1000, x1 = -1000, y0 = 1000, y1 = -1000;
    for (int t = 0; t < s->ntiles; t++) {
        int x = s->tiles[t].x, y = s->tiles[t].y;
        if (x - 1 < x0) x0 = x - 1;
        if (x + 1 > x1) x1 = x + 1;
        if (y - 1 < y0) y0 = y - 1;
        if (y + 1 > y1) y1 = y + 1;
    }
    int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    int stride = bw * GW;
    char gch[bh * GH * stride];
    uint8_t gcol[bh * GH * stride];
    memset(gch, ' ', sizeof gch);
    memset(gcol, 0, sizeof gcol);
    for (int t = 0; t < s->ntiles; t++) {
        int off = (s->tiles[t].y - y0) * GH * stride + (s->tiles[t].x - x0) * GW;
        carc_draw_kind(s, s->tiles[t].kind, s->tiles[t].rot, t, gch + off, gcol + off, stride);
    }
    for (int i = 0; i < s->ntat; i++) {
        int off = (carc_sqy(s->tat_sq[i]) - y0) * GH * stride + (carc_sqx(s->tat_sq[i]) - x0) * GW;
        for (int y = 0; y < GH; y++)
            for (int x = 0; x < GW; x++) {
                gch[off + y * stride + x] = 'T';
                gcol[off + y * stride + x] = COL_TATAN;
            }
        if (s->tat_fol[i]) {
            int p = (s->tat_fol[i] - 1) / 2;
            gch[off + stride + 2] = "rbygpw"[p];
            gcol[off + stride + 2] = (uint8_t)(COL_P0 + p);
        }
    }
    /* labels of squares with a legal placement */
    char legend[2048] = "";
    size_t ll = 0;
    int nsq = 0, compact = rows > 0 && rows < 40;
    if (s->phase == CARC_PH_PLACE || s->phase == CARC_PH_MOVE) {
        int32_t legal[1024];
        int nl = carc_legal(g, s, legal), li = -1, last = -1;
        struct { int dist; char text[48]; } items[256];
        int cx = s->ntiles ? s->tiles[s->ntiles - 1].x : 0;
        int cy = s->ntiles ? s->tiles[s->ntiles - 1].y : 0;
        for (int i = 0; i < nl; i++) {
            int sq = legal[i] >> 2;
            char lab[4];
            if (sq != last) {
                if (li + 1 >= 256)
                    break;
                li++;
                last = sq;
                carc_label(li, lab, sizeof lab);
                int off = (carc_sqy(sq) - y0) * GH * stride + (carc_sqx(sq) - x0) * GW;
                for (int k = 0; lab[k]; k++) {
                    gch[off + stride + 1 + k] = lab[k];
                    gcol[off + stride + 1 + k] = COL_LABEL;
                }
                int dx = abs(carc_sqx(sq) - cx), dy = abs(carc_sqy(sq) - cy);
                items[li].dist = dx > dy ? dx : dy;
                snprintf(items[li].text, sizeof items[li].text, "%s(%d,%d):", lab, carc_sqx(sq),
                         carc_sqy(sq));
            }
            size_t tl = strlen(items[li].text);
            snprintf(items[li].text + tl, sizeof items[li].text - tl, " r%d", legal[i] & 3);
        }
        nsq = li + 1;
        /* On a small terminal the squares nearest the last tile (those in the board's window)
         * come first; the list is cut below. A stable insertion sort: few squares. */
        for (int i = 1; compact && i < nsq; i++)
            for (int j = i; j > 0 && items[j].dist < items[j - 1].dist; j--) {
                char tmp[sizeof items[0]];
                memcpy(tmp, &items[j], sizeof tmp);
                memcpy(&items[j], &items[j - 1], sizeof tmp);
                memcpy(&items[j - 1], tmp, sizeof tmp);
            }
        for (int i = 0; i < nsq && ll < sizeof legend; i++)
            ll += (size_t)snprintf(legend + ll, sizeof legend - ll, "%s%s", i ? "  " : "",
                                   items[i].text);
        if (ll >= sizeof legend)
            ll = sizeof legend - 1;
    }
    /* end phase: number the gaps */
    if (s->phase == CARC_PH_END) {
        uint16_t gmin[64], sqs[64];
        uint8_t gsz[64];
        int ng = carc_gaps(s, gmin, gsz, 64);
        ll += (size_t)snprintf(legend + ll, sizeof legend - ll, "gaps:");
        for (int i = 0; i < ng && ll < sizeof legend; i++) {
            int n = carc_gap_squares(s, gmin[i], sqs, 64);
            for (int k = 0; k < n && k < 64; k++) {
                int off = (carc_sqy(sqs[k]) - y0) * GH * stride + (carc_sqx(sqs[k]) - x0) * GW;
                char lab[16];
                snprintf(lab, sizeof lab, "g%d", i + 1);
                for (int c = 0; lab[c] && c < 3; c++) {
                    gch[off + stride + 1 + c] = lab[c];
                    gcol[off + stride + 1 + c] = COL_LABEL;
                }
            }
            ll += (size_t)snprintf(legend + ll, sizeof legend - ll, "  g%d: %d square%s, fill %d,%d",
                                   i + 1, gsz[i], gsz[i] > 1 ? "s" : "", carc_sqx(gmin[i]),
                                   carc_sqy(gmin[i]));
        }
        if (ll >= sizeof legend)
            ll = sizeof legend - 1;
    }
    /* Everything under the board goes first into tail, so that the board knows how many rows
     * are left for it on a small terminal. */
    char tailbuf[16384];
    carc_out main_o = o;
    o = (carc_out){tailbuf, sizeof tailbuf, 0};
    tailbuf[0] = 0;
    for (int p = 0; p < s->nplayers; p++) {
        char pl[160];
        /* The follower letters here, so that the board reads without colour too. */
        snprintf(pl, sizeof pl, "%s player %d %-6s %c/%c  score %3d  followers %d%s  tatan %d%s\n",
                 p == s->cur && s->phase != CARC_PH_OVER ? ">" : " ", p, carc_pnames[p],
                 "rbygpw"[p], "RBYGPW"[p],
                 s->score[p], s->supply[p], s->large[p] ? " +L" : "", s->held[p],
                 p == viewer ? "  (you)" : "");
        if (color) {
            carc_put(&o, "%s", carc_ansi[COL_P0 + p]);
            carc_put(&o, "%s", "  ");
            carc_put(&o, "%s", carc_ansi[0]);
        }
        carc_put(&o, "%s", pl);
        if (s->phase == CARC_PH_OVER) {
            /* The final score by source, so that a player sees where the points came from. */
            int sum = 0;
            for (int k = 0; k < CARC_NK; k++)
                sum += s->kscore[p][k];
            snprintf(pl, sizeof pl, "         = cities %d + roads %d + cloisters %d + fields %d"
                     " + Tatan %d%s\n", s->kscore[p][CARC_K_CITY], s->kscore[p][CARC_K_ROAD],
                     s->kscore[p][CARC_K_CLOISTER], s->kscore[p][CARC_K_FIELD],
                     s->kscore[p][CARC_K_TATAN], sum == s->score[p] ? "" : " + other");
            carc_put(&o, "%s", pl);
        }
    }
    if (s->phase == CARC_PH_OVER) {
        /* Why it ended and who won; the rules break no tie, so a tie is a shared win. */
        int best = -1, n = 0;
        for (int p = 0; p < s->nplayers; p++)
            best = s->score[p] > best ? s->score[p] : best;
        carc_put(&o, "%s", "Game over: every tile is played (and any end phase is over).\n ");
        for (int p = 0; p < s->nplayers; p++)
            n += s->score[p] == best;
        for (int p = 0, k = 0; p < s->nplayers; p++) {
            char w[48];
            if (s->score[p] != best)
                continue;
            snprintf(w, sizeof w, "%s %d", k ? (k + 1 == n ? " and" : ",")
                                             : n > 1 ? "Players" : "Player", p);
            carc_put(&o, "%s", w);
            k++;
        }
        carc_put(&o, "%s", n > 1 ? " share the win: Carcassonne breaks no ties.\n"
                                 : " wins on points.\n");
    }
    char info[256];
    int placing = s->hand != CARC_NONE && (s->phase == CARC_PH_PLACE || s->phase == CARC_PH_MOVE);
    char beside[GH][64];
    if (placing && compact) {
        /* on a small terminal the tile's line goes beside its four rotations: a line more for
         * the board */
        const carc_kind *K = &carc_kinds[s->hand];
        snprintf(beside[0], sizeof beside[0], "   tile in hand: %s%s", K->name,
                 s->phase == CARC_PH_MOVE ? " (moving it)" : "");
        snprintf(beside[1], sizeof beside[1], "   N E S W = %c %c %c %c", "?CRF"[K->edges & 3],
                 "?CRF"[(K->edges >> 2) & 3], "?CRF"[(K->edges >> 4) & 3],
                 "?CRF"[(K->edges >> 6) & 3]);
        snprintf(beside[2], sizeof beside[2], "   tiles left %d", s->nremain);
    } else if (s->phase != CARC_PH_OVER) { /* "every tile is played" says it then */
        snprintf(info, sizeof info, "tiles left %d", s->nremain);
        carc_put(&o, "%s", info);
        if (s->hand != CARC_NONE && s->phase != CARC_PH_FOLLOW) {
            const carc_kind *K = &carc_kinds[s->hand];
            snprintf(info, sizeof info, "   tile in hand: %s (N E S W = %c %c %c %c)%s",
                     K->name, "?CRF"[K->edges & 3], "?CRF"[(K->edges >> 2) & 3],
                     "?CRF"[(K->edges >> 4) & 3], "?CRF"[(K->edges >> 6) & 3],
                     s->phase == CARC_PH_MOVE ? " (moving it)" : "");
            carc_put(&o, "%s", info);
        }
        carc_put(&o, "%s", "\n");
    }
    if (placing) {
        /* the tile in hand in its four rotations */
        uint8_t kinds[4] = {s->hand, s->hand, s->hand, s->hand}, rots[4] = {0, 1, 2, 3};
        carc_draw_row(&o, s, kinds, rots, 4, color, compact ? beside : NULL);
    }
    if (s->phase == CARC_PH_CHOOSE) {
        /* tatan_draw_both_first: the drawn tiles he holds, as drawn (rotation 0) */
        uint8_t kinds[sizeof s->bag], rots[sizeof s->bag] = {0};
        memcpy(kinds, s->bag, s->nbag);
        carc_draw_row(&o, s, kinds, rots, s->nbag, color, NULL);
    }
    if (legend[0] && s->phase == CARC_PH_END) {
        carc_put(&o, "%s", legend);
        carc_put(&o, "%s", "\n");
    } else if (legend[0]) {
        carc_put(&o, "%s", compact ? "placements (\"a r1\" or \"x,y r\"; 'help' explains the"
                                    " board), nearest first:\n"
                                  : "placements (type e.g. \"a r1\" or \"x,y r\"):\n");
        /* Up to 3 lines, 2 when a third would leave the board under 2 rows of tiles (6
         * players on 24 rows): the board marks every placement anyway. */
        int above = 0;
        for (int i = 0; i < o.n && i < (int)sizeof tailbuf; i++)
            above += tailbuf[i] == '\n';
        int most = compact && rows > 0 && rows - above - 3 < 4 + 2 * GH ? 2 : 3;
        carc_put_wrapped(&o, legend, 80, compact ? most : 0, nsq);
    }
    if (s->phase == CARC_PH_FOLLOW) {
        const carc_tile *T = &s->tiles[s->placed];
        const carc_kind *K = &carc_kinds[T->kind];
        snprintf(info, sizeof info, "placed %s at (%d,%d) r%d. Deploy a follower (\"L name\" for "
                 "the large one)\nor \"none\". Its features as they lie on the board (a lone "
                 "\"road\" if it has one):\n", K->name, T->x, T->y, T->rot);
        carc_put(&o, "%s", info);
        int col = 0;
        for (int i = 0; i < K->nseg; i++) {
            char name[64];
            carc_seg_name_rot(T->kind, i, T->rot, name, sizeof name);
            int w = (int)strlen(name) + 2;
            if (col && col + w > 78) {
                carc_put(&o, "%s", "\n");
                col = 0;
            }
            carc_put(&o, "%s", "  ");
            carc_put(&o, "%s", name);
            col += w;
        }
        carc_put(&o, "%s", "\n");
    }
    if (s->phase == CARC_PH_TATAN)
        carc_put(&o, "%s", "Tatan tile: \"move x,y\" (option 1), \"draw2\" (option 2) or \"keep\"\n");
    if (s->nbag && s->phase != CARC_PH_OVER) {
        /* tatan_draw_both_first: the drawn tiles he holds; a fit is judged when one is played */
        carc_put(&o, "%s", s->phase == CARC_PH_CHOOSE ? "you hold the drawn tiles:"
                                                     : "still held, to play this turn:");
        for (int i = 0; i < s->nbag; i++) {
            int k = s->bag[i];
            carc_put(&o, "%s", " ");
            carc_put(&o, "%s", carc_kinds[k].name);
            if (k != CARC_TATAN && !carc_fits_anywhere(s, k, -1, CARC_NONE))
                carc_put(&o, "%s", " (fits nowhere now)");
        }
        carc_put(&o, "%s", "\n");
        if (s->phase == CARC_PH_CHOOSE)
            carc_put(&o, "%s", "which do you play next? \"play KIND\" (a tile that fits nowhere "
                               "when played\nis discarded and replaced by a new draw)\n");
    }
    if (s->phase == CARC_PH_END)
        carc_put(&o, "%s", "end phase: \"fill x,y\" / \"fill L x,y\" a gap, or \"pass\"\n");
    /* Two lines, so that it fits an 80-column terminal. */
    if (!compact) /* on a small terminal 'help' shows it */
        carc_put(&o, "%s", "legend: # city (* pennant, C cathedral; no # between caps: apart)"
                           "  . field\n  | - road, + bend, o end, X crossing, I inn  M cloister"
                           "  T Tatan  r/R follower\n");
    int tail_lines = 0;
    for (const char *q = tailbuf; *q; q++)
        tail_lines += *q == '\n';
    carc_out tail = o;
    o = main_o;
    /* At the end with many players on a small terminal the scores may leave no room for even
     * one row of the board: the scores come first then (there is no prompt to ask for it). */
    if (!(s->phase == CARC_PH_OVER && rows > 0 && rows - tail_lines < 4 + GH))
        carc_put_board(&o, s, gch, gcol, x0, y0, bw, bh, cols, rows ? rows - tail_lines : 0,
                       color);
    carc_put(&o, "%s", tailbuf);
    if (tail.n >= (int)sizeof tailbuf) /* cut: still report a length that asks for more room */
        o.n += tail.n - (int)sizeof tailbuf + 1;
    return o.n;
}
