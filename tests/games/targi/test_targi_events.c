/* test_targi_events.c: what each viewer is told of an action (action_seen, events_json): secret
 * draws, face-down cards, automatic moves, scoring with its causes and the game end, in scripted
 * positions; over random games, that the events account for every change of goods, gold and VP
 * tokens and never name a card the viewer may not see. */
#include "targi_test.h"

#include <jansson.h>
#include <stdlib.h>

/* ---- helpers ---- */

/* Apply `text` to s, returning the events told to viewer (caller decrefs) and, when seen is not
 * NULL, what action_seen said in seen_text / *seen. */
static json_t *ev_do(const tafel_game *g, targi_state *s, const char *text, int viewer)
{
    char err[TAFEL_ERR_LEN];
    int32_t a;
    if (tafel_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    targi_state before = *s;
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    return tafel_events_json(g, &before, a, s, viewer);
}

/* Every event's text joined by " | ". */
static char *ev_texts(const json_t *ev)
{
    static char buf[4096];
    buf[0] = 0;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        size_t n = strlen(buf);
        snprintf(buf + n, sizeof buf - n, "%s%s", i ? " | " : "",
                 json_string_value(json_object_get(e, "text")));
    }
    return buf;
}

/* The first event with this type whose text contains `part`, or NULL. */
static json_t *ev_find(const json_t *ev, const char *type, const char *part)
{
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (!strcmp(json_string_value(json_object_get(e, "type")), type) &&
            strstr(json_string_value(json_object_get(e, "text")), part))
            return e;
    }
    return NULL;
}

static json_t *ev_need(const json_t *ev, const char *type, const char *part)
{
    json_t *e = ev_find(ev, type, part);
    if (!e)
        fail_msg("no %s event with '%s' in: %s", type, part, ev_texts(ev));
    return e;
}

static int ev_int(const json_t *e, const char *key)
{
    json_t *v = json_object_get(e, key);
    if (!json_is_integer(v))
        fail_msg("event lacks integer '%s'", key);
    return (int)json_integer_value(v);
}

/* ---- random games ---- */

/* Tribe cards that viewer may not see in s: secret hands of others, a secret drawn card,
 * face-down tribe cards. */
static uint64_t ev_secret_cards(const targi_state *s, int viewer)
{
    uint64_t m = 0;
    for (int p = 0; p < 2; p++)
        if (p != viewer && s->pl[p].hand != TG_NONE && s->pl[p].hand_secret)
            m |= 1ull << s->pl[p].hand;
    if (s->pend == TG_P_TRIBE && s->pend_secret && viewer != s->turn)
        m |= 1ull << s->pend_card;
    for (int c = 0; c < 9; c++)
        if (s->cell_down[c] && s->cell_kind[c] == TG_KIND_TRIBE)
            m |= 1ull << s->cell_card[c];
    /* a hand card being played (Noble, W8) is shown as the card to pay for */
    int open_pend = s->pend == TG_P_PAY || s->pend == TG_P_ROW ||
                    (s->pend == TG_P_TRIBE && (!s->pend_secret || viewer == s->turn));
    if (open_pend)
        m &= ~(1ull << s->pend_card);
    return m;
}

/* Does `text` name tribe card `card` as a word ("O3", not part of "O33")? */
static int ev_names(const char *text, int card)
{
    const char *l = targi_tribe[card].label;
    size_t n = strlen(l);
    for (const char *p = strstr(text, l); p; p = strstr(p + 1, l)) {
        int before = p == text || !((p[-1] >= 'A' && p[-1] <= 'Z') ||
                                    (p[-1] >= '0' && p[-1] <= '9'));
        int after = !(p[n] >= '0' && p[n] <= '9');
        if (before && after)
            return 1;
    }
    return 0;
}

typedef struct {
    long steps, events, types[16];
} ev_stats;

