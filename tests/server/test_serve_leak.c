/* test_serve_leak.c: nothing the server sends a seat depends on what that seat may not see.
 * Bot games of each game are played through a match; after every action the messages the hub
 * would send (hub_msg.c: the "action" message to every seat and to a spectator, and now and
 * then the "state" message of a rejoin) are rebuilt for states the viewer cannot tell apart
 * from the true one (type->resample) and must come out equal, JSON for JSON. A spectator must
 * see no more than any player, so his messages are checked against resamples for every seat:
 * whatever any seat cannot see (another's hand, a face-down card) changes under them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "server/hub_msg.h"
#include "tafel/game.h"
#include "tafel/match.h"
#include "tafel/rng.h"

typedef struct leak_stats {
    long games;
    long messages;             /* action and state messages checked */
    long positions;            /* positions compared with a resampled state */
    long entries;              /* log entries compared with a resampled history */
    long skipped;              /* entries with no indistinguishable history found */
} leak_stats;

static leak_stats stats;

static void same_json(const json_t *a, const json_t *b, const char *game, size_t index,
                     int viewer, const char *what)
{
    if (json_equal(a, b))
        return;
    char *s1 = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
    char *s2 = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
    fail_msg("%s action %zu viewer %d: the %s depends on what the viewer cannot see:\n%.2000s\n"
             "against\n%.2000s", game, index, viewer, what, s1, s2);
}

/* The position part of a message (index, view, to_move, legal). */
static json_t *position_of(const json_t *msg)
{
    json_t *p = json_object();
    static const char *const keys[] = {"index", "view", "to_move", "legal"};
    for (int k = 0; k < 4; k++) {
        json_t *v = json_object_get(msg, keys[k]);
        if (v)
            json_object_set(p, keys[k], v);
    }
    return p;
}

/* The position sent to viewer must be the same for any resample of s for seat `as` (viewer
 * himself, or for a spectator each seat in turn). */
static void check_position(const tafel_game *g, const char *game, const void *s, size_t index,
                           int to_move, int viewer, const json_t *msg, tafel_rng *rng)
{
    size_t sz = g->type->state_size;
    void *other = malloc(sz);
    json_t *want = position_of(msg);
    int from = viewer >= 0 ? viewer : 0, to = viewer >= 0 ? viewer + 1 : g->num_players;
    for (int as = from; as < to; as++) {
        memcpy(other, s, sz);
        g->type->resample(g, other, as, rng);
        json_t *got = json_object();
        hub_msg_position(got, g, other, index, to_move, viewer);
        same_json(want, got, game, index, viewer, "position");
        json_decref(got);
        stats.positions++;
    }
    json_decref(want);
    free(other);
}

/* The actions or outcomes possible at s: legal actions, or chance outcomes. */
static int moves_at(const tafel_game *g, const void *s, int32_t *out)
{
    if (g->type->current_player(g, s) != TAFEL_CHANCE)
        return g->type->legal_actions(g, s, out);
    tafel_chance *ch = malloc(sizeof *ch * (size_t)g->type->max_legal);
    int n = g->type->chance_outcomes(g, s, ch);
    for (int i = 0; i < n; i++)
        out[i] = ch[i].action;
    free(ch);
    return n;
}

/* The log entry for viewer of action a (before -> after) must be the one of another history
 * he cannot tell apart: before resampled for him, then a itself when he is told a and it is
 * possible there, else a move he is told of in the same words. */
static void check_entry(const tafel_game *g, const char *game, const void *before, int32_t a,
                        const void *after, size_t index, int player, int viewer,
                        const json_t *entry, tafel_rng *rng)
{
    size_t sz = g->type->state_size;
    void *b2 = malloc(sz), *a2 = malloc(sz);
    int32_t *moves = malloc(sizeof *moves * (size_t)g->type->max_legal);
    int32_t *same = malloc(sizeof *same * (size_t)g->type->max_legal);
    int as = viewer >= 0 ? viewer : (int)tafel_rng_below(rng, (uint32_t)g->num_players);
    memcpy(b2, before, sz);
    g->type->resample(g, b2, as, rng);
    int known = json_object_get(entry, "action") != NULL;
    const char *text = json_string_value(json_object_get(entry, "text"));
    int n = moves_at(g, b2, moves), k = 0;
    for (int i = 0; i < n; i++) {
        char t2[TAFEL_TEXT_LEN];
        int known2 = tafel_action_seen(g, b2, moves[i], viewer, t2, sizeof t2);
        if (known ? moves[i] == a : !known2 && !strcmp(t2, text))
            same[k++] = moves[i];
    }
    json_t *v1 = g->type->view_json(g, after, viewer), *v2 = NULL;
    if (k) {
        int32_t alt = same[tafel_rng_below(rng, (uint32_t)k)];
        memcpy(a2, b2, sz);
        g->type->apply(g, a2, alt);
        v2 = g->type->view_json(g, a2, viewer);
        /* Only a history that ends where the viewer cannot tell it from the true one counts. */
        if (json_equal(v1, v2) && g->type->current_player(g, b2) == player) {
            json_t *e2 = hub_msg_entry(g, index, player, alt, b2, a2, viewer);
            same_json(entry, e2, game, index, viewer, "log entry");
            json_decref(e2);
            stats.entries++;
        } else {
            stats.skipped++;
        }
    } else {
        stats.skipped++;
    }
    json_decref(v1);
    json_decref(v2);
    free(b2);
    free(a2);
    free(moves);
    free(same);
}

