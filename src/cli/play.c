/* play.c: `tafel play`: humans at the terminal against bots or each other. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tafel/bot.h"
#include "tafel/record.h"

#define PLAY_MAX_LISTED 40
#define PLAY_DEFAULT_BOT "mcts(time=1s)"
#define PLAY_DEFAULT_GAMES_ORDER {"carcassonne", "tafelrunde2", "targi"}

typedef struct {
    tafel_game game;
    char seats[TAFEL_MAX_PLAYERS][CLI_SEAT_LEN];
    tafel_bot *bots[TAFEL_MAX_PLAYERS];
    int num_humans;
    int color;
} play_session;

/* Read one line; returns 0 at EOF. */
static int play_read_line(char *buf, size_t len)
{
    if (!fgets(buf, (int)len, stdin))
        return 0;
    buf[strcspn(buf, "\r\n")] = 0;
    return 1;
}

static void play_list_moves(const tafel_game *g, const void *state, const int32_t *legal, int n)
{
    char text[TAFEL_TEXT_LEN];
    int col = 0;
    printf("Legal moves (%d):\n", n);
    for (int i = 0; i < n; i++) {
        g->type->action_to_text(g, state, legal[i], text, sizeof text);
        char item[TAFEL_TEXT_LEN + 16];
        int w = snprintf(item, sizeof item, "%3d) %s", i + 1, text);
        if (col && col + w + 2 > 100) {
            putchar('\n');
            col = 0;
        }
        printf("%s%s", col ? "   " : "  ", item);
        col += w + 3;
    }
    if (col)
        putchar('\n');
}

/* Ask the human at seat p for a move; returns -1 when input ends or he quits. */
static int play_ask_human(play_session *s, const void *state, int p, int32_t *action)
{
    const tafel_game *g = &s->game;
    int32_t legal[4096];
    int n = g->type->legal_actions(g, state, legal);
    printf("\n");
    cli_show_state(stdout, g, state, p, s->color);
    /* A long list (e.g. every Carcassonne placement) buries the board: the render marks them. */
    if (n <= PLAY_MAX_LISTED)
        play_list_moves(g, state, legal, n);
    else
        printf("%d legal moves (shown on the board; 'moves' lists them all).\n", n);
    for (;;) {
        printf("Player %d, your move (notation or number; 'help', 'quit'): ", p);
        fflush(stdout);
        char line[512];
        if (!play_read_line(line, sizeof line))
            return -1;
        char *t = line;
        while (*t == ' ' || *t == '\t')
            t++;
        if (!*t)
            continue;
        if (!strcmp(t, "quit") || !strcmp(t, "exit"))
            return -1;
        if (!strcmp(t, "help") || !strcmp(t, "?")) {
            printf("Type a move in the notation shown in the list, or its number. 'board' "
                   "redraws, 'moves' lists the moves, 'quit' abandons the game (the record is "
                   "kept).\n");
            continue;
        }
        if (!strcmp(t, "board")) {
            cli_show_state(stdout, g, state, p, s->color);
            continue;
        }
        if (!strcmp(t, "moves")) {
            play_list_moves(g, state, legal, n);
            continue;
        }
        char *end;
        long k = strtol(t, &end, 10);
        if (*end == 0 && end != t) {
            if (k >= 1 && k <= n) {
                *action = legal[k - 1];
                return 0;
            }
            printf("No move number %ld: choose 1 to %d.\n", k, n);
            continue;
        }
        char err[TAFEL_ERR_LEN];
        if (tafel_text_to_action(g, state, t, action, err, sizeof err) == 0)
            return 0;
        printf("Not accepted: %s\n", err);
    }
}

static int play_run(play_session *s, uint64_t seed, const char *record_path)
{
    tafel_game *g = &s->game;
    void *state = malloc(g->type->state_size);
    if (!state)
        abort();
    g->type->init(g, state);
    tafel_rng chance;
    tafel_rng_seed(&chance, seed);
    tafel_record rec;
    tafel_record_init(&rec);
    tafel_game_to_string(g, rec.game, sizeof rec.game);
    rec.num_seats = g->num_players;
    rec.seed = seed;
    for (int p = 0; p < g->num_players; p++)
        snprintf(rec.seats[p], sizeof rec.seats[p], "%s", s->seats[p]);

    printf("%s: %s, seed %llu\n", g->type->long_name, rec.game, (unsigned long long)seed);
    for (int p = 0; p < g->num_players; p++)
        printf("  player %d: %s\n", p, s->seats[p]);

    int abandoned = 0, last_human = -1;
    while (!tafel_is_terminal(g, state)) {
        int p = g->type->current_player(g, state);
        int32_t a;
        char text[TAFEL_TEXT_LEN];
        if (p == TAFEL_CHANCE) {
            a = tafel_sample_chance(g, state, &chance);
        } else if (s->bots[p]) {
            a = s->bots[p]->choose(s->bots[p], state);
            g->type->action_to_text(g, state, a, text, sizeof text);
            printf("player %d (%s): %s\n", p, s->seats[p], text);
        } else {
            if (s->num_humans > 1 && last_human != p) {
                /* Hot seat: hide the previous player's view before showing the next one's. */
                printf("\n--- Pass the terminal to player %d and press Enter ---", p);
                fflush(stdout);
                char line[64];
                if (!play_read_line(line, sizeof line)) {
                    abandoned = 1;
                    break;
                }
                if (s->color)
                    printf("\033[2J\033[H");
            }
            last_human = p;
            if (play_ask_human(s, state, p, &a)) {
                abandoned = 1;
                break;
            }
        }
        tafel_record_push(&rec, a);
        g->type->apply(g, state, a);
    }

    printf("\n");
    cli_show_state(stdout, g, state, s->num_humans == 1 ? last_human : -1, s->color);
    printf(abandoned ? "Game abandoned. Scores so far:\n" : "Game over. Final scores:\n");
    cli_print_scores(stdout, g, state);

    char path[4096], err[TAFEL_ERR_LEN];
    int rc = abandoned ? 1 : 0;
    if (record_path) {
        snprintf(path, sizeof path, "%s", record_path);
    } else if (cli_records_dir(path, sizeof path, err, sizeof err) == 0) {
        size_t l = strlen(path);
        char stamp[32];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
        snprintf(path + l, sizeof path - l, "/%s-%s-%llu.json", g->type->name, stamp,
                 (unsigned long long)seed);
    } else {
        fprintf(stderr, "tafel: %s\n", err);
        path[0] = 0;
        rc = 1;
    }
    if (path[0]) {
        if (tafel_record_save(&rec, path, err, sizeof err)) {
            fprintf(stderr, "tafel: %s\n", err);
            rc = 1;
        } else {
            printf("Record: %s\n", path);
        }
    }
    tafel_record_free(&rec);
    free(state);
    return rc;
}

