/* replay.c: `tafel replay FILE`: check a record step by step, show the final position. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tafel/record.h"

int cli_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int verbose = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "vh", opts, NULL)) != -1) {
        if (c == 'v')
            verbose = 1;
        else if (c == 'h') {
            printf("usage: tafel replay [--verbose] FILE\n");
            return 0;
        } else
            return 2;
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: tafel replay [--verbose] FILE\n");
        return 2;
    }
    const char *path = argv[optind];
    char err[TAFEL_ERR_LEN];
    tafel_record rec;
    tafel_record_init(&rec);
    if (tafel_record_load(&rec, path, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        tafel_record_free(&rec);
        return 1;
    }
    tafel_game g;
    if (tafel_game_load(&g, rec.game, err, sizeof err)) {
        fprintf(stderr, "tafel: %s: %s\n", path, err);
        tafel_record_free(&rec);
        return 1;
    }
    void *state = malloc(g.type->state_size);
    if (!state)
        abort();
    if (verbose) {
        g.type->init(&g, state);
        for (size_t i = 0; i < rec.num_actions; i++) {
            int32_t a = rec.actions[i];
            if (!tafel_is_legal(&g, state, a))
                break; /* reported below by the full check */
            char text[TAFEL_TEXT_LEN];
            int p = g.type->current_player(&g, state);
            g.type->action_to_text(&g, state, a, text, sizeof text);
            if (p == TAFEL_CHANCE)
                printf("%5zu  chance    %s\n", i, text);
            else
                printf("%5zu  player %d  %s\n", i, p, text);
            g.type->apply(&g, state, a);
        }
    }
    size_t bad;
    int rc = tafel_record_replay(&rec, &g, state, &bad, err, sizeof err);
    if (rc) {
        fprintf(stderr, "tafel: %s: %s\n", path, err);
    } else {
        cli_show_state(stdout, &g, state, -1, cli_use_color(stdout));
        printf("%s: %zu actions replayed, %s.\n", path, rec.num_actions,
               tafel_is_terminal(&g, state) ? "game over" : "game not finished");
        cli_print_scores(stdout, &g, state);
    }
    free(state);
    tafel_record_free(&rec);
    return rc ? 1 : 0;
}
