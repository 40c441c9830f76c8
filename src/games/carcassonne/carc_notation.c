/* carc_notation.c: action notation (spec §1 names: kinds, x,y, r, canonical feature names) and
 * lookups for replayers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/carcassonne/carc.h"

static const char *const carc_half_names[8] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};

int carc_kind_by_name(const char *name)
{
    for (int k = 0; k < CARC_NKINDS; k++)
        if (!strcmp(carc_kinds[k].name, name))
            return k;
    if (!strcasecmp(name, "tatan"))
        return CARC_TATAN;
    return -1;
}

/* Edges and half-edges of a segment as they lie on the board: tile edge e faces direction
 * (e + rot) & 3, half-edge h faces (h + 2 rot) & 7 (carc_board.c). */
static int carc_seg_board_mask(const carc_seg *sg, int rot)
{
    int m = 0;
    if (sg->type == CARC_CITY || sg->type == CARC_ROAD) {
        for (int e = 0; e < 4; e++)
            if (sg->mask >> e & 1)
                m |= 1 << ((e + rot) & 3);
    } else if (sg->type == CARC_FIELD) {
        for (int h = 0; h < 8; h++)
            if (sg->mask >> h & 1)
                m |= 1 << ((h + 2 * rot) & 7);
    }
    return m;
}

static const char *const carc_type_words[] = {"", "city", "road", "field", "cloister"};

int carc_seg_name_rot(int kind, int seg, int rot, char *buf, size_t len)
{
    const carc_seg *sg = &carc_kinds[kind].seg[seg];
    int m = carc_seg_board_mask(sg, rot);
    char tmp[64];
    int n = 0;
    switch (sg->type) {
    case CARC_CITY:
    case CARC_ROAD:
        n = snprintf(tmp, sizeof tmp, "%s:", carc_type_words[sg->type]);
        for (int e = 0; e < 4; e++)
            if (m >> e & 1)
                tmp[n++] = "NESW"[e];
        tmp[n] = 0;
        break;
    case CARC_FIELD:
        n = snprintf(tmp, sizeof tmp, "field:");
        if (!m)
            n += snprintf(tmp + n, sizeof tmp - (size_t)n, "inner");
        for (int h = 0, first = 1; h < 8; h++)
            if (m >> h & 1) {
                n += snprintf(tmp + n, sizeof tmp - (size_t)n, "%s%s", first ? "" : ",",
                              carc_half_names[h]);
                first = 0;
            }
        break;
    default: snprintf(tmp, sizeof tmp, "cloister"); break;
    }
    return snprintf(buf, len, "%s", tmp);
}

int carc_seg_name(int kind, int seg, char *buf, size_t len)
{
    return carc_seg_name_rot(kind, seg, 0, buf, len);
}

/* Read "road", "road:NE", "city:N", "field:Sw" ... as on the board: the type and some of the
 * segment's (half-)edges, in any order and case. Returns the one segment of that type whose
 * board (half-)edges include all of them, -1 if none, -2 if several (ambiguous). */
int carc_seg_by_board_name(int kind, int rot, const char *name)
{
    const carc_kind *K = &carc_kinds[kind];
    int type = 0;
    size_t tl = 0;
    for (int t = CARC_CITY; t <= CARC_CLOISTER; t++) {
        size_t l = strlen(carc_type_words[t]);
        if (!strncasecmp(name, carc_type_words[t], l) && (!name[l] || name[l] == ':')) {
            type = t;
            tl = l;
        }
    }
    if (!type)
        return -1;
    const char *p = name + tl;
    int want = 0, inner = 0;
    if (*p == ':') {
        p++;
        while (*p) {
            if (*p == ',' || *p == ' ') {
                p++;
                continue;
            }
            if (type == CARC_FIELD) {
                if (!strncasecmp(p, "inner", 5)) {
                    inner = 1;
                    p += 5;
                    continue;
                }
                int h = 0;
                while (h < 8 && strncasecmp(p, carc_half_names[h], 2))
                    h++;
                if (h == 8)
                    return -1;
                want |= 1 << h;
                p += 2;
            } else {
                const char *d = strchr("NESW", toupper((unsigned char)*p));
                if (!d || !*d)
                    return -1;
                want |= 1 << (d - "NESW");
                p++;
            }
        }
    }
    int found = -1, count = 0;
    for (int i = 0; i < K->nseg; i++) {
        const carc_seg *sg = &K->seg[i];
        if (sg->type != type)
            continue;
        int m = carc_seg_board_mask(sg, rot);
        if ((m & want) != want || (inner && m))
            continue;
        /* An exact name wins over a segment that merely includes the edges. */
        if (m == want && (want || inner)) {
            found = i;
            count = 1;
            break;
        }
        found = i;
        count++;
    }
    return count > 1 ? -2 : found;
}

