/* test_tr2_events.c: Die Tafelrunde 2, what each viewer is told: action_seen and events_json in
 * scripted positions (scoring, forced moves, draws, the end), and over random games (the replay
 * behind the events ends where apply does; secret draws stay secret). */
#include "tr2_test.h"

#include <jansson.h>
#include <stdlib.h>

#define SPECIAL BIT(TR2_SPECIAL)

/* Apply action a to *s; the events viewer is told of it. */
static json_t *ev_act(const tafel_game *g, tr2_state *s, int32_t a, int viewer)
{
    tr2_state before = *s;
    char err[TAFEL_ERR_LEN];
    if (tafel_apply(g, s, a, err, sizeof err))
        fail_msg("action %d: %s", a, err);
    return tafel_events_json(g, &before, a, s, viewer);
}

/* The same for a move given by its notation. */
static json_t *ev_do(const tafel_game *g, tr2_state *s, const char *text, int viewer)
{
    int32_t a;
    char err[TAFEL_ERR_LEN];
    if (tafel_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    return ev_act(g, s, a, viewer);
}

/* Event i has this type and text; returns it for its data. */
static json_t *ev_expect(json_t *ev, size_t i, const char *type, const char *text)
{
    json_t *e = json_array_get(ev, i);
    if (!e) {
        char *d = json_dumps(ev, JSON_COMPACT);
        fail_msg("no event %zu in %s", i, d);
    }
    assert_string_equal(json_string_value(json_object_get(e, "type")), type);
    assert_string_equal(json_string_value(json_object_get(e, "text")), text);
    return e;
}

static int ev_int(json_t *e, const char *key)
{
    json_t *v = json_object_get(e, key);
    if (!json_is_integer(v))
        fail_msg("event has no integer '%s'", key);
    return (int)json_integer_value(v);
}

/* The JSON array `got` equals the one written in `want` (e.g. "[\"red3\",\"red4\"]"). */
static void ev_field(json_t *e, const char *key, const char *want)
{
    json_t *w = json_loads(want, JSON_DECODE_ANY, NULL);
    assert_non_null(w);
    if (!json_equal(json_object_get(e, key), w)) {
        char *d = json_dumps(e, JSON_COMPACT);
        fail_msg("'%s' is not %s in %s", key, want, d);
    }
    json_decref(w);
}

/* Player 0 wins red and blue, taking chests from the centre and from player 2 while Letzte
 * Warnung keeps player 1's red chest; the forced passes, the cards that go back to the hand,
 * the discarded special, a chosen and a forced secure, each with its points. */
static void test_scoring_events(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 0); /* seat 1 holds warnung */
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2) | SPECIAL);
    tr2t_give(&s, 2, BIT(YELLOW5_RED2) | BIT(BLUE2_YELLOW5));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, 1, RED2, 0);
    tr2t_chest(&s, 1, BLUE3, 0);
    tr2t_chest(&s, 2, RED4, 0);
    tr2_advance(&g, &s);
    json_t *ev = ev_do(&g, &s, "play red7", -1);
    assert_int_equal(json_array_size(ev), 0); /* the move itself is its notation */
    json_decref(ev);
    json_decref(ev_do(&g, &s, "play warnung red", -1));
    json_decref(ev_do(&g, &s, "play yellow5/red2 as red", -1));
    json_decref(ev_do(&g, &s, "play blue7", -1));
    json_decref(ev_do(&g, &s, "play red5/blue2 as blue", -1));
    ev = ev_do(&g, &s, "pass", -1);
    ev_expect(ev, 0, "auto", "player 0 passes (no card he may play)");
    ev_expect(ev, 1, "auto", "player 1 passes (no card he may play)");
    ev_expect(ev, 2, "phase", "phase 2 ends: everyone has passed");
    json_t *e = ev_expect(ev, 3, "colour",
                          "player 0 wins red with strength 7 (player 2: 6) and takes red3 from "
                          "the centre, red4 from player 2; letzte warnung keeps player 1's red "
                          "chests");
    assert_int_equal(ev_int(e, "player"), 0);
    assert_int_equal(ev_int(e, "strength"), 7);
    ev_field(e, "colour", "\"red\"");
    ev_field(e, "strengths", "[7, null, 6]");
    ev_field(e, "chests", "[\"red3\", \"red4\"]");
    ev_field(e, "from", "[2]");
    ev_field(e, "protected", "[1]");
    ev_field(e, "discarded", "[\"red7\"]");
    e = ev_expect(ev, 4, "return", "player 2 takes yellow5/red2 back into his hand");
    assert_int_equal(ev_int(e, "player"), 2);
    ev_field(e, "cards", "[\"yellow5/red2\"]");
    e = ev_expect(ev, 5, "colour",
                  "player 0 wins blue with strength 7 (player 1: 5) and takes blue3 from "
                  "player 1");
    ev_field(e, "strengths", "[7, 5, null]");
    ev_expect(ev, 6, "return", "player 1 takes red5/blue2 back into his hand");
    e = ev_expect(ev, 7, "discard", "player 1 discards warnung");
    ev_field(e, "card", "\"warnung\"");
    assert_int_equal(json_array_size(ev), 8); /* nobody played yellow: nothing to tell */
    json_decref(ev);
    assert_int_equal(s.phase, TR2_PH_SECURE);
    ev = ev_do(&g, &s, "secure red4", -1);
    e = ev_expect(ev, 0, "score", "player 0 secures red4: +4 gems, 4 in all");
    assert_int_equal(ev_int(e, "player"), 0);
    assert_int_equal(ev_int(e, "points"), 4);
    assert_int_equal(ev_int(e, "gems"), 4);
    ev_field(e, "chests", "[\"red4\"]");
    /* Player 1 has one kind of face-up chest: the engine turns it for him; player 2 has none. */
    e = ev_expect(ev, 1, "score",
                  "player 1 secures red2 (his only kind of face-up chest): +2 gems, 2 in all");
    assert_int_equal(ev_int(e, "player"), 1);
    assert_int_equal(ev_int(e, "points"), 2);
    assert_int_equal(json_array_size(ev), 2);
    assert_int_equal(s.phase, TR2_PH_DRAW);
    json_decref(ev);
}

