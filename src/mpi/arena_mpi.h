/* arena_mpi.h: the arena's games played on MPI ranks: rank 0 hands out game indices and
 * gathers results and records; every rank plays. */
#ifndef TAFEL_ARENA_MPI_H
#define TAFEL_ARENA_MPI_H

#include <stddef.h>

#include "match/arena.h"

typedef struct mpi_arena {
    int rank, size;
    long launcher; /* the parent at start (mpirun), or 0: a rank stops once it is gone */
} mpi_arena;

/* cli_arena_hooks: every rank takes rank 0's verdict on the command line. */
int mpi_arena_gate(void *ctx, int status);
/* cli_arena_hooks: rank 0 returns 0 with r filled (or -1), the other ranks 1 (or -1). */
int mpi_arena_run(void *ctx, const arena_config *c, arena_result *r, char *err, size_t errlen);

#endif