static void ev_check_step(const tafel_game *g, const targi_state *b, int32_t a,
                          const targi_state *s, ev_stats *st, long game, long step)
{
    for (int viewer = -1; viewer < 2; viewer++) {
        int ledger[2][6];
        json_t *ev = targi_events_trace(g, b, a, s, viewer, ledger);
        for (int p = 0; p < 2; p++) {
            const targi_player *pl = &s->pl[p];
            int want[6] = {pl->goods[0], pl->goods[1], pl->goods[2], pl->gold, pl->vp,
                           pl->w9gold};
            if (memcmp(want, ledger[p], sizeof want)) {
                char t[TAFEL_TEXT_LEN];
                targi_action_to_text(g, b, a, t, sizeof t);
                fail_msg("game %ld step %ld '%s': player %d has %d %d %d, %d gold, %d VP, W9 %d;"
                         " the events account for %d %d %d, %d gold, %d VP, W9 %d: %s", game,
                         step, t, p, want[0], want[1], want[2], want[3], want[4], want[5],
                         ledger[p][0], ledger[p][1], ledger[p][2], ledger[p][3], ledger[p][4],
                         ledger[p][5], ev_texts(ev));
            }
        }
        /* a card still secret after the action was never named, in events or notation */
        uint64_t secret = ev_secret_cards(s, viewer);
        if (b->chance == TG_CH_EXPANSION && viewer != b->turn)
            secret |= 1ull << (a - TG_CH_TRIBE);
        char *dump = json_dumps(ev, JSON_COMPACT);
        char told[TAFEL_TEXT_LEN];
        int seen = targi_action_seen(g, b, a, viewer, told, sizeof told);
        /* the id of a hidden draw names the card */
        int hidden = b->chance == TG_CH_REPL ||
                     (b->chance == TG_CH_EXPANSION && viewer != b->turn);
        if (seen && hidden)
            fail_msg("game %ld step %ld: viewer %d may know the id of '%s'", game, step, viewer,
                     told);
        for (uint64_t m = secret; m; m &= m - 1) {
            int card = __builtin_ctzll(m);
            if (ev_names(dump, card) || ev_names(told, card))
                fail_msg("game %ld step %ld: viewer %d is told secret %s: '%s' %s", game, step,
                         viewer, targi_tribe[card].label, told, dump);
        }
        free(dump);
        if (viewer == -1) {
            size_t i;
            json_t *e;
            json_array_foreach(ev, i, e) {
                static const char *const types[] = {"score", "reveal", "draw", "auto", "start",
                                                    "round", "raid", "robber", "phase",
                                                    "round_end", "gain", "final", "end"};
                const char *type = json_string_value(json_object_get(e, "type"));
                size_t k = 0;
                while (k < sizeof types / sizeof *types && strcmp(types[k], type))
                    k++;
                if (k == sizeof types / sizeof *types)
                    fail_msg("unknown event type %s", type);
                st->types[k]++;
                st->events++;
            }
        }
        json_decref(ev);
    }
    st->steps++;
}

static void ev_random(const char *params, int games, uint64_t seed, ev_stats *st)
{
    tafel_game g;
    targi_state s, b;
    tgt_load(&g, params);
    for (int gi = 0; gi < games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, seed + (uint64_t)gi);
        targi_init(&g, &s);
        for (long step = 0; targi_current_player(&g, &s) != TAFEL_TERMINAL; step++) {
            int32_t a;
            if (s.chance) {
                a = tafel_sample_chance(&g, &s, &rng);
            } else {
                int32_t out[TG_MAX_LEGAL];
                int n = targi_legal_actions(&g, &s, out);
                a = out[tafel_rng_below(&rng, (uint32_t)n)];
            }
            b = s;
            targi_apply(&g, &s, a);
            ev_check_step(&g, &b, a, &s, st, gi, step);
        }
    }
}

