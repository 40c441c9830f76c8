/* test_carc_tiles_json.c: the tile table as JSON (carc_tiles_json, the assets_json hook the
 * browser client draws from): every kind with every segment, its edges, half-edges, notation
 * name and marks, rebuilt and compared with the engine's table. */
#include <jansson.h>

#include "carc_harness.h"

static int carc_jbool(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_boolean(v));
    return json_is_true(v);
}

/* A mask rebuilt from a JSON list of bit numbers. */
static int carc_jmask(json_t *list, int bits)
{
    int m = 0;
    size_t i;
    json_t *v;
    assert_true(json_is_array(list));
    json_array_foreach(list, i, v) {
        json_int_t b = json_integer_value(v);
        assert_true(b >= 0 && b < bits);
        m |= 1 << b;
    }
    return m;
}

static void test_every_kind(void **st)
{
    (void)st;
    json_t *j = carc_tiles_json();
    json_t *kinds = json_object_get(j, "kinds");
    assert_int_equal(json_array_size(kinds), CARC_NKINDS);
    assert_int_equal(json_array_size(json_object_get(j, "halves")), 8);
    static const int types[] = {0, CARC_CITY, CARC_ROAD, CARC_FIELD, CARC_CLOISTER};
    static const char *const tnames[] = {"", "city", "road", "field", "cloister"};
    for (int k = 0; k < CARC_NKINDS; k++) {
        const carc_kind *K = &carc_kinds[k];
        json_t *o = json_array_get(kinds, (size_t)k);
        assert_string_equal(json_string_value(json_object_get(o, "name")), K->name);
        assert_int_equal(json_integer_value(json_object_get(o, "count")), K->count);
        assert_int_equal(carc_jbool(o, "tatan"), k == CARC_TATAN);
        assert_int_equal(carc_jbool(o, "cloister"), K->cloister != CARC_NONE);
        const char *edges = json_string_value(json_object_get(o, "edges"));
        assert_int_equal(strlen(edges), k == CARC_TATAN ? 0 : 4);
        for (int e = 0; e < (int)strlen(edges); e++)
            assert_int_equal(edges[e], " CRF"[(K->edges >> (2 * e)) & 3]);
        json_t *segs = json_object_get(o, "segments");
        assert_int_equal(json_array_size(segs), K->nseg);
        for (int i = 0; i < K->nseg; i++) {
            const carc_seg *sg = &K->seg[i];
            json_t *s = json_array_get(segs, (size_t)i);
            const char *type = json_string_value(json_object_get(s, "type"));
            assert_string_equal(type, tnames[sg->type]);
            assert_int_equal(types[sg->type], sg->type);
            /* The name is the notation's, so a click on a segment finds its follower move. */
            char name[64];
            carc_seg_name(k, i, name, sizeof name);
            assert_string_equal(json_string_value(json_object_get(s, "name")), name);
            /* names[r]: as the follower moves name it on the board at rotation r. */
            for (int r = 0; r < 4; r++) {
                carc_seg_name_rot(k, i, r, name, sizeof name);
                assert_string_equal(
                    json_string_value(json_array_get(json_object_get(s, "names"), (size_t)r)),
                    name);
            }
            int em = carc_jmask(json_object_get(s, "edges"), 4);
            int hm = carc_jmask(json_object_get(s, "halves"), 8);
            if (sg->type == CARC_CITY || sg->type == CARC_ROAD) {
                assert_int_equal(em, sg->mask);
                assert_int_equal(hm, 0);
            } else {
                assert_int_equal(em, 0);
                assert_int_equal(hm, sg->type == CARC_FIELD ? sg->mask : 0);
            }
            if (sg->type == CARC_FIELD)
                assert_int_equal(carc_jmask(json_object_get(s, "cities"), CARC_MAXSEG),
                                 sg->cities);
            assert_int_equal(carc_jbool(s, "pennant"), !!(sg->flags & CARC_F_PENNANT));
            assert_int_equal(carc_jbool(s, "inn"), !!(sg->flags & CARC_F_INN));
            assert_int_equal(carc_jbool(s, "inn_optional"), !!(sg->flags & CARC_F_INN_OPT));
            assert_int_equal(carc_jbool(s, "cathedral"), !!(sg->flags & CARC_F_CATHEDRAL));
        }
    }
    json_decref(j);
}

/* A few kinds spelled out, so a wrong mapping of bits to sides would show as a wrong drawing. */
static void test_known_kinds(void **st)
{
    (void)st;
    json_t *j = carc_tiles_json();
    json_t *kinds = json_object_get(j, "kinds");
    json_t *d = json_array_get(kinds, (size_t)carc_kind_by_name("D"));
    assert_string_equal(json_string_value(json_object_get(d, "edges")), "CRFR");
    json_t *road = json_array_get(json_object_get(d, "segments"), 1);
    assert_string_equal(json_string_value(json_object_get(road, "name")), "road:EW");
    char *dump = json_dumps(json_object_get(road, "edges"), JSON_COMPACT);
    assert_string_equal(dump, "[1,3]");
    free(dump);
    json_t *c = json_array_get(kinds, (size_t)carc_kind_by_name("C"));
    assert_true(carc_jbool(json_array_get(json_object_get(c, "segments"), 0), "pennant"));
    json_t *ek = json_array_get(kinds, (size_t)carc_kind_by_name("EK"));
    assert_true(carc_jbool(json_array_get(json_object_get(ek, "segments"), 0), "cathedral"));
    json_t *ea = json_array_get(kinds, (size_t)carc_kind_by_name("EA"));
    assert_true(carc_jbool(json_array_get(json_object_get(ea, "segments"), 0), "inn"));
    json_t *t = json_array_get(kinds, CARC_TATAN);
    assert_string_equal(json_string_value(json_object_get(t, "set")), "tatan");
    assert_int_equal(json_array_size(json_object_get(t, "segments")), 0);
    json_decref(j);
}

/* The game type offers it as its assets; the other games have none (yet). */
static void test_hook(void **st)
{
    (void)st;
    const tafel_game_type *t = tafel_game_type_find("carcassonne");
    assert_non_null(t);
    assert_ptr_equal(t->assets_json, carc_tiles_json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind), cmocka_unit_test(test_known_kinds),
        cmocka_unit_test(test_hook),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
