/* targi_text.c: readable action notation ("targi 5 Trader", "buy O3", "pay D SS G") and parsing. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "targi_state.h"

static const char *const text_good_letter = "DSP";

/* "DSSP" from a goods vector (empty if none). */
static void text_goods(char *buf, int d, int s, int p)
{
    int n = 0;
    int v[3] = {d, s, p};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < v[k]; i++)
            buf[n++] = text_good_letter[k];
    buf[n] = 0;
}

static const char *text_card(int card)
{
    return card < TG_NTRIBE ? targi_tribe[card].label : "?";
}

int targi_action_to_text(const tafel_game *g, const void *state, int32_t a, char *buf,
                         size_t len)
{
    (void)g;
    const targi_state *s = state;
    const targi_player *pl = &s->pl[s->turn];
    char gs[16];
    if (a >= TG_CH_START_PLAYER)
        return snprintf(buf, len, "player %d starts", a - TG_CH_START_PLAYER);
    if (a >= TG_CH_TRIBE)
        return snprintf(buf, len, "draw %s", targi_tribe[a - TG_CH_TRIBE].label);
    if (a >= TG_CH_GOODS)
        return snprintf(buf, len, "draw %s", targi_goods[a - TG_CH_GOODS].label);
    if (a >= TG_A_RETURN)
        return snprintf(buf, len, "return %s", targi_good_name[a - TG_A_RETURN]);
    if (a >= TG_A_RAID_GOODS) {
        int c = a - TG_A_RAID_GOODS;
        text_goods(gs, c / 16, c / 4 % 4, c % 4);
        return snprintf(buf, len, "raid pay %s", gs);
    }
    if (a == TG_A_RAID_GOLD)
        return snprintf(buf, len, "raid pay gold");
    if (a == TG_A_RAID_VP)
        return snprintf(buf, len, "raid pay %d VP", s->raid ? targi_raid_vp(s->raid) : 0);
    if (a == TG_A_A9_GOODS)
        return snprintf(buf, len, "a9 goods");
    if (a == TG_A_A9_GOLD)
        return snprintf(buf, len, "a9 gold");
    if (a == TG_A_A9_VP)
        return snprintf(buf, len, "a9 vp");
    if (a >= TG_A_SWAP) {
        int i = (a - TG_A_SWAP) / 12, j = (a - TG_A_SWAP) % 12;
        return snprintf(buf, len, "swap %d,%d %d,%d", i / 4 + 1, i % 4 + 1, j / 4 + 1, j % 4 + 1);
    }
    if (a >= TG_A_SILVER) {
        int c = a - TG_A_SILVER, gd = c % 3, v = c / 3;
        if (gd)
            return snprintf(buf, len, "silver %s for %d VP", gd == 1 ? "G" : "GG", 2 * gd);
        text_goods(gs, v / 25, v / 5 % 5, v % 5);
        return snprintf(buf, len, "silver %s for %d VP", gs, strlen(gs) == 2 ? 1 : 3);
    }
    if (a == TG_A_DONE)
        return snprintf(buf, len, "done");
    if (a >= TG_A_TRADE) {
        int c = a - TG_A_TRADE, r = c % 4, v = c / 4;
        text_goods(gs, v / 16, v / 4 % 4, v % 4);
        return snprintf(buf, len, "trade %s for %s", gs, r ? targi_good_name[r - 1] : "gold");
    }
    if (a >= TG_A_ROW)
        return snprintf(buf, len, "row %d", a - TG_A_ROW + 1);
    if (a >= TG_A_PAY) {
        int c = a - TG_A_PAY, gm = c % 3, v = c / 3;
        text_goods(gs, v / 16, v / 4 % 4, v % 4);
        if (!gs[0] && !gm)
            return snprintf(buf, len, "pay nothing");
        return snprintf(buf, len, "pay %s%s%s", gs, gs[0] && gm ? " " : "",
                        gm == 1 ? "G" : gm == 2 ? "W9" : "");
    }
    if (a == TG_A_TRIBE_LEAVE)
        return snprintf(buf, len, "leave %s", text_card(s->pend_card));
    if (a == TG_A_TRIBE_DISCARD)
        return snprintf(buf, len, "discard %s", text_card(s->pend_card));
    if (a == TG_A_TRIBE_HAND)
        return snprintf(buf, len, "hand %s", text_card(s->pend_card));
    if (a == TG_A_TRIBE_BUY)
        return snprintf(buf, len, "buy %s", text_card(s->pend_card));
    if (a >= TG_A_CHOOSE)
        return snprintf(buf, len, "choose %s", targi_good_name[a - TG_A_CHOOSE]);
    if (a >= TG_A_DISCARD)
        return snprintf(buf, len, "discard %s", text_card(s->cell_card[a - TG_A_DISCARD]));
    if (a >= TG_A_HAND)
        return snprintf(buf, len, "hand %s", text_card(s->cell_card[a - TG_A_HAND]));
    if (a >= TG_A_BUY)
        return snprintf(buf, len, "buy %s", text_card(s->cell_card[a - TG_A_BUY]));
    if (a >= TG_A_TAKE) {
        int c = a - TG_A_TAKE, t = s->cell_card[c];
        return snprintf(buf, len, "take %d,%d %s %s", c / 3 + 1, c % 3 + 1,
                        t < TG_NGOODS_TYPES ? targi_goods[t].label : "?",
                        t < TG_NGOODS_TYPES ? targi_goods[t].gives : "");
    }
    if (a >= TG_A_FATA) {
        int from = (a - TG_A_FATA) / 9, to = (a - TG_A_FATA) % 9;
        return snprintf(buf, len, "fata %d,%d to %d,%d", from / 3 + 1, from % 3 + 1, to / 3 + 1,
                        to % 3 + 1);
    }
    if (a == TG_A_END)
        return snprintf(buf, len, "end");
    if (a == TG_A_W8)
        return snprintf(buf, len, "w8 play %s", text_card(pl->hand));
    if (a == TG_A_NOBLE_DISCARD)
        return snprintf(buf, len, "noble discard %s", text_card(pl->hand));
    if (a == TG_A_NOBLE_PLAY)
        return snprintf(buf, len, "noble play %s", text_card(pl->hand));
    if (a >= TG_A_USE)
        return snprintf(buf, len, "use %d %s", a - TG_A_USE, targi_border[a - TG_A_USE].name);
    return snprintf(buf, len, "targi %d %s", a - TG_A_PLACE, targi_border[a - TG_A_PLACE].name);
}

