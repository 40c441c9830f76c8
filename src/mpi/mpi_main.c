/* mpi_main.c: tafel-mpi, `tafel arena` on MPI (docs/cluster.md): `mpirun -np N tafel-mpi arena
 * GAME --seats ... --games N ...` takes the arguments of `tafel arena`; rank 0 prints and
 * writes every file, the other ranks only play. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/arena_cli.h"
#include "mpi/arena_mpi.h"

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "arena")) {
        fprintf(stderr, "usage: mpirun -np N tafel-mpi arena GAME --seats A,B --games N ... "
                        "(the options of tafel arena; see docs/cluster.md)\n");
        return 2;
    }
    int provided;
    /* Rank 0 plays on a thread of its own while the main thread serves the other ranks:
     * only the main thread calls MPI. */
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    mpi_arena m;
    MPI_Comm_rank(MPI_COMM_WORLD, &m.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m.size);
    /* Under mpirun every rank is its child; a singleton (no mpirun) has no launcher to lose. */
    m.launcher = m.size > 1 ? (long)getppid() : 0;
    if (provided < MPI_THREAD_FUNNELED) {
        if (m.rank == 0)
            fprintf(stderr, "tafel-mpi: this MPI library does not allow threads\n");
        MPI_Finalize();
        return 1;
    }
    cli_arena_hooks h = {m.rank != 0, mpi_arena_gate, mpi_arena_run, &m};
    int rc = cli_arena_main(argc - 1, argv + 1, &h);
    MPI_Finalize();
    return rc;
}
