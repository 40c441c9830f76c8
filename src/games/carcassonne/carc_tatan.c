/* carc_tatan.c: Tatan: which tiles may be moved (option 1), and gaps for the end phase. */
#include <string.h>

#include "games/carcassonne/carc.h"

/* 1 if the tiles other than t stay orthogonally connected. */
static int carc_connected_without(const carc_state *s, int t)
{
    if (s->ntiles <= 2)
        return 1;
    uint8_t seen[CARC_MAX_TILES] = {0}, stack[CARC_MAX_TILES];
    int start = t == 0 ? 1 : 0, sp = 0, n = 1;
    seen[start] = 1;
    stack[sp++] = (uint8_t)start;
    while (sp) {
        int u = stack[--sp];
        for (int d = 0; d < 4; d++) {
            int v = s->tiles[u].nb[d];
            if (v == CARC_NONE || v == t || seen[v])
                continue;
            seen[v] = 1;
            n++;
            stack[sp++] = (uint8_t)v;
        }
    }
    return n == s->ntiles - 1;
}

int carc_move_refusal(const tafel_game *g, carc_state *s, int t)
{
    (void)g;
    for (int i = 0; i < s->nfol; i++)
        if (s->fol[i].tile == t)
            return 1;
    const carc_tile *T = &s->tiles[t];
    const carc_kind *K = &carc_kinds[T->kind];
    if (T->cl_done)
        return 2;
    for (int i = 0; i < K->nseg; i++) {
        int ty = K->seg[i].type;
        if ((ty == CARC_CITY || ty == CARC_ROAD) &&
            (s->sfl[carc_find(s, T->seg_base + i)] & CARC_S_DONE))
            return 2;
    }
    if (!carc_connected_without(s, t))
        return 3;
    if (!carc_fits_anywhere(s, T->kind, carc_sq(T->x, T->y), t))
        return 4;
    return 0;
}

/* Articulation points of the tile graph (Tarjan): tiles whose removal disconnects the rest. */
typedef struct {
    uint8_t disc[CARC_MAX_TILES], low[CARC_MAX_TILES], art[CARC_MAX_TILES];
    int timer;
} carc_art;

static void carc_art_dfs(const carc_state *s, carc_art *a, int u, int parent)
{
    a->disc[u] = a->low[u] = (uint8_t)++a->timer;
    int children = 0;
    for (unsigned has = carc_nb_mask(s->tiles[u].nb); has; has &= has - 1) {
        int v = s->tiles[u].nb[__builtin_ctz(has)];
        if (!a->disc[v]) {
            children++;
            carc_art_dfs(s, a, v, u);
            if (a->low[v] < a->low[u])
                a->low[u] = a->low[v];
            if (parent >= 0 && a->low[v] >= a->disc[u])
                a->art[u] = 1;
        } else if (v != parent && a->disc[v] < a->low[u]) {
            a->low[u] = a->disc[v];
        }
    }
    if (parent < 0 && children > 1)
        a->art[u] = 1;
}

void carc_movable_all(const tafel_game *g, const carc_state *s, uint8_t *ok)
{
    (void)g;
    carc_art a;
    memset(&a, 0, sizeof a);
    if (s->ntiles)
        carc_art_dfs(s, &a, 0, -1);
    uint8_t fig[CARC_MAX_TILES] = {0};
    for (int i = 0; i < s->nfol; i++)
        fig[s->fol[i].tile] = 1;
    for (int t = 0; t < s->ntiles; t++) {
        ok[t] = 0;
        const carc_tile *T = &s->tiles[t];
        const carc_kind *K = &carc_kinds[T->kind];
        if (fig[t] || T->cl_done || a.art[t])
            continue;
        int done = 0;
        for (int i = 0; i < K->ncity + K->nroad && !done; i++)
            done = (s->sfl[carc_find_c(s, T->seg_base + i)] & CARC_S_DONE) != 0;
        if (done)
            continue;
        ok[t] = (uint8_t)carc_fits_anywhere(s, T->kind, carc_sq(T->x, T->y), t);
    }
}

int carc_any_movable(const tafel_game *g, carc_state *s)
{
    for (int t = 0; t < s->ntiles; t++)
        if (!carc_move_refusal(g, s, t))
            return 1;
    return 0;
}

/* Occupancy grid over the bounding box plus a border of 1: 1 landscape or Tatan tile. */
typedef struct {
    int x0, y0, w, h;
} carc_box;

