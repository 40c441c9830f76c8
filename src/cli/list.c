/* list.c: `tafel list`: the games and their documented parameters. */
#include <string.h>

#include "cli/cli.h"

/* Print text from column col, wrapped at 79 columns, continuing under col. */
static void list_wrapped(const char *text, int col)
{
    int at = col;
    const char *p = text;
    while (*p) {
        size_t w = strcspn(p, " ");
        if (at > col && at + 1 + (int)w > 79) {
            printf("\n%*s", col, "");
            at = col;
        } else if (at > col) {
            putchar(' ');
            at++;
        }
        printf("%.*s", (int)w, p);
        at += (int)w;
        p += w;
        while (*p == ' ')
            p++;
    }
    putchar('\n');
}

int cli_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const tafel_game_type *const *types = tafel_game_types();
    for (int i = 0; types[i]; i++) {
        const tafel_game_type *t = types[i];
        printf("%s — %s%s\n", t->name, t->long_name, t->init ? "" : "  (not implemented yet)");
        /* One column for the explanations of a game: after its longest name=default. */
        char lhs[TAFEL_MAX_PARAMS + 1][96], help[TAFEL_MAX_PARAMS + 1][512];
        int rows = 0, width = 0;
        snprintf(lhs[rows], sizeof lhs[rows], "players=%d", t->default_players);
        snprintf(help[rows++], sizeof help[0], "%d to %d players", t->min_players,
                 t->max_players);
        for (int k = 0; k < t->num_params && rows <= TAFEL_MAX_PARAMS; k++) {
            const tafel_param_def *p = &t->params[k];
            char def[64], range[256] = "";
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
            snprintf(lhs[rows], sizeof lhs[rows], "%s=%s", p->name, def);
            snprintf(help[rows++], sizeof help[0], "%s%s", p->help ? p->help : "", range);
        }
        for (int r = 0; r < rows; r++)
            if ((int)strlen(lhs[r]) > width)
                width = (int)strlen(lhs[r]);
        for (int r = 0; r < rows; r++) {
            printf("  %-*s  ", width, lhs[r]);
            list_wrapped(help[r], width + 4);
        }
        putchar('\n');
    }
    printf("bots (for --seats)\n");
    static const char *const bots[][2] = {
        {"human", "a person at this terminal"},
        {"random", "a uniformly random legal move"},
        {"greedy", "the move with the best immediate evaluation; greedy(samples=N)"},
        {"mcts", "information-set Monte Carlo tree search, 1 s a move on all cores; "
                 "mcts(iters=N), mcts(time=500ms,threads=1), ... (tafel --help)"},
    };
    for (size_t b = 0; b < sizeof bots / sizeof *bots; b++) {
        printf("  %-8s  ", bots[b][0]);
        list_wrapped(bots[b][1], 12);
    }
    return 0;
}
