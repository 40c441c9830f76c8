/* replay.c: `tafel replay FILE`: check a record step by step, show the final position. A file
 * that does not start with '{' is a Carcassonne recorded game in the text format. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"
#include "tafel/record.h"

/* Whole file into a new buffer; NULL with errno set on failure. */
static char *replay_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            abort();
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        /* No record or text file comes near the limit; /dev/zero would never end. */
        if (n > TAFEL_RECORD_MAX_BYTES) {
            free(buf);
            fclose(f);
            errno = EFBIG;
            return NULL;
        }
        cap *= 2;
        buf = realloc(buf, cap);
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    *len = n;
    return buf;
}

/* The Carcassonne text format: replay it, show where it stopped, one line on failure. */
static int replay_carc_text(const char *path, const char *text, size_t len)
{
    tafel_game g = {0}; /* g.type stays NULL if the game line is refused */
    void *state = calloc(1, tafel_game_carcassonne.state_size);
    if (!state)
        abort();
    carc_text_result res;
    carc_text_status st = carc_text_replay(text, len, &g, state, &res);
    if (g.type && (st == CARC_TEXT_OK || res.steps > 0)) {
        cli_show_state(stdout, &g, state, -1, cli_use_color(stdout));
        printf("%s: %d draws replayed, %s.\n", path, res.steps,
               tafel_is_terminal(&g, state) ? "game over" : "game not finished");
        cli_print_scores(stdout, &g, state);
    }
    if (st != CARC_TEXT_OK) {
        char expect[96] = "";
        if (carc_text_passed(&res))
            snprintf(expect, sizeof expect, " (the refusal the file expects)");
        else if (res.expect_line)
            snprintf(expect, sizeof expect, " (the file expects a refusal (%s) at line %d)",
                     res.expect_category, res.expect_line);
        if (st == CARC_TEXT_REFUSED)
            fprintf(stderr, "tafel: %s:%d: refused (%s): %s%s\n", path, res.line, res.category,
                    res.msg, expect);
        else
            fprintf(stderr, "tafel: %s:%d: %s%s\n", path, res.line, res.msg, expect);
    }
    free(state);
    return st == CARC_TEXT_OK ? 0 : 1;
}

/* --step: each action as a spectator is told it (full notation, since a record is studied
 * afterwards), with its events, pausing for Enter at a terminal or a pipe that has input:
 * 'b' shows the board, a number skips that many actions, 'q' stops. At the end of the input
 * the rest runs on without pausing. */
static void replay_step(const tafel_game *g, const tafel_record *rec, void *state)
{
    void *before = malloc(g->type->state_size);
    if (!before)
        abort();
    g->type->init(g, state);
    int pausing = 1, cols, rows;
    long skip = 0;
    cli_term_size(stdout, &cols, &rows); /* events wrap at the width, as in tafel play */
    for (size_t i = 0; i < rec->num_actions; i++) {
        int32_t a = rec->actions[i];
        if (!tafel_is_legal(g, state, a))
            break; /* the full check after this reports it */
        char text[TAFEL_TEXT_LEN];
        int p = g->type->current_player(g, state);
        g->type->action_to_text(g, state, a, text, sizeof text);
        memcpy(before, state, g->type->state_size);
        g->type->apply(g, state, a);
        if (p == TAFEL_CHANCE)
            printf("%5zu  chance: %s\n", i, text);
        else
            printf("%5zu  player %d: %s\n", i, p, text);
        json_t *events = tafel_events_json(g, before, a, state, -1);
        size_t k;
        json_t *e;
        json_array_foreach(events, k, e) {
            const char *t = json_string_value(json_object_get(e, "text"));
            if (t && *t && strcmp(t, text))
                cli_put_wrapped(stdout, t, 9, 11, cols);
        }
        json_decref(events);
        if (skip > 0 && --skip > 0)
            continue;
        while (pausing && i + 1 < rec->num_actions) {
            printf("[Enter: next, b: board, N: skip N, q: quit] ");
            fflush(stdout);
            char line[64];
            int got = cli_read_line(line, sizeof line);
            if (!got) {
                pausing = 0;
                putchar('\n');
                break;
            }
            if (got < 0) {
                printf("Not understood: the line is longer than %zu characters.\n",
                       sizeof line - 1);
                continue;
            }
            if (line[0] == 'q') {
                free(before);
                return;
            }
            if (line[0] == 'b') {
                cli_show_state(stdout, g, state, -1, cli_use_color(stdout));
                continue;
            }
            skip = atol(line);
            break;
        }
    }
    free(before);
}

int cli_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"verbose", no_argument, NULL, 'v'},
        {"step", no_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int verbose = 0, step = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "vsh", opts, NULL)) != -1) {
        if (c == 'v')
            verbose = 1;
        else if (c == 's')
            step = 1;
        else if (c == 'h') {
            printf("usage: tafel replay [--verbose | --step] FILE\n"
                   "  --verbose  list every action\n"
                   "  --step     step through the actions with their events (Enter: next,\n"
                   "             b: board, N: skip N actions, q: quit)\n");
            return 0;
        } else
            return 2;
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: tafel replay [--verbose | --step] FILE\n");
        return 2;
    }
    const char *path = argv[optind];
    char err[TAFEL_ERR_LEN];
    size_t flen = 0;
    char *ftext = replay_slurp(path, &flen);
    if (!ftext) {
        if (errno == EFBIG)
            fprintf(stderr, "tafel: %s: larger than the limit of %d MiB\n", path,
                    TAFEL_RECORD_MAX_BYTES >> 20);
        else
            fprintf(stderr, "tafel: %s: %s\n", path, strerror(errno));
        return 1;
    }
    size_t k = 0;
    while (k < flen && isspace((unsigned char)ftext[k]))
        k++;
    if (k < flen && ftext[k] != '{') {
        int rc = replay_carc_text(path, ftext, flen);
        free(ftext);
        return rc;
    }
    free(ftext);
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
    if (step)
        replay_step(&g, &rec, state);
    if (verbose && !step) {
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
        if (rec.has_result && rec.resigned) {
            /* The game stopped there: the record's result is the resignation's. */
            printf("%s: %zu actions replayed, player %d resigned.\n", path, rec.num_actions,
                   rec.resigned_seat);
            for (int p = 0; p < g.num_players; p++)
                printf("  player %d: %d%s\n", p, rec.scores[p],
                       p == rec.resigned_seat ? "  (resigned)"
                       : rec.returns[p] >= 1  ? "  (winner)"
                       : rec.returns[p] > 0   ? "  (shares the win)" : "");
        } else {
            printf("%s: %zu actions replayed, %s.\n", path, rec.num_actions,
                   tafel_is_terminal(&g, state) ? "game over" : "game not finished");
            cli_print_scores(stdout, &g, state);
        }
    }
    free(state);
    tafel_record_free(&rec);
    return rc ? 1 : 0;
}