int carc_seg_by_name(int kind, const char *name)
{
    char buf[64];
    for (int i = 0; i < carc_kinds[kind].nseg; i++) {
        carc_seg_name(kind, i, buf, sizeof buf);
        if (!strcmp(buf, name))
            return i;
    }
    return -1;
}

int32_t carc_place_action(int x, int y, int r)
{
    if (x < -CARC_OFF || x > CARC_OFF || y < -CARC_OFF || y > CARC_OFF || r < 0 || r > 3)
        return -1;
    return CARC_A_PLACE + carc_sq(x, y) * 4 + r;
}

int32_t carc_place_action_kind(const carc_state *s, int kind, int x, int y, int r)
{
    if ((s->phase != CARC_PH_PLACE && s->phase != CARC_PH_MOVE) || s->hand != kind)
        return -1;
    return carc_place_action(x, y, r);
}

int32_t carc_pick_action(int x, int y)
{
    if (x < -CARC_OFF || x > CARC_OFF || y < -CARC_OFF || y > CARC_OFF)
        return -1;
    return CARC_A_PICK + carc_sq(x, y);
}

int32_t carc_fill_action(int x, int y, int large)
{
    if (x < -CARC_OFF || x > CARC_OFF || y < -CARC_OFF || y > CARC_OFF)
        return -1;
    return CARC_A_FILL + 2 * carc_sq(x, y) + (large ? 1 : 0);
}

int32_t carc_draw_action(int kind)
{
    return kind < 0 || kind >= CARC_NKINDS ? -1 : CARC_A_DRAW + kind;
}

int32_t carc_follower_action(const carc_state *s, const char *name, int large)
{
    if (s->phase != CARC_PH_FOLLOW)
        return -1;
    int seg = carc_seg_by_name(s->tiles[s->placed].kind, name);
    return seg < 0 ? -1 : CARC_A_FOLLOW + 2 * seg + (large ? 1 : 0);
}

/* Label of the i-th square with a legal placement: a..z, then aa, ab, ... */
int carc_label(int i, char *buf, size_t len)
{
    if (i < 26)
        return snprintf(buf, len, "%c", 'a' + i);
    return snprintf(buf, len, "%c%c", 'a' + (i / 26 - 1) % 26, 'a' + i % 26);
}

int carc_action_to_text(const tafel_game *g, const void *state, int32_t a, char *buf,
                        size_t len)
{
    (void)g;
    const carc_state *s = state;
    if (a >= CARC_A_START)
        return snprintf(buf, len, "start %d", a - CARC_A_START);
    if (a >= CARC_A_DRAW)
        return snprintf(buf, len, "draw %s", carc_kinds[a - CARC_A_DRAW].name);
    if (a >= CARC_A_CHOOSE)
        return snprintf(buf, len, "play %s", carc_kinds[a - CARC_A_CHOOSE].name);
    if (a == CARC_A_PASS)
        return snprintf(buf, len, "pass");
    if (a == CARC_A_KEEP)
        return snprintf(buf, len, "keep");
    if (a == CARC_A_DRAW2)
        return snprintf(buf, len, "draw2");
    if (a == CARC_A_NOFOLLOW)
        return snprintf(buf, len, "none");
    if (a >= CARC_A_FOLLOW) {
        int seg = (a - CARC_A_FOLLOW) >> 1, lg = (a - CARC_A_FOLLOW) & 1;
        char name[64] = "?";
        /* Named as the spot lies on the board, which is what the player looks at. */
        if (s->placed != CARC_NONE && seg < carc_kinds[s->tiles[s->placed].kind].nseg)
            carc_seg_name_rot(s->tiles[s->placed].kind, seg, s->tiles[s->placed].rot, name,
                              sizeof name);
        return snprintf(buf, len, "%s%s", lg ? "L " : "", name);
    }
    if (a >= CARC_A_FILL) {
        int sq = (a - CARC_A_FILL) >> 1, lg = (a - CARC_A_FILL) & 1;
        return snprintf(buf, len, "fill %s%d,%d", lg ? "L " : "", carc_sqx(sq), carc_sqy(sq));
    }
    if (a >= CARC_A_PICK) {
        int sq = a - CARC_A_PICK;
        return snprintf(buf, len, "move %d,%d", carc_sqx(sq), carc_sqy(sq));
    }
    int sq = a >> 2;
    return snprintf(buf, len, "%s %d,%d r%d", s->hand < CARC_NKINDS ? carc_kinds[s->hand].name : "?",
                    carc_sqx(sq), carc_sqy(sq), a & 3);
}

