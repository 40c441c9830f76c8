/* fuzz_game_string.c: game strings with parameters (tafel_game_load): a refusal is one line; an
 * accepted string has a canonical form that loads to itself, and its game plays one random game
 * to the end (an option combination the rules cannot handle shows up here). */
#include <string.h>

#include "fuzz.h"
#include "tafel/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size))
        return 0; /* a C string ends there: the bytes after it never reach the parser */
    char *s = fuzz_str(data, size), err[TAFEL_ERR_LEN];
    tafel_game g, g2;
    if (tafel_game_load(&g, s, err, sizeof err)) {
        FUZZ_ONE_LINE(err);
    } else {
        char canon[512], canon2[512];
        tafel_game_to_string(&g, canon, sizeof canon);
        if (tafel_game_load(&g2, canon, err, sizeof err))
            FUZZ_FAIL("canonical '%s' of '%s' refused: %s", canon, s, err);
        tafel_game_to_string(&g2, canon2, sizeof canon2);
        if (strcmp(canon, canon2) || g.num_players != g2.num_players)
            FUZZ_FAIL("'%s' loads as '%s'", canon, canon2);
        tafel_random_games(&g, size, 1);
    }
    free(s);
    return 0;
}
