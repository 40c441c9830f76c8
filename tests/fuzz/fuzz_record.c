/* fuzz_record.c: JSON game records (docs/records.md) as tafel_record_load reads them: parsed
 * (tafel_record_parse, with its limits), replayed, and when they replay, written and read back
 * to the same actions and end position. A refusal must be one line. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tafel/record.h"

static size_t fuzz_max_state(void)
{
    size_t m = 0;
    for (const tafel_game_type *const *t = tafel_game_types(); *t; t++)
        m = (*t)->state_size > m ? (*t)->state_size : m;
    return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    if (tafel_record_parse(&r, (const char *)data, size, err, sizeof err)) {
        FUZZ_ONE_LINE(err);
        tafel_record_free(&r);
        return 0;
    }
    size_t sz = fuzz_max_state(), bad;
    void *s1 = malloc(sz), *s2 = malloc(sz);
    tafel_game g;
    if (tafel_record_replay(&r, &g, s1, &bad, err, sizeof err)) {
        FUZZ_ONE_LINE(err);
        if (bad > r.num_actions)
            FUZZ_FAIL("bad index %zu of %zu actions", bad, r.num_actions);
    } else {
        json_t *j = tafel_record_to_json(&r, err, sizeof err);
        if (!j)
            FUZZ_FAIL("a record that replays does not serialize: %s", err);
        char *text = json_dumps(j, 0);
        json_decref(j);
        tafel_record r2;
        tafel_record_init(&r2);
        tafel_game g2;
        if (tafel_record_parse(&r2, text, strlen(text), err, sizeof err) ||
            tafel_record_replay(&r2, &g2, s2, &bad, err, sizeof err))
            FUZZ_FAIL("a written record does not load back: %s", err);
        if (r2.num_actions != r.num_actions ||
            (r.num_actions && memcmp(r2.actions, r.actions, r.num_actions * sizeof *r.actions)) ||
            memcmp(s1, s2, g.type->state_size))
            FUZZ_FAIL("a written record replays to another game");
        free(text);
        tafel_record_free(&r2);
    }
    free(s1);
    free(s2);
    tafel_record_free(&r);
    return 0;
}
