/* test_serve_assets.c: GET /api/games/NAME/assets, a game's static drawing data (the
 * assets_json hook): Carcassonne's tile table; 404 for a game without assets or no game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "srv_client.h"
#include "tafel/game.h"

static void test_assets(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *j;
    assert_int_equal(tc_http(t.port, "GET", "/api/games/carcassonne/assets", NULL, &j), 200);
    json_t *kinds = json_object_get(j, "kinds");
    assert_true(json_array_size(kinds) > 24);
    json_t *d = json_array_get(kinds, 3);
    assert_string_equal(json_string_value(json_object_get(d, "name")), "D");
    assert_true(json_array_size(json_object_get(d, "segments")) > 0);
    json_decref(j);
    /* Every other game: 404 exactly when it has no hook. */
    for (const tafel_game_type *const *g = tafel_game_types(); *g; g++) {
        char path[128];
        snprintf(path, sizeof path, "/api/games/%s/assets", (*g)->name);
        assert_int_equal(tc_http(t.port, "GET", path, NULL, NULL), (*g)->assets_json ? 200 : 404);
    }
    assert_int_equal(tc_http(t.port, "GET", "/api/games/nosuchgame/assets", NULL, NULL), 404);
    assert_int_equal(tc_http(t.port, "GET", "/api/games/carcassonne/other", NULL, NULL), 404);
    assert_int_equal(tc_http(t.port, "POST", "/api/games/carcassonne/assets", "{}", NULL), 405);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_assets)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
