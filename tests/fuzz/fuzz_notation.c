/* fuzz_notation.c: action notation of every game, parsed against positions reached by random
 * play: the input's first bytes pick the game, the seed and how far to play; each following
 * line is notation. A parsed action must be legal and its own text must parse back to it; a
 * refusal is one line and leaves the state unchanged. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tafel/game.h"

static const char *const fuzz_games[] = {
    "carcassonne", "carcassonne(tatan=off)", "carcassonne(players=4,inns_cathedrals=off)",
    "targi", "targi(trade_mixed_goods=true)", "tafelrunde2", "tafelrunde2(players=4)",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = {data, size};
    const char *name = fuzz_games[fuzz_below(&b, sizeof fuzz_games / sizeof *fuzz_games)];
    uint64_t seed = fuzz_u64(&b);
    long steps = (long)fuzz_below(&b, 65536) % 400;
    char err[TAFEL_ERR_LEN], text[TAFEL_TEXT_LEN];
    tafel_game g;
    if (tafel_game_load(&g, name, err, sizeof err))
        FUZZ_FAIL("%s: %s", name, err);
    const tafel_game_type *t = g.type;
    void *s = malloc(t->state_size), *copy = malloc(t->state_size);
    int32_t *legal = malloc(sizeof *legal * (size_t)t->max_legal);
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    t->init(&g, s);
    for (long i = 0; i < steps; i++) {
        int p = t->current_player(&g, s);
        if (p == TAFEL_TERMINAL)
            break;
        int32_t a;
        if (p == TAFEL_CHANCE) {
            a = tafel_sample_chance(&g, s, &rng);
        } else {
            int n = t->legal_actions(&g, s, legal);
            a = legal[tafel_rng_below(&rng, (uint32_t)n)];
        }
        t->apply(&g, s, a);
    }
    char *rest = fuzz_str(b.p, b.n);
    for (char *line = rest, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        memcpy(copy, s, t->state_size);
        int32_t a = -1, raw = -1;
        t->text_to_action(&g, s, line, &raw, err, sizeof err);
        if (tafel_text_to_action(&g, s, line, &a, err, sizeof err)) {
            FUZZ_ONE_LINE(err);
        } else {
            if (!tafel_is_legal(&g, s, a))
                FUZZ_FAIL("%s: '%s' parsed to illegal action %d", name, line, a);
            t->action_to_text(&g, s, a, text, sizeof text);
            int32_t back;
            if (tafel_text_to_action(&g, s, text, &back, err, sizeof err) || back != a)
                FUZZ_FAIL("%s: action %d's text '%s' does not parse back", name, a, text);
        }
        if (memcmp(copy, s, t->state_size))
            FUZZ_FAIL("%s: parsing '%s' changed the state", name, line);
    }
    free(rest);
    free(legal);
    free(copy);
    free(s);
    return 0;
}
