/* test_carc_tiles.c: tile data checksums (spec §2, T1) and rotation geometry. */
#include "carc_harness.h"

typedef struct {
    int tiles, city_e, road_e, field_e, pennants, cloisters, cseg, rseg, fseg, links, inns, cath;
} carc_sums;

static carc_sums carc_sum(int set)
{
    carc_sums c;
    memset(&c, 0, sizeof c);
    for (int k = 0; k < CARC_NKINDS; k++) {
        const carc_kind *K = &carc_kinds[k];
        if (K->set != set)
            continue;
        int n = K->count;
        c.tiles += n;
        for (int e = 0; e < 4; e++) {
            int t = (K->edges >> (2 * e)) & 3;
            c.city_e += n * (t == 1);
            c.road_e += n * (t == 2);
            c.field_e += n * (t == 3);
        }
        int inn = 0, cath = 0;
        for (int i = 0; i < K->nseg; i++) {
            const carc_seg *sg = &K->seg[i];
            c.pennants += n * !!(sg->flags & CARC_F_PENNANT);
            c.cloisters += n * (sg->type == CARC_CLOISTER);
            c.cseg += n * (sg->type == CARC_CITY);
            c.rseg += n * (sg->type == CARC_ROAD);
            c.fseg += n * (sg->type == CARC_FIELD);
            c.links += n * __builtin_popcount(sg->cities);
            inn |= !!(sg->flags & CARC_F_INN);
            cath |= !!(sg->flags & CARC_F_CATHEDRAL);
        }
        c.inns += n * inn;
        c.cath += n * cath;
    }
    return c;
}

static void test_base_checksums(void **u)
{
    (void)u;
    carc_sums c = carc_sum(0);
    assert_int_equal(c.tiles, 72);
    assert_int_equal(c.city_e, 79);
    assert_int_equal(c.road_e, 94);
    assert_int_equal(c.field_e, 115);
    assert_int_equal(c.pennants, 10);
    assert_int_equal(c.cloisters, 6);
    assert_int_equal(c.cseg, 49);
    assert_int_equal(c.rseg, 62);
    assert_int_equal(c.fseg, 126);
    assert_int_equal(c.links, 54);
}

static void test_ic_checksums(void **u)
{
    (void)u;
    carc_sums c = carc_sum(1);
    assert_int_equal(c.tiles, 18);
    assert_int_equal(c.city_e, 31);
    assert_int_equal(c.road_e, 24);
    assert_int_equal(c.field_e, 17);
    assert_int_equal(c.pennants, 3);
    assert_int_equal(c.cloisters, 1);
    assert_int_equal(c.inns, 6);
    assert_int_equal(c.cath, 2);
    assert_int_equal(c.cseg, 20);
    assert_int_equal(c.rseg, 18);
    assert_int_equal(c.fseg, 35);
    assert_int_equal(c.links, 27);
    int kinds = 0;
    for (int k = 0; k < CARC_NKINDS; k++)
        kinds += carc_kinds[k].set == 1;
    assert_int_equal(kinds, 17);
}

/* Every edge's type agrees with the segments on it; halves of city edges carry no field. */
static void test_table_consistency(void **u)
{
    (void)u;
    for (int k = 0; k < CARC_NKINDS - 1; k++) {
        const carc_kind *K = &carc_kinds[k];
        for (int e = 0; e < 4; e++) {
            int t = (K->edges >> (2 * e)) & 3;
            if (t == 1 || t == 2) {
                assert_true(K->edge_seg[e] != CARC_NONE);
                assert_int_equal(K->seg[K->edge_seg[e]].type, t == 1 ? CARC_CITY : CARC_ROAD);
            } else {
                assert_int_equal(K->edge_seg[e], CARC_NONE);
            }
            for (int i = 0; i < 2; i++)
                assert_int_equal(K->half_seg[2 * e + i] == CARC_NONE, t == 1);
        }
    }
}

/* T1: E at rotation 2 has its city on S and f0 on Nw Ne En Es Ws Wn; D at rotation 1 has its
 * city east, road N-S and f0 on Ne Se. */
