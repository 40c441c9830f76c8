/* list.c: `tafel list`: the games and their documented parameters. */
#include <string.h>

#include "cli/cli.h"

int cli_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const tafel_game_type *const *types = tafel_game_types();
    for (int i = 0; types[i]; i++) {
        const tafel_game_type *t = types[i];
        printf("%s — %s%s\n", t->name, t->long_name, t->init ? "" : "  (not implemented yet)");
        printf("  players=%d            %d to %d players\n", t->default_players, t->min_players,
               t->max_players);
        for (int k = 0; k < t->num_params; k++) {
            const tafel_param_def *p = &t->params[k];
            char def[64], range[128] = "";
            switch (p->kind) {
            case TAFEL_PARAM_INT:
                snprintf(def, sizeof def, "%d", p->def);
                snprintf(range, sizeof range, " (%d to %d)", p->min, p->max);
                break;
            case TAFEL_PARAM_BOOL:
                snprintf(def, sizeof def, "%s", p->def ? "true" : "false");
                break;
            case TAFEL_PARAM_ENUM:
                snprintf(def, sizeof def, "%s", p->choices[p->def]);
                snprintf(range, sizeof range, " (");
                for (int c = 0; p->choices[c]; c++) {
                    size_t l = strlen(range);
                    snprintf(range + l, sizeof range - l, "%s%s", c ? "|" : "", p->choices[c]);
                }
                size_t l = strlen(range);
                snprintf(range + l, sizeof range - l, ")");
                break;
            }
            char lhs[96];
            snprintf(lhs, sizeof lhs, "%s=%s", p->name, def);
            printf("  %-22s %s%s\n", lhs, p->help ? p->help : "", range);
        }
        if (types[i + 1])
            putchar('\n');
    }
    return 0;
}
