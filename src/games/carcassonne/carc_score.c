/* carc_score.c: scoring: completed features, final scoring, fields, Tatan fillings. */
#include <string.h>

#include "games/carcassonne/carc.h"

void carc_add_score(carc_state *s, int p, int pts, int kind)
{
    if (pts <= 0)
        return;
    s->score[p] = (int16_t)(s->score[p] + pts);
    s->kscore[p][kind] = (int16_t)(s->kscore[p][kind] + pts);
    if (s->nev < CARC_MAX_EV) {
        s->ev[s->nev].player = (int8_t)p;
        s->ev[s->nev].kind = (uint8_t)kind;
        s->ev[s->nev].points = (int16_t)pts;
        s->nev++;
    }
}

int carc_feature_tiles(carc_state *s, int root)
{
    return s->tcount[root];
}

static int carc_kind_of_type(int ty)
{
    switch (ty) {
    case CARC_CITY: return CARC_K_CITY;
    case CARC_ROAD: return CARC_K_ROAD;
    case CARC_CLOISTER: return CARC_K_CLOISTER;
    default: return CARC_K_FIELD;
    }
}

int carc_cloister_count(const carc_state *s, int tile)
{
    for (int c = 0; c < s->ncl; c++)
        if (s->cl[c].tile == tile)
            return s->cl[c].cnt;
    return 0;
}

/* find() on a parent array of its own (a copy when the state is const), compressing paths. */
int carc_find_in(uint16_t *par, int a)
{
    int r2 = par[par[a]]; /* as in carc_find */
    if (par[r2] == r2) {
        par[a] = (uint16_t)r2;
        return r2;
    }
    int r = a;
    while (par[r] != r)
        r = par[r];
    while (par[a] != r) {
        int n = par[a];
        par[a] = (uint16_t)r;
        a = n;
    }
    return r;
}

/* Completed cities bordering fields, in one pass over the board: every field root r with
 * slot[r] below nslots gets count[slot[r]] = the completed cities bordering it, each once.
 * slot has an entry for each of the state's segments (CARC_NONE for none). par: the state's
 * parent array or a copy of it. */
void carc_field_city_counts(const carc_state *s, uint16_t *par, const uint8_t *slot, int nslots,
                            uint8_t *count)
{
    uint64_t seen[CARC_MAX_FOL][(CARC_MAX_SEGS + 63) / 64]; /* city roots counted, by slot */
    memset(seen, 0, sizeof seen[0] * (size_t)nslots);
    memset(count, 0, (size_t)nslots);
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        const carc_kind *K = &carc_kinds[T->kind];
        for (unsigned fm = K->fcity; fm; fm &= fm - 1) {
            int i = __builtin_ctz(fm), k = slot[carc_find_in(par, T->seg_base + i)];
            if (k >= nslots)
                continue;
            for (unsigned cm = K->seg[i].cities; cm; cm &= cm - 1) {
                int cr = carc_find_in(par, T->seg_base + __builtin_ctz(cm));
                uint64_t bit = 1ull << (cr & 63), *w = &seen[k][cr >> 6];
                if (!(s->sfl[cr] & CARC_S_DONE) || (*w & bit))
                    continue;
                *w |= bit;
                count[k]++;
            }
        }
    }
}

/* A road or city rooted at root, scored now (open at the end) or completed. */
int carc_line_value(const tafel_game *g, const carc_state *s, int root, int completed)
{
    int tiles = s->tcount[root], pen = s->pen[root];
    if ((s->sfl[root] & CARC_S_TYPE) == CARC_ROAD) {
        if (s->sfl[root] & CARC_S_INN)
            return completed ? 2 * tiles : 0;
        return tiles;
    }
    if (s->sfl[root] & CARC_S_CATH)
        return completed ? 3 * (tiles + pen) : 0;
    if (!completed || (g->params[CARC_P_TINY] && tiles == 2))
        return tiles + pen;
    return 2 * (tiles + pen);
}

int carc_feature_value(const tafel_game *g, carc_state *s, int seg, int completed)
{
    int root = carc_find(s, seg);
    int ty = s->sfl[root] & CARC_S_TYPE;
    if (ty == CARC_CLOISTER) {
        if (completed)
            return 9;
        for (int t = 0; t < s->ntiles; t++)
            if (seg >= s->tiles[t].seg_base &&
                seg < s->tiles[t].seg_base + carc_kinds[s->tiles[t].kind].nseg)
                return 1 + carc_cloister_count(s, t);
        return 1;
    }
    if (ty == CARC_FIELD) {
        if (!carc_opt_farmers(g) || !s->occ[root])
            return 0;
        uint8_t slot[CARC_MAX_SEGS], cities;
        memset(slot, CARC_NONE, s->nsegs);
        slot[root] = 0;
        carc_field_city_counts(s, s->parent, slot, 1, &cities);
        return 3 * cities;
    }
    return carc_line_value(g, s, root, completed);
}

/* Majority over root: every player with the highest strength scores pts. */
static void carc_score_majority(carc_state *s, int root, int pts, int kind)
{
    int str[TAFEL_MAX_PLAYERS] = {0}, best = 0;
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        if (carc_find(s, s->tiles[f->tile].seg_base + f->seg) == root) {
            str[f->player] += f->large ? 2 : 1;
            if (str[f->player] > best)
                best = str[f->player];
        }
    }
    if (best == 0)
        return;
    for (int p = 0; p < s->nplayers; p++)
        if (str[p] == best)
            carc_add_score(s, p, pts, kind);
}

