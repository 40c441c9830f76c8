/* hello.c: the smallest program on the installed libtafel: load a game, play one uniformly
 * random game through the checked API, print the moves' count and the result.
 * Build: cc hello.c $(pkg-config --cflags --libs tafel) -o hello */
#include <stdio.h>
#include <stdlib.h>

#include <tafel/flat.h>

int main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : "carcassonne(tatan=off,inns_cathedrals=off)";
    char err[TAFEL_ERR_LEN];
    tafel_game *g = tafel_flat_game_new(spec, err, sizeof err);
    if (!g) {
        fprintf(stderr, "hello: %s\n", err);
        return 1;
    }
    void *state = tafel_flat_state_new(g);
    int32_t *legal = malloc((size_t)tafel_flat_max_legal(g) * sizeof *legal);
    tafel_rng rng;
    tafel_rng_seed(&rng, 42);
    long moves = 0;
    for (int p = tafel_flat_current_player(g, state); p != TAFEL_TERMINAL; moves++) {
        int32_t a;
        if (p == TAFEL_CHANCE) {
            a = tafel_sample_chance(g, state, &rng);
        } else {
            int n = tafel_flat_legal_actions(g, state, legal);
            a = legal[tafel_rng_below(&rng, (uint32_t)n)];
        }
        p = tafel_flat_apply(g, state, a, err, sizeof err);
        if (p == TAFEL_FLAT_REFUSED) {
            fprintf(stderr, "hello: %s\n", err);
            return 1;
        }
    }
    int scores[TAFEL_MAX_PLAYERS];
    tafel_flat_scores(g, state, scores);
    printf("tafel %s: %s over after %ld actions, scores", tafel_flat_version(), spec, moves);
    for (int p = 0; p < tafel_flat_num_players(g); p++)
        printf(" %d", scores[p]);
    printf("\n");
    free(legal);
    tafel_flat_state_free(state);
    tafel_flat_game_free(g);
    return 0;
}
