/* tr2_text.c: Die Tafelrunde 2 notation: "play red5/blue2 as blue", "pass", "secure blue3",
 * "zork red4+blue2" (at Zork's decision: "zork red4+blue2 (6 of 6 gems)", the gems it takes of
 * the budget left), and for chance "start player 1", "special zork", "draw red4/blue3",
 * "reveal yellow3". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tafelrunde2/tr2.h"

int tr2_card_name(int card, int special_kind, char *buf, size_t len)
{
    if (card == TR2_SPECIAL)
        return snprintf(buf, len, "%s",
                        special_kind < 4 ? tr2_special_names[special_kind] : "special");
    const tr2_card *c = &tr2_cards[card];
    if (!c->val[1])
        return snprintf(buf, len, "%s%d", tr2_colour_names[c->col[0]], c->val[0]);
    return snprintf(buf, len, "%s%d/%s%d", tr2_colour_names[c->col[0]], c->val[0],
                    tr2_colour_names[c->col[1]], c->val[1]);
}

static int tr2_chest_name(int kind, char *buf, size_t len)
{
    return snprintf(buf, len, "%s%d", tr2_colour_names[tr2_chest_col(kind)], tr2_chest_gems(kind));
}

int tr2_action_to_text(const tafel_game *g, const void *state, int32_t a, char *buf, size_t len)
{
    (void)g;
    const tr2_state *s = state;
    char name[32], more[64];
    if (a < TR2_A_FEIERABEND) {
        int c = a >> 1, side = a & 1;
        tr2_card_name(c, 0, name, sizeof name);
        if (!tr2_cards[c].val[1])
            return snprintf(buf, len, "play %s", name);
        return snprintf(buf, len, "play %s as %s", name,
                        tr2_colour_names[tr2_cards[c].col[side]]);
    }
    if (a == TR2_A_FEIERABEND)
        return snprintf(buf, len, "play feierabend");
    if (a == TR2_A_ZORK)
        return snprintf(buf, len, "play zork");
    if (a < TR2_A_WARN) {
        if (a == TR2_A_WIED + 15)
            return snprintf(buf, len, "play wiederbelebung take none");
        tr2_card_name(a - TR2_A_WIED, 0, name, sizeof name);
        return snprintf(buf, len, "play wiederbelebung take %s", name);
    }
    if (a < TR2_A_PASS)
        return snprintf(buf, len, "play warnung %s", tr2_colour_names[a - TR2_A_WARN]);
    if (a == TR2_A_PASS)
        return snprintf(buf, len, "pass");
    if (a < TR2_A_ZORKSET) {
        tr2_chest_name(a - TR2_A_SECURE, name, sizeof name);
        return snprintf(buf, len, "secure %s", name);
    }
    if (a < TR2_A_START) {
        const uint8_t *z = tr2_zork_sets[a - TR2_A_ZORKSET];
        snprintf(more, sizeof more, "none");
        for (int j = 0; j < 3 && z[j] != 0xff; j++) {
            tr2_chest_name(z[j], name, sizeof name);
            size_t l = j ? strlen(more) : 0;
            snprintf(more + l, sizeof more - l, "%s%s", j ? "+" : "", name);
        }
        if (s->phase != TR2_PH_ZORK)
            return snprintf(buf, len, "zork %s", more);
        return snprintf(buf, len, "zork %s (%d of %d gems)", more,
                        tr2_zork_set_gems(a - TR2_A_ZORKSET), s->zork_left);
    }
    if (a < TR2_A_SPECIAL)
        return snprintf(buf, len, "start player %d", a - TR2_A_START);
    if (a < TR2_A_DRAW)
        return snprintf(buf, len, "special %s", tr2_special_names[a - TR2_A_SPECIAL]);
    if (a < TR2_A_REVEAL) {
        tr2_card_name(a - TR2_A_DRAW, s->special[s->turn], name, sizeof name);
        return snprintf(buf, len, "draw %s", name);
    }
    tr2_chest_name(a - TR2_A_REVEAL, name, sizeof name);
    return snprintf(buf, len, "reveal %s", name);
}

static int tr2_parse_colour(const char *w)
{
    for (int c = 0; c < TR2_NCOL; c++)
        if (!strcmp(w, tr2_colour_names[c]))
            return c;
    return -1;
}

static int tr2_parse_special(const char *w)
{
    for (int k = 0; k < 4; k++)
        if (!strcmp(w, tr2_special_names[k]))
            return k;
    return -1;
}

/* A card as printed: rogue id 0..14, TR2_SPECIAL for a special card name, or -1. */
static int tr2_parse_card(const char *w)
{
    char name[32];
    for (int c = 0; c < TR2_NROGUE; c++) {
        tr2_card_name(c, 0, name, sizeof name);
        if (!strcmp(w, name))
            return c;
    }
    if (tr2_parse_special(w) >= 0 || !strcmp(w, "special"))
        return TR2_SPECIAL;
    return -1;
}

