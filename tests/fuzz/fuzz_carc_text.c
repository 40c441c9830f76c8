/* fuzz_carc_text.c: the Carcassonne recorded-game text format as `tafel replay` reads it
 * (carc_text_replay): any bytes end in a status with a one-line message, never a crash or hang;
 * a position it stops in is a valid one. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tafel_game g;
    carc_state *s = malloc(sizeof *s);
    carc_text_result res;
    carc_text_status st = carc_text_replay((const char *)data, size, &g, s, &res);
    if (st != res.status || (unsigned)st > CARC_TEXT_MISMATCH)
        FUZZ_FAIL("status %d, result %d", (int)st, (int)res.status);
    if (st != CARC_TEXT_OK)
        FUZZ_ONE_LINE(res.msg);
    carc_text_passed(&res);
    if (st != CARC_TEXT_SYNTAX || res.line > 1) {
        int p = g.type->current_player(&g, s);
        if (p != TAFEL_CHANCE && p != TAFEL_TERMINAL && (p < 0 || p >= g.num_players))
            FUZZ_FAIL("stopped with player %d to move", p);
    }
    free(s);
    return 0;
}