static void test_random_ledger_and_secrets(void **unused)
{
    (void)unused;
    ev_stats st;
    memset(&st, 0, sizeof st);
    int games = check_sanitized() ? 20 : 300;
    ev_random("", games, 4242, &st);
    ev_random("tribe_rule=kosmos,trade_mixed_goods=true,raid_shortfall_to_opponent=true",
              games / 2, 777, &st);
    /* every kind of event happened */
    for (int k = 0; k < 13; k++)
        if (!st.types[k])
            fail_msg("event type %d never seen in %ld steps", k, st.steps);
}

/* ---- scripted positions ---- */

/* The deal, the start player and round 1. */
static void test_setup_and_start(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    targi_init(&g, &s);
    json_t *ev = ev_do(&g, &s, "draw G4", -1);
    json_t *e = ev_need(ev, "reveal", "G4 (DD) is dealt face up on 1,1");
    assert_string_equal(json_string_value(json_object_get(e, "card")), "G4");
    assert_int_equal(ev_int(e, "row"), 1);
    json_decref(ev);
    const char *rest[8] = {"draw C1", "draw G2", "draw W1", "draw G3",
                           "draw T1", "draw G1", "draw A1", "draw G11"};
    for (int i = 0; i < 8; i++)
        json_decref(ev_do(&g, &s, rest[i], 0));
    char buf[TAFEL_TEXT_LEN];
    int32_t a = TG_CH_START_PLAYER + 1;
    assert_int_equal(targi_action_seen(&g, &s, a, -1, buf, sizeof buf), 1);
    assert_string_equal(buf, "player 1 starts");
    ev = ev_do(&g, &s, "player 1 starts", -1);
    assert_int_equal(ev_int(ev_need(ev, "start", "player 1 starts"), "player"), 1);
    e = ev_need(ev, "round", "round 1: player 1 starts");
    assert_int_equal(ev_int(e, "round"), 1);
    assert_int_equal(ev_int(ev_need(ev, "robber", "the robber moves to 1 Noble"), "border"), 1);
    json_decref(ev);
}

/* A card drawn at the Tribal Expansion: the drawer sees it, the opponent and a spectator are told
 * only that a card was drawn, and that it went to the hand. */
static void test_secret_draw(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    int order[6] = {14, 2, 3, 5, 7, 11};
    tgt_place(&g, &s, order, 6);
    json_decref(ev_do(&g, &s, "use 14 Tribal Expansion", 0));
    int32_t a = TG_CH_TRIBE + tgt_card("O3");
    char buf[TAFEL_TEXT_LEN];
    assert_int_equal(targi_action_seen(&g, &s, a, 0, buf, sizeof buf), 1);
    assert_string_equal(buf, "draw O3");
    assert_int_equal(targi_action_seen(&g, &s, a, 1, buf, sizeof buf), 0);
    assert_string_equal(buf, "player 0 draws a tribe card");
    assert_int_equal(targi_action_seen(&g, &s, a, -1, buf, sizeof buf), 0);
    assert_string_equal(buf, "player 0 draws a tribe card");
    targi_state b = s;
    targi_apply(&g, &s, a);
    json_t *own = targi_events_json(&g, &b, a, &s, 0);
    json_t *e = ev_need(own, "draw", "player 0 draws O3 at the Tribal Expansion");
    assert_string_equal(json_string_value(json_object_get(e, "card")), "O3");
    for (int v = -1; v <= 1; v += 2) {
        json_t *ev = targi_events_json(&g, &b, a, &s, v);
        e = ev_need(ev, "draw", "player 0 draws a tribe card at the Tribal Expansion");
        assert_null(json_object_get(e, "card"));
        char *dump = json_dumps(ev, JSON_COMPACT);
        assert_null(strstr(dump, "O3"));
        free(dump);
        json_decref(ev);
    }
    json_decref(own);
    /* into the hand: the opponent and a spectator are not told which card */
    a = TG_A_TRIBE_HAND;
    assert_int_equal(targi_action_seen(&g, &s, a, 0, buf, sizeof buf), 1);
    assert_string_equal(buf, "hand O3");
    for (int v = -1; v <= 1; v += 2) {
        assert_int_equal(targi_action_seen(&g, &s, a, v, buf, sizeof buf), 0);
        assert_string_equal(buf, "player 0 takes the drawn card into his hand");
    }
    /* discarding it shows it to everyone */
    assert_int_equal(targi_action_seen(&g, &s, TG_A_TRIBE_DISCARD, 1, buf, sizeof buf), 1);
    assert_string_equal(buf, "discard O3");
}