static int text_match(const tafel_game *g, const targi_state *s, const char *want, int32_t a)
{
    char t[TAFEL_TEXT_LEN];
    targi_action_to_text(g, s, a, t, sizeof t);
    return !strcasecmp(t, want);
}

int targi_text_to_action(const tafel_game *g, const void *state, const char *text,
                         int32_t *action, char *err, size_t errlen)
{
    const targi_state *s = state;
    char want[TAFEL_TEXT_LEN];
    while (*text == ' ' || *text == '\t')
        text++;
    snprintf(want, sizeof want, "%s", text);
    size_t n = strlen(want);
    while (n && (want[n - 1] == ' ' || want[n - 1] == '\t' || want[n - 1] == '\n'))
        want[--n] = 0;
    /* "targi 5" without the card name */
    int b;
    char rest;
    if (sscanf(want, "targi %d%c", &b, &rest) == 1 && b >= 1 && b <= 16) {
        *action = TG_A_PLACE + b;
        return 0;
    }
    if (s->chance) {
        tafel_chance ch[TG_MAX_LEGAL];
        int m = targi_chance_outcomes(g, s, ch);
        for (int i = 0; i < m; i++)
            if (text_match(g, s, want, ch[i].action)) {
                *action = ch[i].action;
                return 0;
            }
    } else {
        int32_t legal[TG_MAX_LEGAL];
        int m = targi_legal_actions(g, s, legal);
        for (int i = 0; i < m; i++)
            if (text_match(g, s, want, legal[i])) {
                *action = legal[i];
                return 0;
            }
    }
    for (int32_t a = 0; a < TG_NUM_ACTIONS; a++)
        if (text_match(g, s, want, a)) {
            *action = a;
            return 0;
        }
    snprintf(err, errlen, "unknown targi action '%s'", want);
    return -1;
}