static carc_box carc_bbox(const carc_state *s)
{
    int x0 = 1000, x1 = -1000, y0 = 1000, y1 = -1000;
    for (int t = 0; t < s->ntiles; t++) {
        int x = s->tiles[t].x, y = s->tiles[t].y;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
    }
    carc_box b = {x0 - 1, y0 - 1, x1 - x0 + 3, y1 - y0 + 3};
    return b;
}

/* comp[i]: 0 occupied, 1 outside (reaches the border), else gap id + 2. The box has an empty
 * border, so all outside squares form one component. */
static int carc_label_gaps(const carc_state *s, carc_box b, uint16_t *comp)
{
    int n = b.w * b.h;
    for (int i = 0; i < n; i++)
        comp[i] = 0xffff;
    for (int t = 0; t < s->ntiles; t++)
        comp[(s->tiles[t].y - b.y0) * b.w + (s->tiles[t].x - b.x0)] = 0;
    for (int i = 0; i < s->ntat; i++)
        comp[(carc_sqy(s->tat_sq[i]) - b.y0) * b.w + (carc_sqx(s->tat_sq[i]) - b.x0)] = 0;
    uint16_t stack[n];
    int ngap = 0;
    for (int i = 0; i < n; i++) {
        if (comp[i] != 0xffff)
            continue;
        int outside = 0;
        int label = 2 + ngap;
        int sp = 0;
        comp[i] = (uint16_t)label;
        stack[sp++] = (uint16_t)i;
        while (sp) {
            int u = stack[--sp];
            int ux = u % b.w, uy = u / b.w;
            if (ux == 0 || uy == 0 || ux == b.w - 1 || uy == b.h - 1)
                outside = 1;
            static const int ddx[4] = {0, 1, 0, -1}, ddy[4] = {-1, 0, 1, 0};
            for (int d = 0; d < 4; d++) {
                int vx = ux + ddx[d], vy = uy + ddy[d];
                if (vx < 0 || vy < 0 || vx >= b.w || vy >= b.h)
                    continue;
                int v = vy * b.w + vx;
                if (comp[v] == 0xffff) {
                    comp[v] = (uint16_t)label;
                    stack[sp++] = (uint16_t)v;
                }
            }
        }
        if (outside) {
            for (int j = 0; j < n; j++)
                if (comp[j] == label)
                    comp[j] = 1;
        } else {
            ngap++;
        }
    }
    return ngap;
}

int carc_gaps(const carc_state *s, uint16_t *gap_min, uint8_t *gap_size, int max)
{
    carc_box b = carc_bbox(s);
    uint16_t comp[b.w * b.h];
    int ng = carc_label_gaps(s, b, comp);
    int n = 0;
    for (int gi = 0; gi < ng && n < max; gi++) {
        int size = 0, mn = -1;
        for (int i = 0; i < b.w * b.h; i++) {
            if (comp[i] != gi + 2)
                continue;
            int sq = carc_sq(b.x0 + i % b.w, b.y0 + i / b.w);
            if (mn < 0 || sq < mn)
                mn = sq;
            size++;
        }
        gap_min[n] = (uint16_t)mn;
        gap_size[n] = (uint8_t)(size > 255 ? 255 : size);
        n++;
    }
    /* sort by smallest square */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && gap_min[j] < gap_min[j - 1]; j--) {
            uint16_t a = gap_min[j];
            gap_min[j] = gap_min[j - 1];
            gap_min[j - 1] = a;
            uint8_t c = gap_size[j];
            gap_size[j] = gap_size[j - 1];
            gap_size[j - 1] = c;
        }
    return n;
}

int carc_gap_squares(const carc_state *s, int sq, uint16_t *out, int max)
{
    carc_box b = carc_bbox(s);
    int x = carc_sqx(sq) - b.x0, y = carc_sqy(sq) - b.y0;
    if (x < 0 || y < 0 || x >= b.w || y >= b.h)
        return -1;
    uint16_t comp[b.w * b.h];
    carc_label_gaps(s, b, comp);
    int label = comp[y * b.w + x];
    if (label < 2)
        return -1;
    int n = 0;
    for (int i = 0; i < b.w * b.h; i++)
        if (comp[i] == label) {
            if (n < max)
                out[n] = (uint16_t)carc_sq(b.x0 + i % b.w, b.y0 + i / b.w);
            n++;
        }
    return n; /* in square order */
}
