/* fuzz_play_carcassonne.c: Carcassonne played by the fuzzer's choices (fuzz_play.h), with the
 * invariants of the Carcassonne tests (carc_random.h: tiles and followers conserved, scores
 * never falling, the board rebuilt equal) and the gate check (carc_gates.h). */
#include "carc_random.h"
#include "carc_gates.h"
#include "fuzz_play.h"

static int fuzz_carc_invariant(const tafel_game *g, const void *state, char *err,
                               size_t errlen)
{
    if (carc_invariant(g, state, err, errlen))
        return -1;
    return gate_check(g, state, err, errlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_play_init();
    fuzz_bytes b = {data, size};
    uint32_t o = fuzz_below(&b, 65536);
    static const char *const ic[3] = {"full", "large_follower_only", "off"};
    char params[400];
    snprintf(params, sizeof params,
             "players=%u,tatan=%s,inns_cathedrals=%s,farmers=%s,tiny_city=%s,ec_inn_both=%s,"
             "tatan_draw_both_first=%s,tatan_follower_tile_only=%s",
             2 + o % 5, o >> 3 & 1 ? "off" : "on", ic[(o >> 4 & 3) % 3],
             o >> 6 & 1 ? "off" : "on", o >> 7 & 1 ? "true" : "false",
             o >> 8 & 1 ? "true" : "false", o >> 9 & 1 ? "false" : "true",
             o >> 10 & 1 ? "true" : "false");
    tafel_game g;
    fuzz_play_load(&g, "carcassonne", params);
    gate_legal = NULL;
    fuzz_play(&g, fuzz_carc_invariant, fuzz_play_deep(o >> 11), &b);
    return 0;
}