/* A tie sends the face-up chests of the colour to the centre; everyone takes his cards back. */
static void test_tie_event(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, 1, RED2, 0);
    tr2_advance(&g, &s);
    json_decref(ev_do(&g, &s, "play red7", 0));
    json_t *ev = ev_do(&g, &s, "play red5/blue2 as red", 0);
    ev_expect(ev, 0, "auto", "player 0 passes (no card he may play)");
    ev_expect(ev, 1, "auto", "player 1 passes (no card he may play)");
    ev_expect(ev, 2, "phase", "phase 2 ends: everyone has passed");
    json_t *e = ev_expect(ev, 3, "colour",
                          "red is tied at 7 by players 0 and 1: the centre takes red2 from "
                          "player 1");
    ev_field(e, "players", "[0, 1]");
    ev_field(e, "chests", "[\"red2\"]");
    ev_field(e, "discarded", "[]");
    assert_null(json_object_get(e, "player"));
    ev_expect(ev, 4, "return", "player 0 takes red7 back into his hand");
    ev_expect(ev, 5, "return", "player 1 takes red5/blue2 back into his hand");
    assert_int_equal(json_array_size(ev), 6);
    assert_int_equal(s.centre[RED2] + s.centre[RED3], 2);
    json_decref(ev);
}

/* Zork secures during scoring: a score event with its chests; Zork is discarded after phase 4. */
static void test_zork_events(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_ZORK;
    tr2t_give(&s, 0, SPECIAL | BIT(RED7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2));
    tr2t_chest(&s, 0, BLUE2, 0);
    tr2t_chest(&s, 0, BLUE4, 0);
    tr2t_chest(&s, -1, RED3, 0);
    tr2_advance(&g, &s);
    json_decref(ev_do(&g, &s, "play zork", 1));
    json_decref(ev_do(&g, &s, "play red5/blue2 as red", 1));
    json_t *ev = ev_do(&g, &s, "play red7", 1);
    ev_expect(ev, 0, "auto", "player 1 passes (no card he may play)");
    ev_expect(ev, 1, "auto", "player 0 passes (no card he may play)");
    ev_expect(ev, 2, "phase", "phase 2 ends: everyone has passed");
    assert_int_equal(json_array_size(ev), 3); /* Zork decides before red is scored */
    json_decref(ev);
    assert_int_equal(s.phase, TR2_PH_ZORK);
    ev = ev_do(&g, &s, "zork blue2+blue4", 1);
    json_t *e = ev_expect(ev, 0, "score", "player 0 secures blue2+blue4 with zork: +6 gems, "
                                          "6 in all");
    assert_int_equal(ev_int(e, "points"), 6);
    ev_field(e, "chests", "[\"blue2\", \"blue4\"]");
    ev_expect(ev, 1, "colour",
              "player 0 wins red with strength 7 (player 1: 5) and takes red3 from the centre");
    ev_expect(ev, 2, "return", "player 1 takes red5/blue2 back into his hand");
    /* Phase 4: Zork took the place of player 0's chest, player 1 has none; Zork goes. */
    ev_expect(ev, 3, "discard", "player 0 discards zork");
    assert_int_equal(json_array_size(ev), 4);
    assert_int_equal(s.phase, TR2_PH_DRAW);
    json_decref(ev);
}