static void test_rotation(void **u)
{
    (void)u;
    int E = carc_kind_by_name("E"), D = carc_kind_by_name("D");
    int e = carc_edges_rot(carc_kinds[E].edges, 2);
    assert_int_equal((e >> 4) & 3, 1); /* S is city */
    assert_int_equal(e & 3, 3);
    int f0 = 0;
    for (int h = 0; h < 8; h++)
        if (carc_kinds[E].half_seg[(h - 4) & 7] == 1)
            f0 |= 1 << h;
    assert_int_equal(f0, 0x01 | 0x02 | 0x04 | 0x08 | 0x40 | 0x80);
    e = carc_edges_rot(carc_kinds[D].edges, 1);
    assert_int_equal((e >> 2) & 3, 1);
    assert_int_equal(e & 3, 2);
    assert_int_equal((e >> 4) & 3, 2);
    int d0 = 0;
    for (int h = 0; h < 8; h++)
        if (carc_kinds[D].half_seg[(h - 2) & 7] == 2)
            d0 |= 1 << h;
    assert_int_equal(d0, 0x02 | 0x10); /* Ne Se */
}

/* A new tile's segment rows (carc_init_segs copies them) say what each segment is: open edges
 * of a road or city, pennant, flags with and without the optional inn, 1 for a road or city;
 * zero past the kind's segments. fcity marks the fields that border a city. */
static void test_seg_rows(void **u)
{
    (void)u;
    for (int k = 0; k < CARC_NKINDS; k++) {
        const carc_kind *K = &carc_kinds[k];
        for (int i = 0; i < 8; i++) {
            const carc_seg *sg = &K->seg[i];
            int in = i < K->nseg, lin = in && (sg->type == CARC_CITY || sg->type == CARC_ROAD);
            int sfl = in ? sg->type : 0;
            if (sg->flags & CARC_F_INN)
                sfl |= CARC_S_INN;
            if (sg->flags & CARC_F_CATHEDRAL)
                sfl |= CARC_S_CATH;
            assert_int_equal(K->init_open[i], lin ? __builtin_popcount(sg->mask & 15) : 0);
            assert_int_equal(K->init_pen[i], in && (sg->flags & CARC_F_PENNANT));
            assert_int_equal(K->init_lin[i], lin);
            assert_int_equal(K->init_sfl[0][i], sfl);
            if (sg->flags & CARC_F_INN_OPT)
                sfl |= CARC_S_INN;
            assert_int_equal(K->init_sfl[1][i], sfl);
            assert_int_equal(K->fcity >> i & 1, in && sg->type == CARC_FIELD && sg->cities);
        }
    }
}

/* carc_fits[k][c] is 16 times the mask of the rotations whose edges meet every demanded type. */
static void test_fits(void **u)
{
    (void)u;
    for (int k = 0; k < CARC_NKINDS; k++)
        for (int c = 0; c < 256; c++) {
            int m = 0;
            for (int r = 0; r < 4 && k != CARC_TATAN; r++) {
                int e = carc_edges_rot(carc_kinds[k].edges, r), ok = 1;
                for (int d = 0; d < 4; d++) {
                    int need = (c >> (2 * d)) & 3;
                    ok &= !need || ((e >> (2 * d)) & 3) == need;
                }
                m |= ok << r;
            }
            assert_int_equal(carc_fits[k][c], 16 * m);
        }
}

static void test_names(void **u)
{
    (void)u;
    char b[64];
    int P = carc_kind_by_name("P");
    carc_seg_name(P, 0, b, sizeof b);
    assert_string_equal(b, "city:NW");
    carc_seg_name(P, 1, b, sizeof b);
    assert_string_equal(b, "road:ES");
    carc_seg_name(P, 3, b, sizeof b);
    assert_string_equal(b, "field:Es,Se");
    assert_int_equal(carc_seg_by_name(carc_kind_by_name("A"), "cloister"), 2);
    assert_int_equal(carc_seg_by_name(carc_kind_by_name("EH"), "field:inner"), 4);
    assert_int_equal(carc_kind_by_name("EQ"), 40);
    assert_int_equal(carc_kind_by_name("ZZ"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_checksums), cmocka_unit_test(test_ic_checksums),
        cmocka_unit_test(test_table_consistency), cmocka_unit_test(test_rotation),
        cmocka_unit_test(test_names), cmocka_unit_test(test_seg_rows),
        cmocka_unit_test(test_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
