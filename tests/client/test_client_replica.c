/* test_client_replica.c: the replica `tafel connect` rebuilds from what a seat is sent
 * (src/cli/connect_replay.c). Seeded random games of every game, each followed from every seat
 * through the log entries the server builds for that seat (hub_msg_entry): after every action
 * the replica must give a state with the seat's view and the seat's information state
 * (info_hash) of the true one, so that a bot on it sees exactly what it would see on the
 * server. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "cli/connect_replay.h"
#include "server/hub_msg.h"
#include "tafel/rng.h"

/* Returns the replica's repairs over the games. */
static long follow(const char *game, int games)
{
    tafel_game g;
    char err[256];
    if (tafel_game_load(&g, game, err, sizeof err))
        fail_msg("%s", err);
    const tafel_game_type *t = g.type;
    void *before = malloc(t->state_size), *s = malloc(t->state_size);
    int32_t *legal = malloc(sizeof *legal * (size_t)t->max_legal);
    long repairs = 0;
    for (int i = 0; i < games; i++) {
        for (int seat = 0; seat < g.num_players; seat++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, 700 + (uint64_t)i);
            t->init(&g, s);
            cr_replica *r = cr_new(&g, seat);
            for (size_t n = 0;; n++) {
                int p = t->current_player(&g, s);
                if (p == TAFEL_TERMINAL)
                    break;
                int32_t a = p == TAFEL_CHANCE
                                ? tafel_sample_chance(&g, s, &rng)
                                : legal[tafel_rng_below(&rng, (uint32_t)t->legal_actions(&g, s,
                                                                                        legal))];
                tafel_state_copy(&g, before, s);
                t->apply(&g, s, a);
                json_t *e = hub_msg_entry(&g, n, p, a, before, s, seat);
                if (cr_push(r, e))
                    fail_msg("%s, game %d, seat %d: the replica lost track at action %zu", game,
                             i, seat, n);
                json_decref(e);
                json_t *view = t->view_json(&g, s, seat);
                const void *mine = cr_state(r, view);
                json_decref(view);
                if (!mine)
                    fail_msg("%s, game %d, seat %d: the view differs after action %zu", game, i,
                             seat, n);
                if (t->info_hash(&g, mine, seat) != t->info_hash(&g, s, seat))
                    fail_msg("%s, game %d, seat %d: another information state after action %zu",
                             game, i, seat, n);
            }
            repairs += cr_repairs(r);
            cr_free(r);
        }
    }
    free(before);
    free(s);
    free(legal);
    return repairs;
}

static void test_carcassonne(void **st)
{
    (void)st;
    /* The seat is shown every action: nothing to stand in for. */
    assert_int_equal(follow("carcassonne", 3), 0);
    assert_int_equal(follow("carcassonne(players=3)", 2), 0);
}

static void test_targi(void **st)
{
    (void)st;
    /* Cards laid face down turn up later: the stand-ins are repaired. */
    assert_true(follow("targi", 12) > 0);
}

static void test_tafelrunde2(void **st)
{
    (void)st;
    /* Others' hands and specials come out card by card. */
    assert_true(follow("tafelrunde2", 8) > 0);
    follow("tafelrunde2(players=3)", 4);
    follow("tafelrunde2(players=4)", 3);
}

/* A "state" message sends the log again: cleared and fed again, the replica follows it. */
static void test_clear(void **st)
{
    (void)st;
    tafel_game g;
    char err[256];
    assert_int_equal(tafel_game_load(&g, "targi", err, sizeof err), 0);
    cr_replica *r = cr_new(&g, 1);
    json_t *bad = json_pack("{s:i, s:i, s:s, s:[], s:i}", "index", 0, "player", 0, "text",
                            "no such move", "events", "action", 1);
    assert_int_equal(cr_push(r, bad), -1); /* player 0 is not to act at the start */
    assert_null(cr_state(r, NULL));
    assert_int_equal(cr_push(r, bad), -1);
    cr_clear(r);
    assert_int_equal(cr_length(r), 0);
    assert_non_null(cr_state(r, NULL));
    json_decref(bad);
    cr_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carcassonne),
        cmocka_unit_test(test_targi),
        cmocka_unit_test(test_tafelrunde2),
        cmocka_unit_test(test_clear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
