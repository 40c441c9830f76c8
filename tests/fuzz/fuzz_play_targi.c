/* fuzz_play_targi.c: Targi played by the fuzzer's choices (fuzz_play.h), with the gate check of
 * the Targi tests (targi_gates.h: a choice is offered exactly when the step it opens has one). */
#include "targi_gates.h"
#include "fuzz_play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_play_init();
    fuzz_bytes b = {data, size};
    uint32_t o = fuzz_below(&b, 256);
    char params[200];
    snprintf(params, sizeof params,
             "tribe_rule=%s,trade_mixed_goods=%s,raid_shortfall_to_opponent=%s",
             o & 1 ? "kosmos" : "author", o >> 1 & 1 ? "true" : "false",
             o >> 2 & 1 ? "true" : "false");
    tafel_game g;
    fuzz_play_load(&g, "targi", params);
    fuzz_play(&g, tgt_gate_check, fuzz_play_deep(o >> 3), &b);
    return 0;
}