static void carc_return_followers(carc_state *s, int root)
{
    for (int i = 0; i < s->nfol;) {
        const carc_fol *f = &s->fol[i];
        if (carc_find(s, s->tiles[f->tile].seg_base + f->seg) == root) {
            if (f->large)
                s->large[f->player]++;
            else
                s->supply[f->player]++;
            s->fol[i] = s->fol[--s->nfol];
            memset(&s->fol[s->nfol], 0, sizeof s->fol[0]);
        } else {
            i++;
        }
    }
    s->occ[root] = 0;
}

void carc_score_pending(const tafel_game *g, carc_state *s)
{
    for (int i = 0; i < s->npend; i++) {
        int r = s->pend[i];
        if (!s->occ[r])
            continue;
        int ty = s->sfl[r] & CARC_S_TYPE;
        carc_score_majority(s, r, carc_feature_value(g, s, r, 1), carc_kind_of_type(ty));
        carc_return_followers(s, r);
    }
    for (int i = 0; i < s->npcl; i++) {
        const carc_tile *T = &s->tiles[s->pcl[i]];
        int seg = T->seg_base + carc_kinds[T->kind].cloister;
        if (!s->occ[seg])
            continue;
        carc_score_majority(s, seg, 9, CARC_K_CLOISTER);
        carc_return_followers(s, seg);
    }
    s->npend = 0;
    s->npcl = 0;
    memset(s->pend, 0, sizeof s->pend);
    memset(s->pcl, 0, sizeof s->pcl);
}

/* Every feature with followers, in the order of its first follower: one find per follower,
 * then majorities from those roots. */
void carc_final_scoring(const tafel_game *g, carc_state *s)
{
    uint16_t root[CARC_MAX_FOL];
    uint8_t slot[CARC_MAX_SEGS], cities[CARC_MAX_FOL];
    int nslots = -1, nf = s->nfol;
    for (int i = 0; i < nf; i++)
        root[i] = (uint16_t)carc_find(s, s->tiles[s->fol[i].tile].seg_base + s->fol[i].seg);
    for (int i = 0; i < nf; i++) {
        int r = root[i], k = 0;
        while (k < i && root[k] != r)
            k++;
        if (k < i)
            continue;
        int ty = s->sfl[r] & CARC_S_TYPE;
        int v;
        if (ty == CARC_FIELD) {
            if (!carc_opt_farmers(g))
                continue;
            if (nslots < 0) { /* at the first field: every occupied field's cities at once */
                memset(slot, CARC_NONE, s->nsegs);
                nslots = 0;
                for (int j = 0; j < nf; j++)
                    if ((s->sfl[root[j]] & CARC_S_TYPE) == CARC_FIELD && slot[root[j]] == CARC_NONE)
                        slot[root[j]] = (uint8_t)nslots++;
                carc_field_city_counts(s, s->parent, slot, nslots, cities);
            }
            v = 3 * cities[slot[r]];
        } else {
            const carc_fol *f = &s->fol[i];
            v = carc_feature_value(g, s, s->tiles[f->tile].seg_base + f->seg, 0);
        }
        int str[TAFEL_MAX_PLAYERS] = {0}, best = 0;
        for (int j = i; j < nf; j++) {
            if (root[j] != r)
                continue;
            const carc_fol *f = &s->fol[j];
            str[f->player] += f->large ? 2 : 1;
            if (str[f->player] > best)
                best = str[f->player];
        }
        for (int p = 0; p < s->nplayers; p++)
            if (str[p] == best)
                carc_add_score(s, p, v, carc_kind_of_type(ty));
    }
}

/* Tatan filling: points for followers whose feature is open at a filled square [D-17, D-18]. */
int carc_fill_points(const tafel_game *g, carc_state *s, const uint16_t *sqs, int n)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int tile_only = g->params[CARC_P_TILEONLY];
    uint16_t mark[CARC_MAX_TAT * 4 * 3];
    int nm = 0;
    for (int q = 0; q < n; q++) {
        int x = carc_sqx(sqs[q]), y = carc_sqy(sqs[q]);
        for (int d = 0; d < 4; d++) {
            int m = carc_tile_at(s, x + dx[d], y + dy[d]);
            if (m < 0)
                continue;
            const carc_tile *M = &s->tiles[m];
            const carc_kind *MK = &carc_kinds[M->kind];
            int od = d ^ 2;
            int segs[3], ns = 0;
            int e = MK->edge_seg[(od - M->rot) & 3];
            if (e != CARC_NONE)
                segs[ns++] = e;
            for (int i = 0; i < 2; i++) {
                int h = MK->half_seg[(2 * od + i - 2 * M->rot) & 7];
                if (h != CARC_NONE)
                    segs[ns++] = h;
            }
            for (int i = 0; i < ns; i++) {
                int gs = M->seg_base + segs[i];
                mark[nm++] = (uint16_t)(tile_only ? gs : carc_find(s, gs));
            }
        }
    }
    int pts = 0;
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        const carc_tile *T = &s->tiles[f->tile];
        int seg = T->seg_base + f->seg, hit = 0;
        if (carc_kinds[T->kind].seg[f->seg].type == CARC_CLOISTER) {
            for (int q = 0; q < n && !hit; q++) {
                int ddx = carc_sqx(sqs[q]) - T->x, ddy = carc_sqy(sqs[q]) - T->y;
                hit = ddx >= -1 && ddx <= 1 && ddy >= -1 && ddy <= 1;
            }
        } else {
            int key = tile_only ? seg : carc_find(s, seg);
            for (int k = 0; k < nm && !hit; k++)
                hit = mark[k] == key;
        }
        if (hit)
            pts += f->large ? 4 : 2;
    }
    return pts;
}
