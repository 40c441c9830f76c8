/* fuzz_play_tafelrunde2.c: Die Tafelrunde 2 played by the fuzzer's choices (fuzz_play.h), with
 * the gate check of its tests (tr2_gates.h). */
#include "tr2_gates.h"
#include "fuzz_play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_play_init();
    fuzz_bytes b = {data, size};
    uint32_t o = fuzz_below(&b, 256);
    static const char *const zork[4] = {"budget_in_scoring", "budget_after_scoring",
                                        "extra_after_scoring", "extra_before_scoring"};
    char params[200];
    snprintf(params, sizeof params, "players=%u,bonus_needs_card=%s,warning_protects_tie=%s,"
             "zork=%s", 2 + o % 3, o >> 2 & 1 ? "false" : "true",
             o >> 3 & 1 ? "false" : "true", zork[o >> 4 & 3]);
    tafel_game g;
    fuzz_play_load(&g, "tafelrunde2", params);
    fuzz_play(&g, tr2t_gates, fuzz_play_deep(o >> 6), &b);
    return 0;
}