/* A used centre card is replaced face down: nobody is told which card, not even by its id; the
 * end of the round turns it up for all. */
static void test_face_down_and_reveal(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {1, 9, 15, 6, 11, 7}; /* A: 1,1 (G4) */
    tgt_place(&g, &s, order, 6);
    json_t *ev = ev_do(&g, &s, "take 1,1 G4 DD", 1);
    json_t *e = ev_need(ev, "gain", "player 0 receives DD from G4");
    assert_int_equal(ev_int(e, "player"), 0);
    json_decref(ev);
    int32_t a = TG_CH_TRIBE + tgt_card("O3");
    char buf[TAFEL_TEXT_LEN];
    for (int v = -1; v < 2; v++) {
        assert_int_equal(targi_action_seen(&g, &s, a, v, buf, sizeof buf), 0);
        assert_string_equal(buf, "a tribe card is laid face down on 1,1");
    }
    targi_state b = s;
    targi_apply(&g, &s, a);
    for (int v = -1; v < 2; v++) {
        ev = targi_events_json(&g, &b, a, &s, v);
        e = ev_need(ev, "draw", "a tribe card is laid face down on 1,1");
        assert_null(json_object_get(e, "card"));
        char *dump = json_dumps(ev, JSON_COMPACT);
        assert_null(strstr(dump, "O3"));
        free(dump);
        json_decref(ev);
    }
    ev = ev_do(&g, &s, "end", -1);
    e = ev_need(ev, "phase", "player 0's action phase ends");
    assert_false(json_is_true(json_object_get(e, "auto")));
    json_decref(ev);
}

/* The end of the round, seen by a spectator: round end, the face-down card turned up, the new
 * round with its start player and robber; an automatic end of a phase with nothing left. */
static void test_round_end(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {1, 9, 15, 6, 11, 7};
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "take 1,1 G4 DD");
    tgt_do(&g, &s, "draw O3");
    tgt_do(&g, &s, "end");
    json_t *ev = ev_do(&g, &s, "end", -1);
    ev_need(ev, "phase", "player 1's action phase ends");
    ev_need(ev, "round_end", "round 1 ends");
    json_t *e = ev_need(ev, "reveal", "turned face up: 1,1 O3");
    json_t *card = json_array_get(json_object_get(e, "cards"), 0);
    assert_string_equal(json_string_value(json_object_get(card, "card")), "O3");
    assert_int_equal(ev_int(ev_need(ev, "round", "round 2: player 1 starts"), "player"), 1);
    ev_need(ev, "robber", "the robber moves to 1 Noble"); /* it stood beside the board */
    json_decref(ev);
}

/* The last Targi: the markers go down on the crossings. */
static void test_markers(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    int order[5] = {1, 6, 5, 7, 9}; /* A: #1, #5, #9; B: #6, #7 and then #2 */
    tgt_place(&g, &s, order, 5);
    json_t *ev = ev_do(&g, &s, "targi 2", -1);
    json_t *e = ev_need(ev, "auto", "player 0 puts 2 tribe markers on 1,1 and 1,3");
    json_t *m = json_array_get(json_object_get(e, "markers"), 1);
    assert_int_equal(ev_int(m, "row"), 1);
    assert_int_equal(ev_int(m, "col"), 3);
    ev_need(ev, "auto", "player 1 puts 2 tribe markers on 2,2 and 3,2");
    json_decref(ev);
}

/* Run the dull policy (targi_test.h) until round r's placement or the end, collecting what
 * viewer is told. */
