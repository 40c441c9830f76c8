/* arena_cli.h: `tafel arena`'s command line, shared with tafel-mpi (src/mpi/), which plays the
 * same games on MPI ranks: it parses and prints here and plays the games through hooks. */
#ifndef TAFEL_ARENA_CLI_H
#define TAFEL_ARENA_CLI_H

#include <stddef.h>

#include "match/arena.h"

typedef struct cli_arena_hooks {
    int quiet; /* print nothing and touch no file (MPI ranks other than 0) */
    /* Called once with the exit status of parsing and checking (0: go on); returns the status
     * that every rank agrees on. */
    int (*gate)(void *ctx, int status);
    /* Play the games: 0 (r filled, rank 0), 1 (nothing to report: another rank gathered the
     * results) or -1 with a reason. */
    int (*run)(void *ctx, const arena_config *c, arena_result *r, char *err, size_t errlen);
    void *ctx;
} cli_arena_hooks;

/* `tafel arena ARGS`: NULL hooks play in this process. Returns the exit status. */
int cli_arena_main(int argc, char **argv, const cli_arena_hooks *h);

#endif