static void leak_game(const char *game, const char *const *seats, int n, uint64_t seed)
{
    char err[TAFEL_ERR_LEN];
    tafel_match *m = tafel_match_new(game, seats, n, seed, err, sizeof err);
    if (!m)
        fail_msg("%s: %s", game, err);
    const tafel_game *g = tafel_match_game(m);
    size_t sz = g->type->state_size;
    void *before = malloc(sz);
    tafel_rng rng;
    tafel_rng_seed(&rng, seed ^ 0x5eed);
    json_t *logs[TAFEL_MAX_PLAYERS + 1]; /* what each viewer was sent, for the rejoin check */
    for (int v = 0; v <= n; v++)
        logs[v] = json_array();
    while (!tafel_match_is_over(m)) {
        size_t index = tafel_match_num_actions(m);
        int player = tafel_match_to_move(m);
        memcpy(before, tafel_match_state(m), sz);
        int32_t a;
        if (player == TAFEL_CHANCE) {
            a = tafel_match_sample_chance(m);
        } else {
            a = tafel_match_bot_choose(m);
            if (tafel_match_apply(m, index, player, a, err, sizeof err))
                fail_msg("%s: %s", game, err);
        }
        const void *after = tafel_match_state(m);
        int to_move = tafel_match_to_move(m);
        for (int viewer = -1; viewer < n; viewer++) {
            json_t *msg = hub_msg_action(g, index, player, a, before, after, to_move, viewer);
            json_t *entry = json_object_get(msg, "entry");
            json_array_append(logs[viewer + 1], entry);
            check_entry(g, game, before, a, after, index, player, viewer, entry, &rng);
            check_position(g, game, after, index + 1, to_move, viewer, msg, &rng);
            json_decref(msg);
            stats.messages++;
        }
        /* A rejoin's log is the entries sent one by one, and its position is checked too. */
        if (index % 40 == 39 || tafel_match_is_over(m)) {
            const tafel_record *r = tafel_match_record(m);
            for (int viewer = -1; viewer < n; viewer++) {
                json_t *msg = hub_msg_state(g, r->actions, r->num_actions, after, to_move,
                                            viewer);
                same_json(logs[viewer + 1], json_object_get(msg, "log"), game, index, viewer,
                          "rejoin log");
                check_position(g, game, after, index + 1, to_move, viewer, msg, &rng);
                json_decref(msg);
                stats.messages++;
            }
        }
    }
    for (int v = 0; v <= n; v++)
        json_decref(logs[v]);
    free(before);
    tafel_match_free(m);
    stats.games++;
}

static int games_each(void)
{
    return getenv("TAFEL_SANITIZE") ? 4 : 20;
}

static void test_carcassonne(void **st)
{
    (void)st;
    static const char *const seats[] = {"random", "greedy", "random"};
    for (int i = 0; i < games_each(); i++)
        leak_game(i % 2 ? "carcassonne(tatan=on)" : "carcassonne", seats, 2 + i % 2,
                  100 + (uint64_t)i);
}

static void test_targi(void **st)
{
    (void)st;
    static const char *const seats[] = {"greedy", "random"};
    for (int i = 0; i < games_each(); i++)
        leak_game("targi", seats, 2, 200 + (uint64_t)i);
}

static void test_tafelrunde2(void **st)
{
    (void)st;
    static const char *const seats[] = {"random", "greedy", "random", "random"};
    for (int i = 0; i < games_each(); i++)
        leak_game("tafelrunde2", seats, 3 + i % 2, 300 + (uint64_t)i);
}

static int print_counts(void **st)
{
    (void)st;
    printf("leak: %ld games, %ld messages checked: %ld positions and %ld log entries compared "
           "with indistinguishable states (%ld entries without one)\n", stats.games,
           stats.messages, stats.positions, stats.entries, stats.skipped);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carcassonne),
        cmocka_unit_test(test_targi),
        cmocka_unit_test(test_tafelrunde2),
    };
    return cmocka_run_group_tests(tests, NULL, print_counts);
}
