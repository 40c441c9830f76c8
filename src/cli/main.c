/* main.c: the `tafel` command: dispatch to list, play, replay, bench, arena, serve, connect,
 * loadtest. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static void main_usage(FILE *out)
{
    fprintf(out,
            "usage: tafel COMMAND [ARGS]\n"
            "  list                         games and their parameters\n"
            "  play GAME [--seats S,S..] [--seed N] [--record FILE]\n"
            "                               play at the terminal (seats: human, random, ...)\n"
            "  replay FILE                  check a game record and show the final position\n"
            "  bench [GAME]                 random-playout speed and fingerprint\n"
            "  arena GAME --seats A,B.. --games N [--summary F.json] [--records DIR] [--seed S]\n"
            "                               bots against each other: win rates, Elo\n"
            "  serve [--port 8080] [--bind 127.0.0.1] [--db FILE] [--threads N]\n"
            "                               the game server (docs/protocol.md)\n"
            "  connect URL [--match ID] [--token T] [--bot random|first]\n"
            "                               play a seat of a server's match with a bot\n"
            "  loadtest URL --games N [--seconds S] [--pid PID]\n"
            "                               N random games on a server: moves/s, round trips\n"
            "GAME is a game string such as 'tafelrunde2(players=3,bonus_needs_card=false)'.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        return cli_play_default();
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "list"))
        return cli_list(argc - 1, argv + 1);
    if (!strcmp(cmd, "play"))
        return cli_play(argc - 1, argv + 1);
    if (!strcmp(cmd, "replay"))
        return cli_replay(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench"))
        return cli_bench(argc - 1, argv + 1);
    if (!strcmp(cmd, "arena"))
        return cli_arena(argc - 1, argv + 1);
    if (!strcmp(cmd, "serve"))
        return cli_serve(argc - 1, argv + 1);
    if (!strcmp(cmd, "connect"))
        return cli_connect(argc - 1, argv + 1);
    if (!strcmp(cmd, "loadtest"))
        return cli_loadtest(argc - 1, argv + 1);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        main_usage(stdout);
        return 0;
    }
    fprintf(stderr, "tafel: unknown command '%s'\n", cmd);
    main_usage(stderr);
    return 2;
}