/* Player 1 holds only Letzte Warnung and has no face-up chest: he passes when his turn comes. */
static void test_forced_pass_with_special(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, SPECIAL); /* warnung */
    tr2t_give(&s, 2, BIT(YELLOW7));
    tr2_advance(&g, &s);
    json_t *ev = ev_do(&g, &s, "play red7", 2);
    ev_expect(ev, 0, "auto", "player 1 passes (no card he may play)");
    assert_int_equal(json_array_size(ev), 1);
    assert_int_equal(tr2_current_player(&g, &s), 2);
    json_decref(ev);
}

/* A draw: the drawer is told the card, the other players and a spectator only that he drew. */
static void test_draw_told(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.phase = TR2_PH_DRAW;
    s.turn = 0;
    s.left = 2;
    s.done = 0;
    s.draw[0] = BIT(RED7) | BIT(BLUE7);
    s.hand[0] = 0;
    s.disc[0] = (uint16_t)(0xffff & ~(BIT(RED7) | BIT(BLUE7)));
    int32_t a = TR2_A_DRAW + RED7;
    char text[TAFEL_TEXT_LEN];
    assert_int_equal(tafel_action_seen(&g, &s, a, 0, text, sizeof text), 1);
    assert_string_equal(text, "draw red7");
    assert_int_equal(tafel_action_seen(&g, &s, a, 1, text, sizeof text), 0);
    assert_string_equal(text, "player 0 draws a card");
    assert_int_equal(tafel_action_seen(&g, &s, a, -1, text, sizeof text), 0);
    assert_string_equal(text, "player 0 draws a card");
    const char *want[3] = {"player 0 draws a card", "player 0 draws red7",
                           "player 0 draws a card"};
    for (int v = -1; v < 2; v++) {
        tr2_state t = s;
        json_t *ev = ev_act(&g, &t, a, v);
        json_t *e = ev_expect(ev, 0, "draw", want[v + 1]);
        assert_int_equal(ev_int(e, "player"), 0);
        if (v == 0)
            ev_field(e, "card", "\"red7\"");
        else
            assert_null(json_object_get(e, "card"));
        assert_int_equal(json_array_size(ev), 1);
        json_decref(ev);
    }
    /* His special card is named by its kind, for him alone. */
    s.draw[0] |= SPECIAL;
    s.disc[0] &= (uint16_t)~SPECIAL;
    assert_int_equal(tafel_action_seen(&g, &s, TR2_A_DRAW + TR2_SPECIAL, 0, text, sizeof text),
                     1);
    assert_string_equal(text, "draw feierabend");
    assert_int_equal(tafel_action_seen(&g, &s, TR2_A_DRAW + TR2_SPECIAL, 1, text, sizeof text),
                     0);
    assert_string_equal(text, "player 0 draws a card");
}

