/* cli.h: the `tafel` subcommands. Each returns the process exit status. */
#ifndef TAFEL_CLI_H
#define TAFEL_CLI_H

#include <stdio.h>

#include "tafel/game.h"

int cli_list(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_play_default(void);
int cli_replay(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_arena(int argc, char **argv);
int cli_connect(int argc, char **argv);
int cli_loadtest(int argc, char **argv);
int cli_serve(int argc, char **argv);

/* Shared helpers (util.c). */
int cli_use_color(FILE *f);
/* The terminal's columns and rows (TIOCGWINSZ; else $COLUMNS/$LINES; 0: unknown). */
void cli_term_size(FILE *f, int *cols, int *rows);
/* Print the state as viewer sees it (fitted to the terminal's size, a row left for a prompt):
 * the game's render, or its JSON view. */
void cli_show_state(FILE *out, const tafel_game *g, const void *state, int viewer, int color);
/* The same drawing as a string the caller frees, fitted to cols x rows (0: no limit): rows are
 * those the drawing may take, the terminal's less whatever is printed below it (move list,
 * prompt). *lines (if not NULL) counts its lines; it ends with a newline. */
char *cli_render(const tafel_game *g, const void *state, int viewer, int color, int cols,
                 int rows, int *lines);
/* An event line indented by indent, wrapped between words at width (0: unknown, one line for
 * logs and scripts), continued lines indented by more. */
void cli_put_wrapped(FILE *out, const char *t, int indent, int more, int width);
/* Directory for records: $TAFEL_RECORDS, else $XDG_DATA_HOME/tafel/records, else
 * ~/.local/share/tafel/records; created if missing. 0 or -1 with reason. */
int cli_records_dir(char *buf, size_t len, char *err, size_t errlen);
void cli_print_scores(FILE *out, const tafel_game *g, const void *state);
/* term_help.c: 'help' at the prompt (notation, the current phase, examples from the legal
 * moves), 'rules' (a short summary, with the expansions that are on), the expansions line. */
void cli_term_help(FILE *out, const tafel_game *g, const void *state, int player,
                   const int32_t *legal, int n);
void cli_term_rules(FILE *out, const tafel_game *g);
void cli_term_expansions(FILE *out, const tafel_game *g);
/* One line of stdin into buf, without its line end: 1, or 0 at the end of input, or -1 if it
 * did not fit (the rest of the line is read and dropped, so that no part of it is taken for
 * the next answer). */
int cli_read_line(char *buf, size_t len);
/* A seed given on the command line: decimal digits only, at most 2^64-1. 0, or -1. */
int cli_parse_seed(const char *text, uint64_t *seed);
#define CLI_SEAT_LEN 128
/* Split "--seats" on commas outside parentheses ("mcts(iters=5,c=1),random"). Returns the count
 * (1 to TAFEL_MAX_PLAYERS), or -1 with a reason. */
int cli_split_seats(const char *list, char seats[TAFEL_MAX_PLAYERS][CLI_SEAT_LEN], char *err,
                    size_t errlen);

#endif
