/* fuzz_bot_spec.c: bot specs ("mcts(iters=..)"): tafel_bot_check, tafel_bot_threads and
 * tafel_bot_new agree on what is valid, and a refusal is one line. */
#include <string.h>

#include "fuzz.h"
#include "tafel/bot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size))
        return 0; /* a C string ends there */
    char *s = fuzz_str(data, size), err[TAFEL_ERR_LEN], err2[TAFEL_ERR_LEN];
    tafel_game g;
    if (tafel_game_load(&g, "targi", err, sizeof err))
        FUZZ_FAIL("targi: %s", err);
    int ok = tafel_bot_check(s, err, sizeof err) == 0;
    if (!ok)
        FUZZ_ONE_LINE(err);
    int human = tafel_bot_is_human(s), threads = tafel_bot_threads(s);
    if (human && !ok)
        FUZZ_FAIL("'%s' is human but refused", s);
    if ((threads > 0) != (ok && !human))
        FUZZ_FAIL("'%s': %d threads, check %d", s, threads, ok);
    if (!human) {
        tafel_bot *b = tafel_bot_new(s, &g, 0, 1, err2, sizeof err2);
        if (!b != !ok)
            FUZZ_FAIL("'%s': check says %d, new says %d", s, ok, !!b);
        if (b)
            tafel_bot_free(b);
        else
            FUZZ_ONE_LINE(err2);
    }
    free(s);
    return 0;
}