/* Drawing the last face-down card turns the discards into the new pile; a player whose pile is
 * empty shuffles his discards first [D-6]; with no card at all he draws nothing. Then the
 * start-player card passes, the next raid begins, and with all colours face up phase 2. */
static void test_draw_automatic(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.phase = TR2_PH_DRAW;
    s.turn = 0;
    s.left = 2;
    s.done = 0;
    s.draw[0] = BIT(RED7);
    s.disc[0] = BIT(BLUE7) | BIT(YELLOW7);
    s.hand[0] = (uint16_t)(0xffff & ~(BIT(RED7) | BIT(BLUE7) | BIT(YELLOW7)));
    s.draw[1] = 0;
    s.disc[1] = BIT(RED7);
    s.hand[1] = (uint16_t)~BIT(RED7);
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, -1, BLUE3, 0);
    tr2t_chest(&s, -1, YELLOW3, 0);
    json_t *ev = ev_act(&g, &s, TR2_A_DRAW + RED7, 1);
    ev_expect(ev, 0, "draw", "player 0 draws a card");
    json_t *e = ev_expect(ev, 1, "auto", "player 0 drew his last card: his discards (2 cards) "
                                         "become his new draw pile");
    assert_int_equal(ev_int(e, "cards"), 2);
    assert_int_equal(json_array_size(ev), 2);
    json_decref(ev);
    ev = ev_act(&g, &s, TR2_A_DRAW + BLUE7, 1);
    ev_expect(ev, 0, "draw", "player 0 draws a card");
    e = ev_expect(ev, 1, "auto", "player 1 shuffles his discards (1 card) into a new draw pile");
    assert_int_equal(ev_int(e, "player"), 1);
    assert_int_equal(json_array_size(ev), 2);
    json_decref(ev);
    ev = ev_act(&g, &s, TR2_A_DRAW + RED7, 1);
    ev_expect(ev, 0, "draw", "player 1 draws red7");
    ev_expect(ev, 1, "auto", "player 1 has no card left to draw");
    e = ev_expect(ev, 2, "start", "player 1 takes the start-player card");
    assert_int_equal(ev_int(e, "player"), 1);
    e = ev_expect(ev, 3, "raid", "raid 2 begins");
    assert_int_equal(ev_int(e, "raid"), 2);
    ev_expect(ev, 4, "phase", "all three colours lie face up: phase 2, player 1 plays first");
    assert_int_equal(json_array_size(ev), 5);
    assert_int_equal(tr2_current_player(&g, &s), 1);
    json_decref(ev);
}

/* The start player, the secret special cards (fewer than 4 players), the open ones with 4. */
static void test_setup_told(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    char text[TAFEL_TEXT_LEN];
    check_load(&g, "tafelrunde2(players=3)");
    tr2_init(&g, &s);
    json_t *ev = ev_act(&g, &s, TR2_A_START + 1, -1);
    json_t *e = ev_expect(ev, 0, "start", "player 1 starts: he takes the start-player card");
    assert_int_equal(ev_int(e, "player"), 1);
    assert_int_equal(json_array_size(ev), 1);
    json_decref(ev);
    int32_t a = TR2_A_SPECIAL + TR2_ZORK;
    assert_int_equal(tafel_action_seen(&g, &s, a, 0, text, sizeof text), 1);
    assert_string_equal(text, "special zork");
    for (int v = -1; v < 3; v += 2) { /* a spectator and another player */
        assert_int_equal(tafel_action_seen(&g, &s, a, v, text, sizeof text), 0);
        assert_string_equal(text, "player 0 is dealt a special card");
        tr2_state t = s;
        ev = ev_act(&g, &t, a, v);
        e = ev_expect(ev, 0, "special", "player 0 is dealt a special card");
        assert_null(json_object_get(e, "special"));
        json_decref(ev);
    }
    ev = ev_act(&g, &s, a, 0);
    e = ev_expect(ev, 0, "special", "player 0 is dealt zork");
    ev_field(e, "special", "\"zork\"");
    json_decref(ev);

    check_load(&g, "tafelrunde2(players=4)");
    tr2_init(&g, &s);
    ev = ev_act(&g, &s, TR2_A_START + 2, -1);
    ev_expect(ev, 0, "start", "player 2 starts: he takes the start-player card");
    e = ev_expect(ev, 1, "special",
                  "special cards: player 0 feierabend, player 1 warnung, player 2 "
                  "wiederbelebung, player 3 zork");
    ev_field(e, "specials", "[\"feierabend\", \"warnung\", \"wiederbelebung\", \"zork\"]");
    json_decref(ev);
}