static int play_main(const char *game_spec, const char *seats, uint64_t seed, int have_seed,
                     const char *record_path)
{
    play_session s;
    memset(&s, 0, sizeof s);
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load(&s.game, game_spec, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    int n = 0;
    if (seats) {
        n = cli_split_seats(seats, s.seats, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "tafel: %s\n", err);
            return 2;
        }
        /* Seats fix the number of players unless the game string named it. */
        if (!strstr(game_spec, "players=")) {
            char spec2[600];
            const char *open = strchr(game_spec, '(');
            if (open)
                snprintf(spec2, sizeof spec2, "%.*s(players=%d,%s", (int)(open - game_spec),
                         game_spec, n, open + 1);
            else
                snprintf(spec2, sizeof spec2, "%s(players=%d)", game_spec, n);
            if (tafel_game_load(&s.game, spec2, err, sizeof err)) {
                fprintf(stderr, "tafel: %s\n", err);
                return 2;
            }
        }
        if (n != s.game.num_players) {
            fprintf(stderr, "tafel: %d seats given for a %d-player game\n", n,
                    s.game.num_players);
            return 2;
        }
    } else {
        /* Default: you against the strongest bot, thinking about a second per move. */
        snprintf(s.seats[0], sizeof s.seats[0], "human");
        for (int p = 1; p < s.game.num_players; p++)
            snprintf(s.seats[p], sizeof s.seats[p], "%s", PLAY_DEFAULT_BOT);
    }
    if (!have_seed)
        seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    int rc = 0;
    for (int p = 0; p < s.game.num_players; p++) {
        if (tafel_bot_is_human(s.seats[p])) {
            s.num_humans++;
            continue;
        }
        s.bots[p] = tafel_bot_new(s.seats[p], &s.game, p, tafel_rng_mix(seed, (uint64_t)p + 1),
                                  err, sizeof err);
        if (!s.bots[p]) {
            fprintf(stderr, "tafel: seat %d: %s\n", p, err);
            rc = 2;
            break;
        }
    }
    s.color = cli_use_color(stdout);
    if (rc == 0)
        rc = play_run(&s, seed, record_path);
    for (int p = 0; p < s.game.num_players; p++)
        tafel_bot_free(s.bots[p]);
    return rc;
}

int cli_play(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seats", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"record", required_argument, NULL, 'r'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *seats = NULL, *record = NULL;
    uint64_t seed = 0;
    int have_seed = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:S:r:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            seats = optarg;
            break;
        case 'S': {
            char *end;
            seed = strtoull(optarg, &end, 10);
            if (*end || !*optarg || *optarg == '-') {
                fprintf(stderr, "tafel: --seed needs a non-negative integer, not '%s'\n", optarg);
                return 2;
            }
            have_seed = 1;
            break;
        }
        case 'r':
            record = optarg;
            break;
        case 'h':
            printf("usage: tafel play GAME [--seats human,random,...] [--seed N] "
                   "[--record FILE]\n"
                   "Seats: human, random, greedy, mcts, mcts(iters=N), mcts(time=1s); default: "
                   "human against " PLAY_DEFAULT_BOT ".\n");
            return 0;
        default:
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: tafel play GAME [--seats human,random,...] [--seed N] "
                        "[--record FILE]\n");
        return 2;
    }
    return play_main(argv[optind], seats, seed, have_seed, record);
}

int cli_play_default(void)
{
    static const char *const order[] = PLAY_DEFAULT_GAMES_ORDER;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        const tafel_game_type *t = tafel_game_type_find(order[i]);
        if (t && t->init)
            return play_main(order[i], NULL, 0, 0, NULL);
    }
    fprintf(stderr, "tafel: no game is implemented yet\n");
    return 1;
}