static json_t *ev_run_to_place(const tafel_game *g, targi_state *s, int r, int viewer)
{
    json_t *all = json_array();
    for (int i = 0; i < 100000; i++) {
        if (s->stage == TG_ST_OVER || (s->round == r && s->stage == TG_ST_PLACE && !s->chance &&
                                       s->pl[0].ntargi == 0 && s->pl[1].ntargi == 0))
            return all;
        targi_state b = *s;
        tgt_step(g, s);
        /* the action: the one that takes b to s under the dull policy */
        int32_t out[TG_MAX_LEGAL], a = -1;
        tafel_chance ch[TG_MAX_LEGAL];
        if (b.chance) {
            targi_chance_outcomes(g, &b, ch);
            a = ch[0].action;
        } else {
            int n = targi_legal_actions(g, &b, out);
            a = out[0];
            for (int k = 0; k < n; k++)
                if (out[k] == TG_A_END)
                    a = TG_A_END;
        }
        json_t *ev = targi_events_json(g, &b, a, s, viewer);
        json_array_extend(all, ev);
        json_decref(ev);
    }
    fail_msg("round %d not reached", r);
    return all;
}

/* Raid 2: the only payment is made for the player, O6 pays nothing and A7 gives 1 VP. */
static void test_raid_auto_payments(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, 6);
    int first = 1 - s.start, second = s.start; /* start players of round 7 and 6 */
    tgt_set_goods(&s, first, 1, 0, 0, 0);
    s.pl[first].vp = 3;
    tgt_give(&s, second, "O6", 0);
    tgt_give(&s, second, "A7", 0);
    s.pl[second].vp = 5;
    json_t *ev = ev_run_to_place(&g, &s, 7, -1);
    char t[128];
    json_t *e = ev_need(ev, "raid", "raid 2: each player gives up 2 goods or 1 VP");
    assert_int_equal(ev_int(e, "raid"), 2);
    snprintf(t, sizeof t, "player %d pays 1 VP at raid 2 (his only option)", first);
    assert_int_equal(ev_int(ev_need(ev, "auto", t), "player"), first);
    snprintf(t, sizeof t, "player %d loses 1 at raid 2", first);
    e = ev_need(ev, "score", t);
    assert_int_equal(ev_int(e, "points"), -1);
    assert_string_equal(json_string_value(json_object_get(e, "cause")), "raid 2");
    snprintf(t, sizeof t, "player %d pays nothing at raid 2 (O6)", second);
    ev_need(ev, "auto", t);
    snprintf(t, sizeof t, "player %d scores 1 for A7 at the raid", second);
    assert_int_equal(ev_int(ev_need(ev, "score", t), "points"), 1);
    ev_need(ev, "robber", "the robber moves on to 9 Fata Morgana");
    assert_int_equal(s.pl[first].vp, 2);
    assert_int_equal(s.pl[second].vp, 6);
    json_decref(ev);
}

/* Raid 3 that neither option pays: the VP as far as they go, and with
 * raid_shortfall_to_opponent the rest to the opponent. */
static void test_raid_shortfall(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "raid_shortfall_to_opponent=true");
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, 9);
    int first = 1 - s.start, second = s.start;
    tgt_set_goods(&s, first, 1, 0, 0, 0);
    s.pl[first].vp = 1;
    tgt_set_goods(&s, second, 0, 0, 0, 0);
    s.pl[second].vp = 10;
    json_t *ev = ev_run_to_place(&g, &s, 10, 1 - first);
    char t[128];
    snprintf(t, sizeof t, "player %d can pay neither option of raid 3: he loses 1 VP", first);
    ev_need(ev, "auto", t);
    snprintf(t, sizeof t, "player %d scores 1 that player %d could not pay at raid 3", second,
             first);
    json_t *e = ev_need(ev, "score", t);
    assert_int_equal(ev_int(e, "points"), 1);
    assert_string_equal(json_string_value(json_object_get(e, "cause")), "shortfall");
    snprintf(t, sizeof t, "player %d loses 2 at raid 3", second);
    ev_need(ev, "score", t);
    assert_int_equal(s.pl[second].vp, 10 + 1 - 2);
    json_decref(ev);
}