static int tr2_parse_chest(const char *w)
{
    for (int k = 0; k < TR2_NKIND; k++) {
        char name[16];
        tr2_chest_name(k, name, sizeof name);
        if (!strcmp(w, name))
            return k;
    }
    return -1;
}

#define TR2_FAIL(...) (snprintf(err, errlen, __VA_ARGS__), -1)

static int tr2_parse_zork_set(const char *w, int32_t *action, char *err, size_t errlen)
{
    int kinds[3] = {0xff, 0xff, 0xff}, n = 0;
    if (strcmp(w, "none")) {
        char tmp[64];
        snprintf(tmp, sizeof tmp, "%s", w);
        char *save = NULL;
        for (char *t = strtok_r(tmp, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
            int k = tr2_parse_chest(t);
            if (k < 0)
                return TR2_FAIL("'%s' is not a chest (e.g. blue3)", t);
            if (n == 3)
                return TR2_FAIL("Zork secures at most 6 gems");
            kinds[n++] = k;
        }
        for (int i = 1; i < n; i++) /* insertion sort */
            for (int j = i; j > 0 && kinds[j - 1] > kinds[j]; j--) {
                int t = kinds[j];
                kinds[j] = kinds[j - 1];
                kinds[j - 1] = t;
            }
    }
    for (int i = 0; i < TR2_NZORK; i++) {
        const uint8_t *z = tr2_zork_sets[i];
        if (z[0] == kinds[0] && z[1] == kinds[1] && z[2] == kinds[2]) {
            *action = TR2_A_ZORKSET + i;
            return 0;
        }
    }
    return TR2_FAIL("Zork secures at most 6 gems");
}

/* "zork SET", or "zork SET (N of M gems)" as action_to_text writes it at Zork's decision. */
static int tr2_parse_zork(const tafel_game *g, const tr2_state *s, char *const *w, int nw,
                          int32_t *action, char *err, size_t errlen)
{
    int rc = tr2_parse_zork_set(w[1], action, err, errlen);
    if (rc)
        return rc;
    if (s->phase == TR2_PH_ZORK && tr2_zork_set_gems(*action - TR2_A_ZORKSET) > s->zork_left)
        return TR2_FAIL("Zork has only %d gems left this raid", s->zork_left);
    if (nw == 2)
        return 0;
    char want[TAFEL_TEXT_LEN], got[TAFEL_TEXT_LEN] = "";
    tr2_action_to_text(g, s, *action, want, sizeof want);
    for (int i = 0; i < nw; i++) {
        size_t l = strlen(got);
        snprintf(got + l, sizeof got - l, "%s%s", i ? " " : "", w[i]);
    }
    if (strcmp(got, want))
        return TR2_FAIL("Zork has %d gems left: say '%s'", s->zork_left, want);
    return 0;
}

int tr2_text_to_action(const tafel_game *g, const void *state, const char *text,
                       int32_t *action, char *err, size_t errlen)
{
    char buf[TAFEL_TEXT_LEN], *w[6];
    int nw = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    char *save = NULL;
    for (char *t = strtok_r(buf, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
        if (nw == 6)
            return TR2_FAIL("too many words in '%s'", text);
        w[nw++] = t;
    }
    if (!nw)
        return TR2_FAIL("empty move");
    if (!strcmp(w[0], "pass") && nw == 1) {
        *action = TR2_A_PASS;
        return 0;
    }
    if (!strcmp(w[0], "play") && nw >= 2) {
        int sp = tr2_parse_special(w[1]);
        if (sp == TR2_FEIERABEND && nw == 2) {
            *action = TR2_A_FEIERABEND;
            return 0;
        }
        if (sp == TR2_ZORK && nw == 2) {
            *action = TR2_A_ZORK;
            return 0;
        }
        if (sp == TR2_WARNUNG) {
            int c = nw == 3 ? tr2_parse_colour(w[2]) : -1;
            if (c < 0)
                return TR2_FAIL("say which colour: play warnung red|blue|yellow");
            *action = TR2_A_WARN + c;
            return 0;
        }
        if (sp == TR2_WIEDERBELEBUNG) {
            if (nw != 4 || strcmp(w[2], "take"))
                return TR2_FAIL("say which card: play wiederbelebung take CARD|none");
            int c = strcmp(w[3], "none") ? tr2_parse_card(w[3]) : 15;
            if (c < 0 || (c == TR2_SPECIAL && strcmp(w[3], "none")))
                return TR2_FAIL("'%s' is not a rogue card (e.g. red5/blue2)", w[3]);
            *action = TR2_A_WIED + c;
            return 0;
        }
        int c = tr2_parse_card(w[1]);
        if (c < 0 || c == TR2_SPECIAL || sp >= 0)
            return TR2_FAIL("'%s' is not a card (e.g. red7, red5/blue2 as blue)", w[1]);
        int side = 0;
        if (nw == 4 && !strcmp(w[2], "as")) {
            int col = tr2_parse_colour(w[3]);
            if (col == tr2_cards[c].col[0])
                side = 0;
            else if (col == tr2_cards[c].col[1] && tr2_cards[c].val[1])
                side = 1;
            else
                return TR2_FAIL("%s has no %s bar", w[1], w[3]);
        } else if (nw != 2 || tr2_cards[c].val[1]) {
            return TR2_FAIL("say which bar counts: play %s as COLOUR", w[1]);
        }
        *action = TR2_A_CARD + c * 2 + side;
        return 0;
    }
    if (!strcmp(w[0], "secure") && nw == 2) {
        int k = tr2_parse_chest(w[1]);
        if (k < 0)
            return TR2_FAIL("'%s' is not a chest (e.g. blue3)", w[1]);
        *action = TR2_A_SECURE + k;
        return 0;
    }
    if (!strcmp(w[0], "zork") && (nw == 2 || nw == 6))
        return tr2_parse_zork(g, state, w, nw, action, err, errlen);
    if (!strcmp(w[0], "start") && nw == 3 && !strcmp(w[1], "player")) {
        char *end;
        long p = strtol(w[2], &end, 10);
        if (*end || p < 0 || p >= g->num_players)
            return TR2_FAIL("no player '%s'", w[2]);
        *action = TR2_A_START + (int32_t)p;
        return 0;
    }
    if (!strcmp(w[0], "special") && nw == 2) {
        int k = tr2_parse_special(w[1]);
        if (k < 0)
            return TR2_FAIL("'%s' is not a special card", w[1]);
        *action = TR2_A_SPECIAL + k;
        return 0;
    }
    if (!strcmp(w[0], "draw") && nw == 2) {
        int c = tr2_parse_card(w[1]);
        if (c < 0)
            return TR2_FAIL("'%s' is not a card", w[1]);
        *action = TR2_A_DRAW + c;
        return 0;
    }
    if (!strcmp(w[0], "reveal") && nw == 2) {
        int k = tr2_parse_chest(w[1]);
        if (k < 0)
            return TR2_FAIL("'%s' is not a chest (e.g. yellow3)", w[1]);
        *action = TR2_A_REVEAL + k;
        return 0;
    }
    return TR2_FAIL("unknown move '%s' (try: play CARD as COLOUR, pass, secure CHEST)", text);
}