/* No chest left to reveal and fewer than three colours: the end, with gems and the hand-card
 * tie-break [D-8]. */
static void test_end_event(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    memset(s.pile, 0, sizeof s.pile);
    s.pile[RED2] = 1;
    s.down[0][BLUE4] = 2;
    s.down[0][YELLOW4] = 2;
    s.down[0][YELLOW2] = 2; /* 20 gems */
    s.down[1][BLUE3] = 4;
    s.down[1][RED4] = 2; /* 20 gems */
    s.up[1][RED3] = 1;   /* face up: worthless */
    s.hand[0] = BIT(RED7) | BIT(BLUE7) | BIT(YELLOW7) | BIT(RED5_BLUE2) | BIT(BLUE2_YELLOW5);
    s.hand[1] = BIT(RED7) | BIT(BLUE7) | BIT(YELLOW7);
    s.phase = TR2_PH_REVEAL;
    tr2_state tie = s;
    json_t *ev = ev_act(&g, &s, TR2_A_REVEAL + RED2, -1);
    json_t *e = ev_expect(ev, 0, "reveal", "red2 is revealed into the centre");
    ev_field(e, "chest", "\"red2\"");
    e = ev_expect(ev, 1, "end", "game over: player 0 wins with 20 gems and 5 hand cards; "
                                "player 1: 20 gems and 3 hand cards");
    ev_field(e, "winners", "[0]");
    ev_field(e, "gems", "[20, 20]");
    ev_field(e, "hand_cards", "[5, 3]");
    assert_int_equal(json_array_size(ev), 2);
    assert_int_equal(s.phase, TR2_PH_END);
    json_decref(ev);

    tie.hand[1] |= BIT(RED5_BLUE2) | BIT(BLUE2_YELLOW5);
    ev = ev_act(&g, &tie, TR2_A_REVEAL + RED2, 1);
    e = ev_expect(ev, 1, "end", "game over: players 0 and 1 share the win with 20 gems and 5 "
                                "hand cards each");
    ev_field(e, "winners", "[0, 1]");
    json_decref(ev);

    tie = s;
    tie.phase = TR2_PH_REVEAL;
    tie.pile[RED2] = 1;
    tie.centre[RED2] = 0;
    tie.down[1][RED4] = 0;
    ev = ev_act(&g, &tie, TR2_A_REVEAL + RED2, 0);
    ev_expect(ev, 1, "end", "game over: player 0 wins with 20 gems; player 1: 12 gems");
    json_decref(ev);
}

static const char *const ev_specs[] = {
    "tafelrunde2",
    "tafelrunde2(players=3)",
    "tafelrunde2(players=4)",
    "tafelrunde2(players=3,bonus_needs_card=false)",
    "tafelrunde2(players=2,warning_protects_tie=false)",
    "tafelrunde2(players=4,zork_timing=before_scoring)",
    "tafelrunde2(players=2,zork=budget_after_scoring)",
    "tafelrunde2(players=3,zork=extra_after_scoring)",
};

/* 1 if the JSON text of ev mentions name outside the public card events (scoring, returns,
 * discards name cards that lie open). */
static int ev_mentions(json_t *ev, const char *name)
{
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        if (!strcmp(type, "colour") || !strcmp(type, "return") || !strcmp(type, "discard"))
            continue;
        char *d = json_dumps(e, JSON_COMPACT);
        int hit = strstr(d, name) != NULL;
        free(d);
        if (hit)
            return 1;
    }
    return 0;
}