/* Raid 4 ends the game: automatic payments, each player's final score and the result (here
 * a tie on points that gold breaks). */
static void test_raid4_game_end(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, 12);
    int first = 1 - s.start, second = s.start;
    tgt_set_goods(&s, first, 0, 0, 0, 0);
    s.pl[first].vp = 5; /* pays 3 VP */
    tgt_set_goods(&s, second, 0, 0, 0, 2);
    s.pl[second].vp = 2; /* pays 1 gold */
    json_t *ev = ev_run_to_place(&g, &s, 13, -1);
    assert_int_equal(s.stage, TG_ST_OVER);
    char t[128];
    ev_need(ev, "robber", "the robber reaches 16 Raid 4");
    ev_need(ev, "raid", "raid 4: each player gives up 1 gold or 3 VP; then the game ends");
    snprintf(t, sizeof t, "player %d pays 1 gold at raid 4 (his only option)", second);
    ev_need(ev, "auto", t);
    snprintf(t, sizeof t, "player %d: 2 = 2 VP tokens + 0 card VP", first);
    assert_int_equal(ev_int(ev_need(ev, "final", t), "player"), first);
    snprintf(t, sizeof t, "game over (raid 4): player %d wins 2 to 2 on gold", second);
    json_t *e = ev_need(ev, "end", t);
    assert_string_equal(json_string_value(json_object_get(e, "reason")), "raid 4");
    json_t *w = json_object_get(e, "winners");
    assert_int_equal(json_array_size(w), 1);
    assert_int_equal(json_integer_value(json_array_get(w, 0)), second);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(e, "scores"), 0)), 2);
    /* it is the last event */
    assert_ptr_equal(json_array_get(ev, json_array_size(ev) - 1), e);
    json_decref(ev);
}

/* The 12th card: placed in the only row with space, the game ends after the round. */
static void test_twelfth_card_end(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 1); /* B starts round 1 */
    s.robber = 0;
    static const char *const cards[11] = {"O1", "O2", "O3", "O4", "W2", "W3",
                                          "W4", "W5", "T2", "T3", "T4"};
    for (int i = 0; i < 11; i++)
        tgt_give(&s, 0, cards[i], i / 4);
    int order[6] = {3, 15, 6, 2, 7, 5}; /* A (second): (1,2) C1 */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "end"); /* B */
    tgt_set_goods(&s, 0, 1, 1, 0, 1);
    tgt_do(&g, &s, "buy C1");
    json_t *ev = ev_do(&g, &s, "pay DS G", -1);
    json_t *e = ev_need(ev, "score", "player 0 places C1 in row 3, the only row with space: 3 VP");
    assert_int_equal(ev_int(e, "points"), 3);
    assert_int_equal(ev_int(e, "row"), 3);
    assert_true(json_is_true(json_object_get(e, "auto")));
    ev_need(ev, "auto", "player 0 has 12 cards: the game ends after this round");
    assert_null(ev_find(ev, "score", "rows")); /* T T T C: no row bonus */
    json_decref(ev);
    tgt_do(&g, &s, "draw G5");
    ev = ev_do(&g, &s, "end", 1);
    assert_int_equal(s.stage, TG_ST_OVER);
    ev_need(ev, "phase", "player 0's action phase ends");
    assert_null(ev_find(ev, "round_end", "")); /* the game ends instead */
    int sc0 = targi_score(&s, 0), sc1 = targi_score(&s, 1);
    char t[128];
    snprintf(t, sizeof t, "game over (12 cards): player 0 wins %d to %d", sc0, sc1);
    e = ev_need(ev, "end", t);
    json_t *pl = json_array_get(json_object_get(e, "players"), 0);
    assert_int_equal(ev_int(pl, "score"), sc0);
    assert_int_equal(ev_int(pl, "rows"), 8);
    assert_int_equal(ev_int(pl, "cards"), 2 + 3 + 3 + 1 + 2 + 3 + 1 + 1 + 3 + 3 + 1 + 3);
    assert_int_equal(ev_int(pl, "score"), ev_int(pl, "vp_tokens") + ev_int(pl, "cards") +
                                              ev_int(pl, "abilities") + ev_int(pl, "rows"));
    json_decref(ev);
}