/* Parse "x,y" or "x y"; returns chars consumed or -1. */
static int carc_parse_xy(const char *p, int *x, int *y)
{
    const char *start = p;
    char *end;
    long a = strtol(p, &end, 10);
    if (end == p)
        return -1;
    p = end;
    while (*p == ' ' || *p == ',')
        p++;
    long b = strtol(p, &end, 10);
    if (end == p)
        return -1;
    *x = (int)a;
    *y = (int)b;
    return (int)(end - start);
}

int carc_text_to_action(const tafel_game *g, const void *state, const char *text,
                        int32_t *action, char *err, size_t errlen)
{
    const carc_state *s = state;
    char t[TAFEL_TEXT_LEN];
    while (isspace((unsigned char)*text))
        text++;
    snprintf(t, sizeof t, "%s", text);
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        t[--n] = 0;
    int x, y;
    if (!strncmp(t, "start ", 6)) {
        *action = CARC_A_START + atoi(t + 6);
        return 0;
    }
    if (!strncmp(t, "draw ", 5)) {
        int k = carc_kind_by_name(t + 5);
        if (k < 0) {
            snprintf(err, errlen, "unknown tile kind '%s'", t + 5);
            return -1;
        }
        *action = CARC_A_DRAW + k;
        return 0;
    }
    if (!strncmp(t, "play ", 5)) {
        int k = carc_kind_by_name(t + 5);
        if (k < 0) {
            snprintf(err, errlen, "unknown tile kind '%s'", t + 5);
            return -1;
        }
        *action = CARC_A_CHOOSE + k;
        return 0;
    }
    if (!strcmp(t, "pass")) { *action = CARC_A_PASS; return 0; }
    if (!strcmp(t, "keep")) { *action = CARC_A_KEEP; return 0; }
    if (!strcmp(t, "draw2")) { *action = CARC_A_DRAW2; return 0; }
    if (!strcmp(t, "none") || !strcmp(t, "-")) { *action = CARC_A_NOFOLLOW; return 0; }
    if (!strncmp(t, "move ", 5)) {
        if (carc_parse_xy(t + 5, &x, &y) < 0 || (*action = carc_pick_action(x, y)) < 0)
            goto bad;
        return 0;
    }
    if (!strncmp(t, "fill ", 5)) {
        const char *p = t + 5;
        int lg = 0;
        if (!strncmp(p, "L ", 2)) {
            lg = 1;
            p += 2;
        }
        if (carc_parse_xy(p, &x, &y) < 0 || (*action = carc_fill_action(x, y, lg)) < 0)
            goto bad;
        return 0;
    }
    if (s->phase == CARC_PH_FOLLOW) {
        const char *p = t;
        int lg = 0;
        if (!strncmp(p, "follower ", 9))
            p += 9;
        if (!strncmp(p, "L ", 2)) {
            lg = 1;
            p += 2;
        }
        /* the spec's §6 forms too: "kn c0", "hw r0", "farmer f1", "L kn c0", "monk" */
        static const char *const roles[] = {"kn ", "hw ", "farmer ", "monk ", NULL};
        for (int i = 0; roles[i]; i++)
            if (!strncmp(p, roles[i], strlen(roles[i])))
                p += strlen(roles[i]);
        const carc_tile *T = &s->tiles[s->placed];
        const carc_kind *K = &carc_kinds[T->kind];
        int bseg = carc_seg_by_board_name(T->kind, T->rot, p);
        if (bseg == -2) {
            int n2 = snprintf(err, errlen, "'%s' is ambiguous on tile %s here:", p, K->name);
            for (int i = 0, k = 0; i < K->nseg && n2 >= 0 && (size_t)n2 < errlen; i++) {
                char nm[64];
                carc_seg_name_rot(T->kind, i, T->rot, nm, sizeof nm);
                if (!strncasecmp(nm, p, strlen(p)))
                    n2 += snprintf(err + n2, errlen - (size_t)n2, "%s %s", k++ ? " or" : "", nm);
            }
            return -1;
        }
        int32_t a = bseg >= 0 ? CARC_A_FOLLOW + 2 * bseg + lg : -1;
        if (a < 0 && (p[0] == 'c' || p[0] == 'r' || p[0] == 'f') && isdigit((unsigned char)p[1]) &&
            !p[2]) {
            int i = p[1] - '0', nf = K->nseg - K->ncity - K->nroad - (K->cloister != CARC_NONE);
            int seg = p[0] == 'c' ? (i < K->ncity ? i : -1)
                      : p[0] == 'r' ? (i < K->nroad ? K->ncity + i : -1)
                                    : (i < nf ? K->ncity + K->nroad + i : -1);
            if (seg >= 0)
                a = CARC_A_FOLLOW + 2 * seg + lg;
        }
        if (a < 0 && !strcmp(p, "monk") && K->cloister != CARC_NONE)
            a = CARC_A_FOLLOW + 2 * K->cloister + lg;
        if (a < 0) {
            snprintf(err, errlen, "tile %s has no feature '%s' where it lies (names as on the "
                     "board: city:N, road:EW, field:Ne,En, cloister)", K->name, p);
            return -1;
        }
        *action = a;
        return 0;
    }
    if (s->phase == CARC_PH_PLACE || s->phase == CARC_PH_MOVE) {
        const char *p = t;
        /* optional kind name */
        if (isupper((unsigned char)*p)) {
            char kn[8];
            int i = 0;
            while (isupper((unsigned char)p[i]) && i < 7) {
                kn[i] = p[i];
                i++;
            }
            kn[i] = 0;
            if (carc_kind_by_name(kn) != s->hand) {
                snprintf(err, errlen, "the tile to place is %s, not %s",
                         carc_kinds[s->hand].name, kn);
                return -1;
            }
            p += i;
            while (*p == ' ' || *p == '@')
                p++;
        }
        int r = 0;
        if (islower((unsigned char)*p)) {
            /* a label from render(): squares with a legal placement in square order */
            int li = 0, k = 0;
            while (islower((unsigned char)p[k]) && k < 2)
                k++;
            if (k == 2 && p[1] == 'r' && isdigit((unsigned char)p[2]))
                k = 1; /* "ar1": label a, rotation 1 */
            if (k == 1)
                li = p[0] - 'a';
            else
                li = (p[0] - 'a' + 1) * 26 + (p[1] - 'a');
            p += k;
            while (*p == ' ')
                p++;
            if (*p == 'r')
                p++;
            r = (int)strtol(p, NULL, 10);
            int32_t legal[1024];
            int nl = carc_legal(g, s, legal), seen = -1, last = -1;
            for (int i = 0; i < nl; i++) {
                int sq = legal[i] >> 2;
                if (sq != last) {
                    seen++;
                    last = sq;
                }
                if (seen == li) {
                    *action = carc_place_action(carc_sqx(sq), carc_sqy(sq), r);
                    return 0;
                }
            }
            snprintf(err, errlen, "no square labelled '%.2s'", t);
            return -1;
        }
        int c = carc_parse_xy(p, &x, &y);
        if (c < 0)
            goto bad;
        p += c;
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == 'r')
            p++;
        if (*p)
            r = (int)strtol(p, NULL, 10);
        *action = carc_place_action(x, y, r);
        if (*action < 0)
            goto bad;
        return 0;
    }
bad:
    snprintf(err, errlen, "cannot read '%s'", t);
    return -1;
}