/* Over random games of every option set: the replay behind the events ends in the state apply
 * makes, and a card drawn or a special card dealt is named to its owner only: never in what
 * another player or a spectator is told. */
static void test_random_replay_and_secrets(void **u)
{
    (void)u;
    long games = check_sanitized() ? 6 : 60;
    for (size_t k = 0; k < sizeof ev_specs / sizeof ev_specs[0]; k++) {
        tafel_game g;
        check_load(&g, ev_specs[k]);
        for (long gi = 0; gi < games; gi++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, 7000 + (uint64_t)gi);
            tr2_state s, after, replayed;
            tr2_init(&g, &s);
            int32_t legal[TR2_MAX_LEGAL];
            while (tr2_current_player(&g, &s) != TAFEL_TERMINAL) {
                int p = tr2_current_player(&g, &s);
                int32_t a;
                if (p == TAFEL_CHANCE) {
                    a = tafel_sample_chance(&g, &s, &rng);
                } else {
                    int n = tr2_legal_actions(&g, &s, legal);
                    a = legal[tafel_rng_below(&rng, (uint32_t)n)];
                }
                after = s;
                tr2_apply(&g, &after, a);
                json_decref(tr2_events_replay(&g, &s, a, -1, &replayed));
                if (memcmp(&replayed, &after, sizeof after))
                    fail_msg("%s game %ld: the events' replay of %d leaves another state",
                             ev_specs[k], gi, a);
                int secret = s.phase == TR2_PH_DEAL || s.phase == TR2_PH_DRAW ||
                             s.phase == TR2_PH_SPECIALS;
                char name[32], text[TAFEL_TEXT_LEN];
                if (s.phase == TR2_PH_SPECIALS)
                    snprintf(name, sizeof name, "%s", tr2_special_names[a - TR2_A_SPECIAL]);
                else if (secret)
                    tr2_card_name(a - TR2_A_DRAW, s.special[s.turn], name, sizeof name);
                for (int v = -1; secret && v < g.num_players; v++) {
                    int seen = tafel_action_seen(&g, &s, a, v, text, sizeof text);
                    json_t *ev = tafel_events_json(&g, &s, a, &after, v);
                    json_t *e = json_array_get(ev, 0);
                    assert_non_null(e);
                    assert_int_equal(ev_int(e, "player"), s.turn);
                    if (v == s.turn) {
                        assert_int_equal(seen, 1);
                        assert_true(ev_mentions(ev, name));
                    } else if (seen || strstr(text, name) || ev_mentions(ev, name) ||
                               json_object_get(e, "card") || json_object_get(e, "special")) {
                        char *d = json_dumps(ev, JSON_COMPACT);
                        fail_msg("%s game %ld: viewer %d is told '%s' (%d), %s, of %s",
                                 ev_specs[k], gi, v, text, seen, d, name);
                    }
                    json_decref(ev);
                }
                s = after;
            }
        }
    }
}

/* check_told (tests/support/check.c) on every step of a few games of every option set: the
 * random tests look at one step in 211 and so never at a special card being dealt. */
static void test_told_every_step(void **u)
{
    (void)u;
    for (size_t k = 0; k < sizeof ev_specs / sizeof ev_specs[0]; k++) {
        tafel_game g;
        check_load(&g, ev_specs[k]);
        check_opts o = {.games = check_sanitized() ? 2 : 12, .seed = 300, .deep_every = 1};
        check_random_games(&g, &o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scoring_events),
        cmocka_unit_test(test_tie_event),
        cmocka_unit_test(test_zork_events),
        cmocka_unit_test(test_forced_pass_with_special),
        cmocka_unit_test(test_draw_told),
        cmocka_unit_test(test_draw_automatic),
        cmocka_unit_test(test_setup_told),
        cmocka_unit_test(test_end_event),
        cmocka_unit_test(test_random_replay_and_secrets),
        cmocka_unit_test(test_told_every_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