/* A card placed in a chosen row completes 4 different symbols: its VP and the row bonus. */
static void test_place_and_row_bonus(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    tgt_give(&s, 0, "O1", 0);
    tgt_give(&s, 0, "W2", 0);
    tgt_give(&s, 0, "T2", 0);
    int order[6] = {2, 6, 5, 7, 3, 11}; /* A: (1,2) C1 and (1,3) */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "buy C1");
    json_t *ev = ev_do(&g, &s, "pay DS G", -1);
    assert_null(ev_find(ev, "score", "")); /* a row is still to choose */
    json_decref(ev);
    int before = targi_score(&s, 0);
    ev = ev_do(&g, &s, "row 1", 1);
    json_t *e = ev_need(ev, "score", "player 0 places C1 in row 1: 3 VP");
    assert_false(json_is_true(json_object_get(e, "auto")));
    assert_string_equal(json_string_value(json_object_get(e, "card")), "C1");
    e = ev_need(ev, "score", "player 0 scores 2 for his rows");
    assert_int_equal(ev_int(e, "points"), 2);
    assert_int_equal(targi_score(&s, 0), before + 3 + 2);
    json_decref(ev);
}

/* VP from the Silversmith; a phase with nothing left ends by itself. */
static void test_silversmith_and_auto_end(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    int order[6] = {10, 6, 15, 7, 3, 11}; /* A: #10, #15, #3: markers (1,2), (1,3) */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "use 10 Silversmith");
    json_t *ev = ev_do(&g, &s, "silver DD for 1 VP", 0);
    json_t *e = ev_need(ev, "score", "player 0 scores 1 at the Silversmith");
    assert_int_equal(ev_int(e, "points"), 1);
    assert_string_equal(json_string_value(json_object_get(e, "cause")), "Silversmith");
    assert_null(ev_find(ev, "phase", ""));
    json_decref(ev);
    /* the rest of A's phase, until nothing is left */
    tgt_do(&g, &s, "use 15 Salt");
    tgt_do(&g, &s, "use 3 Salt");
    tgt_do(&g, &s, "discard C1");
    tgt_do(&g, &s, "draw G5");
    ev = ev_do(&g, &s, "take 1,3 G2 S", -1);
    ev_need(ev, "gain", "player 0 receives S from G2");
    json_decref(ev);
    ev = ev_do(&g, &s, "draw O3", -1);
    e = ev_need(ev, "phase", "player 0 has nothing left to do: his action phase ends");
    assert_true(json_is_true(json_object_get(e, "auto")));
    assert_int_equal(s.turn, 1);
    json_decref(ev);
}

/* At the end of a phase: A8's date for a date from a goods card, then the limits. */
static void test_phase_end_bonus_and_limits(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    tgt_give(&s, 0, "A8", 0);
    int order[6] = {1, 6, 5, 7, 3, 2}; /* A: (1,1) G1, (1,3) G2 */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "take 1,1 G1 D");
    tgt_do(&g, &s, "draw C2");
    tgt_set_goods(&s, 0, 6, 5, 0, 5);
    json_t *ev = ev_do(&g, &s, "end", -1);
    json_t *e = ev_need(ev, "auto", "player 0 receives 1 date (A8)");
    assert_string_equal(json_string_value(json_object_get(e, "card")), "A8");
    e = ev_need(ev, "auto", "player 0 returns 2 gold (limit 3)");
    assert_int_equal(ev_int(e, "gold"), 2);
    e = ev_need(ev, "auto", "player 0 must return 2 goods (limit 10)");
    assert_int_equal(ev_int(e, "count"), 2);
    assert_int_equal(s.stage, TG_ST_LIMIT);
    assert_int_equal(s.pl[0].goods[0], 7);
    json_decref(ev);
    json_decref(ev_do(&g, &s, "return date", -1));
    ev = ev_do(&g, &s, "return date", -1);
    assert_null(ev_find(ev, "auto", "limit")); /* done */
    assert_int_equal(s.turn, 1);
    json_decref(ev);
}

