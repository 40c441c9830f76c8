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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_ledger_and_secrets),
        cmocka_unit_test(test_setup_and_start),
        cmocka_unit_test(test_secret_draw),
        cmocka_unit_test(test_face_down_and_reveal),
        cmocka_unit_test(test_round_end),
        cmocka_unit_test(test_markers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
