/* registry.c: the explicit list of game types. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "games/games.h"

static const tafel_game_type *const registry_types[] = {
    &tafel_game_carcassonne,
    &tafel_game_targi,
    &tafel_game_tafelrunde2,
    NULL,
};

const tafel_game_type *const *tafel_game_types(void)
{
    return registry_types;
}

const tafel_game_type *tafel_game_type_find(const char *name)
{
    for (int i = 0; registry_types[i]; i++)
        if (!strcmp(registry_types[i]->name, name))
            return registry_types[i];
    return NULL;
}

int tafel_game_load(tafel_game *g, const char *spec, char *err, size_t errlen)
{
    if (tafel_check_printable("bad game string", spec, err, errlen))
        return -1;
    char name[64];
    const char *open = strchr(spec, '(');
    size_t n = open ? (size_t)(open - spec) : strlen(spec);
    while (n && isspace((unsigned char)spec[n - 1]))
        n--;
    while (n && isspace((unsigned char)*spec)) {
        spec++;
        n--;
    }
    if (n == 0 || n >= sizeof name) {
        snprintf(err, errlen, "bad game string '%s'", spec);
        return -1;
    }
    memcpy(name, spec, n);
    name[n] = 0;
    const tafel_game_type *t = tafel_game_type_find(name);
    if (!t) {
        snprintf(err, errlen, "unknown game '%s' (see: tafel list)", name);
        return -1;
    }
    char params[512] = "";
    if (open) {
        const char *close = strrchr(open, ')');
        if (!close || close[1] != 0 || (size_t)(close - open - 1) >= sizeof params) {
            snprintf(err, errlen, "bad game string '%s': expected %s(name=value,...)", spec, name);
            return -1;
        }
        memcpy(params, open + 1, (size_t)(close - open - 1));
        params[close - open - 1] = 0;
    }
    return tafel_game_load_type(g, t, params, err, errlen);
}