/* The Caravan's card is shown to all: what it gives, and G12's VP. */
static void test_caravan(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    int order[6] = {13, 6, 5, 2, 3, 11};
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "use 13 Caravan");
    char buf[TAFEL_TEXT_LEN];
    int32_t a = TG_CH_GOODS + tgt_goods("G12");
    assert_int_equal(targi_action_seen(&g, &s, a, -1, buf, sizeof buf), 1);
    assert_string_equal(buf, "draw G12");
    json_t *ev = ev_do(&g, &s, "draw G12", -1);
    json_t *e = ev_need(ev, "reveal", "player 0 draws G12 (VP) at the Caravan");
    assert_string_equal(json_string_value(json_object_get(e, "card")), "G12");
    ev_need(ev, "gain", "player 0 receives 1 VP from G12 (Caravan)");
    assert_int_equal(ev_int(ev_need(ev, "score", "player 0 scores 1 for G12"), "points"), 1);
    json_decref(ev);
}

/* A deck that runs empty is refilled from its discard pile, for all to see. */
static void test_reshuffle(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {2, 1, 7, 3, 5, 6}; /* A: (1,2) C1 and (3,2) A1 */
    tgt_place(&g, &s, order, 6);
    memset(s.gdeck, 0, sizeof s.gdeck);
    s.gdeck_n = 0;
    memset(s.gdisc, 0, sizeof s.gdisc);
    s.gdisc[tgt_goods("G5")] = 3;
    json_t *ev = ev_do(&g, &s, "discard C1", -1);
    json_t *e = ev_need(ev, "auto", "the goods discard pile (3 cards) is shuffled into a new "
                        "goods deck");
    assert_string_equal(json_string_value(json_object_get(e, "kind")), "goods");
    json_decref(ev);
}

/* A start player whose Targi give him nothing to do ends his phase as soon as all stand. */
static void test_nothing_to_do_after_placing(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0;
    tgt_set_goods(&s, 0, 1, 1, 1, 0); /* nothing for the Silversmith */
    int order[5] = {1, 5, 9, 6, 10}; /* A: Noble without a hand card, Fata Morgana, Silversmith */
    tgt_place(&g, &s, order, 5);
    json_t *ev = ev_do(&g, &s, "targi 7", -1);
    ev_need(ev, "auto", "player 0 puts no tribe marker");
    ev_need(ev, "auto", "player 1 puts no tribe marker");
    ev_need(ev, "phase", "player 0 has nothing left to do: his action phase ends");
    assert_int_equal(s.turn, 1);
    json_decref(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_ledger_and_secrets),
        cmocka_unit_test(test_setup_and_start),
        cmocka_unit_test(test_secret_draw),
        cmocka_unit_test(test_face_down_and_reveal),
        cmocka_unit_test(test_round_end),
        cmocka_unit_test(test_markers),
        cmocka_unit_test(test_nothing_to_do_after_placing),
        cmocka_unit_test(test_raid_auto_payments),
        cmocka_unit_test(test_raid_shortfall),
        cmocka_unit_test(test_raid4_game_end),
        cmocka_unit_test(test_twelfth_card_end),
        cmocka_unit_test(test_place_and_row_bonus),
        cmocka_unit_test(test_silversmith_and_auto_end),
        cmocka_unit_test(test_phase_end_bonus_and_limits),
        cmocka_unit_test(test_caravan),
        cmocka_unit_test(test_reshuffle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
