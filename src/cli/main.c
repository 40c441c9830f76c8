/* main.c: the `tafel` command: dispatch to list, play, replay, bench, arena, serve, connect,
 * loadtest. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static void main_usage(FILE *out)
{
    fprintf(out,
            "usage: tafel [COMMAND [ARGS]]    (no command: Carcassonne, you against a bot)\n"
            "  list                    the games, their parameters with defaults, the bots\n"
            "  play GAME [--seats S,S..] [--seed N] [--record FILE]\n"
            "                          play at the terminal; --seats: one seat per player\n"
            "                          (default: human against mcts(time=1s)), --seed: the\n"
            "                          shuffles, --record: where the record goes\n"
            "  play --resume RECORD [--record FILE]   continue an abandoned game\n"
            "  replay [--verbose | --step] FILE\n"
            "                          check a record (or a Carcassonne text record), show\n"
            "                          the end; --step: action by action, with events\n"
            "  bench [GAME] [--games N] [--passes N] [--seconds S] [--quick] [--json]\n"
            "                          random-playout speed, rules and search fingerprints\n"
            "  arena GAME --seats A,B.. --games N [--summary F.json] [--records DIR]\n"
            "        [--results F] [--resume F] [--sprt E0,E1] [--progress SEC] [--seed S]\n"
            "        [--jobs J]        bots against each other: win rates, Elo\n"
            "  serve [--port 8080] [--bind 127.0.0.1] [--db FILE] [--threads N]\n"
            "        [--bot-threads N] [--allow-origin URL,..] [--web DIR]\n"
            "        [--ping-interval S]  the game server (docs/protocol.md)\n"
            "  connect URL [--match ID] [--token T] [--bot random|first] [--seed N]\n"
            "        [--timeout S]     play a seat of a server's match with a bot\n"
            "  loadtest URL --games N [--seconds S] [--think MS] [--pid PID]\n"
            "                          N random games on a server: moves/s, round trips\n"
            "GAME is a game string: a name and optional parameters, e.g. targi or\n"
            "  'tafelrunde2(players=3,bonus_needs_card=false)' (tafel list shows them).\n"
            "A seat is human or a bot: random, greedy, greedy(samples=N), mcts (1 s a move,\n"
            "  all cores), mcts(iters=N), mcts(time=500ms,threads=1); mcts options: iters,\n"
            "  time (with its unit, s or ms), threads (N or all), c, depth, prior, expand,\n"
            "  crn, scale, margin, chance, nodes (include/tafel/bot.h).\n"
            "tafel COMMAND --help shows a command's options.\n");
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
